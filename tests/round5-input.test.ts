// Issue 60 (safety, fifth round): content that used to slip through or be reported wrongly.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { build } from '../src/index.js';
import { fixtureProject, GOOD_FM } from './fixture.js';

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

describe('block placements (issue 60, 8)', () => {
  // GOOD_FM is seven lines: `blocks:` is line 9 of the file, NOTE lines 10 to 13, the body from line 15.
  const fm = (blocks: string) => `---\n${GOOD_FM}\nblocks:\n${blocks}---\n`;
  const NOTE = '  note:\n    type: alert\n    title: Note\n    text: A note.\n';

  it('a ":::" line naming no defined block is an error naming it, whatever its spelling', async () => {
    // Object.prototype's names, names the block-name pattern refuses, a bare ":::" and a wrong case.
    const names = ['constructor', 'toString', 'valueOf', '__proto__', 'hasOwnProperty', '', 'Note', 'no te'];
    const body = `::: note\n\n${names.map((n) => `::: ${n}`.trimEnd()).join('\n\n')}\n`;
    const d = (await diagnosticsFor({ 'content/pages/blocks.md': `${fm(NOTE)}${body}` })).filter(
      (x) => x.file === 'content/pages/blocks.md',
    );
    expect(d.map((x) => x.code)).toEqual(names.map(() => 'unknown-block'));
    for (const [i, n] of names.entries())
      expect(d[i]?.message).toBe(
        n === '' ? 'a ":::" line names no block' : `"::: ${n}" places a block that the frontmatter does not define`,
      );
    expect(d[0]?.line).toBe(17);
  });

  it('"\\:::" shows the characters as text, and a placed block still builds', async () => {
    const p = await fixtureProject({ 'content/pages/blocks.md': `${fm(NOTE)}::: note\n\n\\::: not a block\n` });
    try {
      const r = await build({ root: p.root, outDir: 'dist', cache: false });
      expect(r.diagnostics.filter((x) => x.severity === 'error')).toEqual([]);
      const html = await readFile(path.join(r.outDir, 'blocks.html'), 'utf8');
      expect(html).toContain('<p>::: not a block</p>');
    } finally {
      await p.cleanup();
    }
  });

  it('a block defined under the name __proto__ is an error at its key, not dropped', async () => {
    const proto = '  __proto__:\n    type: alert\n    title: Note\n    text: A note.\n';
    const d = (await diagnosticsFor({ 'content/pages/blocks.md': `${fm(NOTE + proto)}::: note\n` })).find(
      (x) => x.file === 'content/pages/blocks.md',
    );
    expect(d?.code).toBe('reserved-key');
    expect(d?.field).toBe('blocks.__proto__');
    expect(d?.line).toBe(14);
  });
});

describe('routes inside the folders pa-site writes (issue 60, 9)', () => {
  it('route: /assets/guide is an error at the route value, and so is a file under content/pages/assets/', async () => {
    const d = (
      await diagnosticsFor({
        'content/pages/guide.md': `---\n${GOOD_FM}\nroute: /assets/guide\n---\nText.\n`,
        'content/pages/assets/nested.md': `---\n${GOOD_FM}\n---\nText.\n`,
      })
    ).filter((x) => x.code === 'output-clash');
    const guide = d.find((x) => x.file === 'content/pages/guide.md');
    expect(guide?.message).toContain('route "/assets/guide" lies in /assets/');
    expect([guide?.line, guide?.col, guide?.field]).toEqual([9, 8, 'route']);
    expect(d.find((x) => x.file === 'content/pages/assets/nested.md')?.message).toContain('lies in /assets/');
  });
});
