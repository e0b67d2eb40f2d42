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
 *
 * One walk over the line ends, not a list of lines: a line is cut out only where its first character
 * may start a fence, a block line or a heading, or where a search of the whole text found `{{` or
 * `](operator:` in it, and a Markdown segment is a slice of the text (the same characters as its lines
 * joined). Splitting every page into lines and joining them again took about half of this scan's time.
 */
export function scanBody(body: string, file: string, firstLine: number): BodyScan {
  // CR LF reads as LF, as a split at /\r?\n/ would; most files have no CR.
  const text = body.includes('\r') ? body.replace(/\r\n/g, '\n') : body;
  const segments: BodySegment[] = [];
  const diagnostics: Diagnostic[] = [];
  const references: BodyScan['references'] = [];
  // The open Markdown segment: from the start of its first line to the end of its last (-1: none yet).
  let segmentStart = 0;
  let segmentEnd = -1;
  let segmentLine = firstLine;
  let fence: string | null = null;
  let dated = false;
  let value = text.indexOf('{{');
  let link = text.indexOf('](operator:');
  const flush = (next: number, nextLine: number) => {
    if (segmentEnd >= 0) {
      const segment = text.slice(segmentStart, segmentEnd);
      if (segment.trim()) segments.push({ kind: 'markdown', text: segment, line: segmentLine });
    }
    segmentStart = next;
    segmentEnd = -1;
    segmentLine = nextLine;
  };
  let line = firstLine;
  for (let start = 0; start <= text.length; line++) {
    let end = text.indexOf('\n', start);
    if (end < 0) end = text.length;
    const lineStart = start;
    start = end + 1;
    // Whether the line holds `{{` or `](operator:`; then the searches move on to the lines after it.
    const hasValue = value >= 0 && value < end;
    if (hasValue) value = text.indexOf('{{', end);
    const hasLink = link >= 0 && link < end;
    if (hasLink) link = text.indexOf('](operator:', end);
    // Cheap character tests first: most lines are plain prose.
    const c = text.charCodeAt(lineStart);
    if (c === 32 || c === 96 || c === 126) {
      const raw = text.slice(lineStart, end);
      const fenceMatch = /^\s{0,3}(`{3,}|~{3,})/.exec(raw);
      if (fenceMatch) {
        if (!fence) fence = fenceMatch[1]!.slice(0, 3);
        else if (raw.trim().startsWith(fence)) fence = null;
      }
    }
    let placeholder = fence || c !== 58 ? null : PLACEHOLDER.exec(text.slice(lineStart, end));
    if (placeholder) {
      const trimmed = placeholder[0].trim();
      if (dated ? DATED_CLOSE.test(trimmed) : DATED_FENCE.test(trimmed)) {
        dated = !dated;
        placeholder = null;
      }
    }
    if (placeholder) {
      flush(start, line + 1);
      segments.push({ kind: 'block', name: placeholder[1]!.trim(), line });
      continue;
    }
    if (!fence) {
      if (c === 35 && /^#\s/.test(text.slice(lineStart, end))) {
        diagnostics.push(levelOneHeading(file, line, text.slice(lineStart, end)));
      }
      if (hasValue)
        for (const m of text.slice(lineStart, end).matchAll(INTERPOLATION))
          references.push({ id: m[1]!, line, col: m.index + 1, via: m[0] });
      if (hasLink)
        for (const m of text.slice(lineStart, end).matchAll(OPERATOR_LINK))
          references.push({ id: m[1]!, line, col: m.index + 3, via: `operator:${m[1]}` });
    }
    segmentEnd = end;
  }
  flush(text.length, line);
  diagnostics.push(...controlCharacters(text, file, firstLine));
  return { segments, diagnostics, references };
}

/** A `# ` heading in a body (`raw` is its line): the page's one <h1> is its hero heading. */
export const levelOneHeading = (file: string, line: number, raw: string): Diagnostic => ({
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

/**
 * Each invisible control character in a body (LF line ends) that starts on file line `firstLine`: one
 * search over the whole text; lines are looked at only when it finds something.
 */
export function controlCharacters(text: string, file: string, firstLine: number): Diagnostic[] {
  if (!CONTROL_IN_TEXT.test(text)) return [];
  const every = new RegExp(CONTROL_IN_TEXT.source, 'g');
  const found: Diagnostic[] = [];
  text.split('\n').forEach((raw, i) => {
    for (const m of raw.matchAll(every))
      found.push({
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
  return found;
}
