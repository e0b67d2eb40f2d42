import {
  CONTROL_HINT,
  CONTROL_IN_TEXT,
  escapeTerminal,
  type Diagnostic,
} from '../../support/diagnostics/diagnostics.js';
import type { BodySegment } from '../../model.js';
import { DATED_CLOSE, DATED_FENCE } from '../render/markdown/dated-sections.js';

/**
 * A line starting `:::` places a block: whatever follows is its name, checked against the frontmatter's blocks
 * (block-placement.ts), so a misspelt one (`::: toString`, a bare `:::`) is an error, never published as text.
 * The one exception is a dated section (`::: from 2026-01-01` … `:::`), which stays in the Markdown: the
 * renderer shows it only in builds dated when it is true (dated-sections.ts).
 */
const PLACEHOLDER = /^:::(.*)$/;
/** `{{fanduel.licensee}}` or `{{site.helpline.display}}` inside Markdown text. */
export const INTERPOLATION = /\{\{\s*([a-z0-9-]+)((?:\.[A-Za-z0-9]+)+)\s*\}\}/g;
/** `[FanDuel review](operator:fanduel)` */
const OPERATOR_LINK = /\]\(operator:([^)\s]*)\)/g;

export interface BodyScan {
  segments: BodySegment[];
  diagnostics: Diagnostic[];
  /** Operator ids referenced by `operator:` links or `{{id.…}}` values, with positions. */
  references: { id: string; line: number; col: number; via: string }[];
}

/**
 * Splits a Markdown body at `::: name` lines (outside code fences) and collects the references the
 * body makes, with their file positions. `firstLine` is the file line the body starts on.
 */
export function scanBody(body: string, file: string, firstLine: number): BodyScan {
  // A string separator splits several times faster than a pattern; most files have no CR.
  const lines = body.includes('\r') ? body.split(/\r?\n/) : body.split('\n');
  const segments: BodySegment[] = [];
  const diagnostics: Diagnostic[] = [];
  const references: BodyScan['references'] = [];
  let buffer: string[] = [];
  let bufferLine = firstLine;
  let fence: string | null = null;
  let dated = false;
  const flush = (nextLine: number) => {
    const text = buffer.join('\n');
    if (text.trim()) segments.push({ kind: 'markdown', text, line: bufferLine });
    buffer = [];
    bufferLine = nextLine;
  };
  lines.forEach((raw, i) => {
    const line = firstLine + i;
    // Cheap character tests first: most lines are plain prose.
    const c = raw.charCodeAt(0);
    if (c === 32 || c === 96 || c === 126) {
      const fenceMatch = /^\s{0,3}(`{3,}|~{3,})/.exec(raw);
      if (fenceMatch) {
        if (!fence) fence = fenceMatch[1]!.slice(0, 3);
        else if (raw.trim().startsWith(fence)) fence = null;
      }
    }
    let placeholder = fence || c !== 58 ? null : PLACEHOLDER.exec(raw);
    if (placeholder && (dated ? DATED_CLOSE.test(raw.trim()) : DATED_FENCE.test(raw.trim()))) {
      dated = !dated;
      placeholder = null;
    }
    if (placeholder) {
      flush(line + 1);
      segments.push({ kind: 'block', name: placeholder[1]!.trim(), line });
      return;
    }
    if (!fence) {
      if (c === 35 && /^#\s/.test(raw)) {
        diagnostics.push({
          severity: 'error',
          code: 'markdown-h1',
          file,
          line,
          col: 1,
          field: 'body',
          message: 'a level-1 heading in the body; every page has exactly one <h1>, the hero heading',
          received: JSON.stringify(raw.slice(0, 60)),
          hint: 'start body headings at "## "',
        });
      }
      if (raw.includes('{{'))
        for (const m of raw.matchAll(INTERPOLATION)) references.push({ id: m[1]!, line, col: m.index + 1, via: m[0] });
      if (raw.includes('](operator:'))
        for (const m of raw.matchAll(OPERATOR_LINK))
          references.push({ id: m[1]!, line, col: m.index + 3, via: `operator:${m[1]}` });
    }
    buffer.push(raw);
  });
  flush(firstLine + lines.length);
  // One search over the whole body; lines are looked at only when it finds something.
  if (CONTROL_IN_TEXT.test(body)) {
    const every = new RegExp(CONTROL_IN_TEXT.source, 'g');
    lines.forEach((raw, i) => {
      for (const m of raw.matchAll(every))
        diagnostics.push({
          severity: 'error',
          code: 'control-character',
          file,
          line: firstLine + i,
          col: m.index + 1,
          field: 'body',
          message: `an invisible control character (${escapeTerminal(m[0])}) would reach the page`,
          hint: CONTROL_HINT,
        });
    });
  }
  return { segments, diagnostics, references };
}
