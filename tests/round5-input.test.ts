// Issue 60 (safety, fifth round): content that used to slip through or be reported wrongly.
import { describe, expect, it } from 'vitest';
import { build } from '../src/index.js';
import { fixtureProject } from './fixture.js';

async function diagnosticsFor(files: Record<string, string>) {
  const p = await fixtureProject(files);
  try {
    const r = await build({ root: p.root, outDir: 'dist', cache: false });
    return r.diagnostics;
  } finally {
    await p.cleanup();
  }
}

describe('frontmatter faults (issue 60, 12)', () => {
  it('a file whose lines end in CR alone is said so, not dumped whole as "received"', async () => {
    const text = `---\rtemplate: guide\rtitle: A title\r---\r${'A line of the body.\r'.repeat(200)}`;
    const d = (await diagnosticsFor({ 'content/pages/old-mac.md': text })).find(
      (x) => x.file === 'content/pages/old-mac.md',
    );
    expect(d?.code).toBe('line-endings');
    expect(d?.message).toContain('carriage return (CR) alone');
    expect(d?.hint).toContain('LF');
    expect(d?.received ?? '').not.toContain('A line of the body');
  });

  it('frontmatter that is a list is called a list', async () => {
    const d = (await diagnosticsFor({ 'content/pages/listed.md': '---\n- a\n- b\n---\nBody.\n' })).find(
      (x) => x.file === 'content/pages/listed.md',
    );
    expect(d?.message).toBe('frontmatter must be a map of keys to values');
    expect(d?.received).toBe('a list');
  });
});
