import * as fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { loadContent } from './load.js';

/** A page listed by readdir that is gone when it is read (deleted by an editor or a sync tool mid-build). */
const GONE = 'gone.md';
vi.mock('node:fs', async (importOriginal) => {
  const real = await importOriginal<typeof import('node:fs')>();
  const readdirSync = ((dir: string, options: never) => {
    const entries = real.readdirSync(dir, options) as unknown as fs.Dirent[];
    if (!String(dir).endsWith(`${path.sep}pages`)) return entries;
    const phantom = Object.assign(Object.create(Object.getPrototypeOf(entries[0])), entries[0], {
      name: GONE,
      parentPath: String(dir),
    }) as fs.Dirent;
    return [...entries, phantom];
  }) as typeof real.readdirSync;
  return { ...real, default: { ...real, readdirSync }, readdirSync };
});

const root = fs.mkdtempSync(path.join(process.env.TMPDIR ?? '/tmp', 'pa-site-load-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

describe('loadContent', () => {
  it('says a file that disappeared while loading did so, not that it is a dangling symbolic link', () => {
    fs.mkdirSync(path.join(root, 'content/pages'), { recursive: true });
    fs.writeFileSync(path.join(root, 'content/site.yaml'), 'title: x\n');
    fs.writeFileSync(path.join(root, 'content/pages/index.md'), '# Home\n');
    const { diagnostics } = loadContent(root);
    expect(diagnostics).toEqual([
      expect.objectContaining({
        file: `content/pages/${GONE}`,
        code: 'read-error',
        message: 'the file disappeared while pa-site was reading the content (deleted or renamed)',
      }),
    ]);
  });

  it('tells how many pages there are before it reads any (a build starts its render threads then)', () => {
    const counts: number[] = [];
    const { pages, diagnostics } = loadContent(root, (n) => {
      counts.push(n);
      // Written after the listing: the text read afterwards is this one.
      fs.writeFileSync(path.join(root, 'content/pages/index.md'), '# Home, as read\n');
    });
    // index.md and the phantom page the listing adds (mock above), which then fails to read.
    expect(counts).toEqual([2]);
    expect(pages.map((p) => p.text)).toEqual(['# Home, as read\n']);
    expect(diagnostics.map((d) => d.file)).toEqual([`content/pages/${GONE}`]);
  });
});
