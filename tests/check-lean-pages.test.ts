/**
 * A folder past LEAN_PAGES pages whose page rules do not run keeps lean pages (src/check/site-page.ts):
 * links wait in the spill folder, ids are hashed. The findings must be those of the small trees:
 * every seeded break once, fragments found through redirect pages and symbolic links, nothing else.
 */
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { WRITERS } from '../bench/docgen-trees.mjs';
import { emptyScan } from '../src/check/html.js';
import { LeanStore } from '../src/check/lean-store.js';
import { SpillFolder } from '../src/check/spill-folder.js';
import { LEAN_PAGES } from '../src/check/inspect.js';
import { check, type CheckResult } from '../src/index.js';

const findings = (r: CheckResult) => r.findings.map((f) => `${f.rule} ${f.target ?? ''}`).sort();
const work = mkdtempSync(path.join(tmpdir(), 'pa-site-lean-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('lean pages', () => {
  // Haddock's seeded tree links src/Data.M99.html, which is no break once it has 100 modules.
  const writers = Object.entries(WRITERS).filter(([name]) => name !== 'haddock');
  it.each(writers)('give a %s-shaped tree past LEAN_PAGES its seeded breaks once', async (name, write) => {
    const dir = path.join(work, name);
    const expected = write(dir, { pages: LEAN_PAGES + 50, seed: true });
    const r = await check({ dir });
    expect(r.summary.pages).toBeGreaterThanOrEqual(LEAN_PAGES);
    expect(findings(r)).toEqual([...expected].sort());
  });

  it('find ids through a symbolic link to a folder, and report a missing one once for both paths', async () => {
    const dir = path.join(work, 'aliased');
    mkdirSync(path.join(dir, 'real'), { recursive: true });
    const n = LEAN_PAGES + 10;
    for (let i = 0; i < n; i++) {
      const next = `p${(i + 1) % n}.html`;
      const links = [
        `<a href="../alias/${next}#s${(i + 1) % n}">next</a>`,
        `<a href="${next}#s${(i + 1) % n}">same</a>`,
      ];
      if (i === 7) links.push('<a href="../alias/p3.html#nope">nope</a>', '<a href="p3.html#nope">nope</a>');
      writeFileSync(
        path.join(dir, 'real', `p${i}.html`),
        `<!DOCTYPE html><html><head><title>p${i}</title></head>` +
          `<body><h1 id="s${i}">p${i}</h1>${links.join('')}</body></html>`,
      );
    }
    symlinkSync('real', path.join(dir, 'alias'));
    const r = await check({ dir, servedAs: 'html' });
    expect(r.summary.pages).toBe(n);
    // One finding, named as the first link writes it (the alias path here).
    expect(findings(r)).toEqual(['broken-fragment /alias/p3.html#nope']);
    expect([...new Set(r.findings[0]!.places.map((p) => p.page))]).toEqual(['real/p7.html']);
  });

  it('store: each page gets its own links and ids back, past the first growth of its arrays', () => {
    const spill = new SpillFolder();
    const store = new LeanStore(spill);
    try {
      const pages = Array.from({ length: 3_000 }, (_, i) => {
        const ids = Array.from({ length: i % 5 }, (_, k) => `method.run${i}-${k}`);
        const links = Array.from({ length: i % 3 }, (_, k) => ({
          url: `p${i + k}.html#x\n"${k}"`,
          attr: 'href' as const,
          tag: 'a',
          kind: 'page' as const,
          line: i,
          col: k + 1,
          region: k ? ('main' as const) : null,
        }));
        return { n: store.put({ ...emptyScan(), ids: new Set(ids), links }), ids, links };
      });
      for (const [i, p] of pages.entries()) {
        expect(p.n).toBe(i);
        expect(store.links(p.n)).toEqual(p.links);
        const ids = store.ids(p.n);
        for (const id of p.ids) expect(ids.has(id)).toBe(true);
        expect(ids.has(`method.run${i}-9`)).toBe(false);
        expect(ids.has(`method.run${i + 1}-0`)).toBe(false);
      }
    } finally {
      store.close();
      spill.remove();
    }
  });
});
