import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Diagnostic } from '../../support/diagnostics/diagnostics.js';
import { DATED_CLOSE, DATED_FENCE } from '../render/markdown/dated-sections.js';
import { type BodyScan, controlCharacters, INTERPOLATION, levelOneHeading, scanBody } from './body.js';
import type { BodySegment } from '../../model.js';

const PLACEHOLDER = /^:::(.*)$/;
const OPERATOR_LINK = /\]\(operator:([^)\s]*)\)/g;

/** scanBody as it was written before it walked line ends: split into lines, joined again (the reference). */

const names = (body: string) =>
  scanBody(body, 'page.md', 1).segments.map((s) => (s.kind === 'block' ? `block:${s.name}` : 'markdown'));

describe('scanBody', () => {
  it('keeps a dated section in the Markdown and still places the blocks around it', () => {
    const body = ['Intro.', '', '::: from 2026-01-01', 'The new rule.', ':::', '', '::: faq', '', 'End.'].join('\n');
    expect(names(body)).toEqual(['markdown', 'block:faq', 'markdown']);
    const first = scanBody(body, 'page.md', 1).segments[0];
    expect(first?.kind === 'markdown' && first.text).toContain('::: from 2026-01-01');
  });

  it('reads a bare ":::" as a block line when no dated section is open, and a malformed date as a block name', () => {
    expect(names('Text.\n\n:::\n')).toEqual(['markdown', 'block:']);
    expect(names('::: from 2026-13\nText.\n')).toEqual(['block:from 2026-13', 'markdown']);
    expect(names('::: until 2025-04-01\nOld.\n:::\n::: toString\n')).toEqual(['markdown', 'block:toString']);
  });

  it('scans every body as splitting it into lines does (property)', () => {
    const line = fc.oneof(
      fc.constantFrom(
        '',
        'Text.',
        '## Heading',
        '# Title',
        '#\tTab',
        ' ```',
        '```js',
        '~~~',
        '   ~~~~',
        '    ```',
        '`x`',
      ),
      fc.constantFrom(
        ':::',
        '::: faq',
        ':::faq ',
        '::: from 2026-01-01',
        '::: until 2025-04-01',
        ':::  ',
        '::: {{a.b}}',
      ),
      fc.constantFrom(
        'See {{fanduel.licensee}} and {{ site.helpline.display }}.',
        '{{bad}} {{a.b}}',
        'a {{',
        '}} {{x.y',
      ),
      fc.constantFrom('[FanDuel](operator:fanduel) or [x](operator:)', '](operator:a b)', 'ctrl \u0007 and \u202e'),
      fc.stringMatching(/^[ #:`~{}a.\]()\r]{0,8}$/),
    );
    const body = fc
      .array(fc.tuple(line, fc.constantFrom('\n', '\n', '\r\n', '\r')), { maxLength: 12 })
      .map((parts) => parts.map(([l, end]) => l + end).join(''));
    fc.assert(
      fc.property(body, fc.integer({ min: 1, max: 40 }), (b, first) => {
        expect(scanBody(b, 'page.md', first)).toEqual(linesScan(b, 'page.md', first));
      }),
      { seed: 20261207, numRuns: 5000 },
    );
  });
});

function linesScan(body: string, file: string, firstLine: number): BodyScan {
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
        diagnostics.push(levelOneHeading(file, line, raw));
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
  diagnostics.push(...controlCharacters(lines.join('\n'), file, firstLine));
  return { segments, diagnostics, references };
}
