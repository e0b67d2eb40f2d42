import { describe, expect, it } from 'vitest';
import { scanBody } from './body.js';

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
});
