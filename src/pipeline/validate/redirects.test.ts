import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Redirect } from '../../model.js';
import { checkRedirects } from './redirects.js';

const locate = (p: readonly PropertyKey[]) => ({ line: 10 + Number(p[1]), col: p[2] === 'to' ? 20 : 5 });
const codes = (redirects: Redirect[], routes: string[]) =>
  checkRedirects(redirects, new Set(routes), 'content/site.yaml', locate).map((d) => [d.code, d.line, d.col]);
const r = (from: string, to: string): Redirect => ({ from, to, status: 301 });

describe('checkRedirects', () => {
  it('accepts redirects to pages from paths that are not pages', () => {
    expect(codes([r('/old', '/new'), r('/older', '/new')], ['/', '/new'])).toEqual([]);
  });

  it('reports each problem at its own line: target, page, duplicate, chain, loop', () => {
    expect(codes([r('/a', '/nowhere')], ['/'])).toEqual([['redirect-target', 10, 20]]);
    expect(codes([r('/', '/new')], ['/', '/new'])).toEqual([['redirect-from-page', 10, 5]]);
    expect(codes([r('/a', '/new'), r('/a', '/new')], ['/new'])).toEqual([['duplicate-redirect', 11, 5]]);
    expect(codes([r('/a', '/b'), r('/b', '/new')], ['/new'])).toEqual([['redirect-chain', 10, 20]]);
    expect(codes([r('/a', '/a')], ['/'])).toEqual([['redirect-loop', 10, 20]]);
  });

  it('ends on any redirect graph, and every redirect that comes back to its start is a loop', () => {
    const path = fc.constantFrom('/a', '/b', '/c', '/d', '/page');
    fc.assert(
      fc.property(fc.array(fc.tuple(path, path), { maxLength: 8 }), (pairs) => {
        const redirects = pairs.map(([from, to]) => r(from, to));
        const found = checkRedirects(redirects, new Set(['/page']), 'site.yaml', locate);
        const next = new Map<string, string>();
        for (const x of redirects) if (!next.has(x.from)) next.set(x.from, x.to);
        const loops = found.filter((d) => d.code === 'redirect-loop');
        redirects.forEach((x, i) => {
          let at = x.to;
          for (let n = 0; n < 10 && at !== x.from && next.has(at); n++) at = next.get(at)!;
          // A path that comes back to its start is named in exactly one loop report.
          if (at === x.from && next.get(x.from) === x.to)
            expect(loops.filter((d) => d.message.includes(`${x.from} →`))).toHaveLength(1);
          const loop = found.some((d) => d.code === 'redirect-loop' && d.field === `redirects.${i}.to`);
          if (x.to === '/page' && !next.has('/page')) expect(loop).toBe(false);
        });
      }),
    );
  });

  it('refuses a redirect from a file pa-site generates: the not-found page, the assets folder', () => {
    expect(codes([r('/404', '/new')], ['/new'])).toEqual([['redirect-from-generated', 10, 5]]);
    expect(codes([r('/assets/site', '/new')], ['/new'])).toEqual([['redirect-from-generated', 10, 5]]);
    expect(codes([r('/assets', '/new')], ['/new'])).toEqual([['redirect-from-generated', 10, 5]]);
    expect(codes([r('/sitemap', '/new')], ['/new'])).toEqual([]);
  });

  it('reports a loop once, with its members, however long it is (5,001 redirects: one short message)', () => {
    const n = 5001;
    const loop = Array.from({ length: n }, (_, i) => r(`/p${i}`, `/p${(i + 1) % n}`));
    const found = checkRedirects([...loop, r('/tail', '/p7')], new Set(['/']), 'content/site.yaml', locate);
    expect(found.map((d) => [d.code, d.line])).toEqual([
      ['redirect-loop', 10],
      ['redirect-chain', 10 + n],
    ]);
    expect(found[0]!.message).toMatch(/^redirect loop of 5001 redirects: \/p0 → \/p1 → .* → … 4989 more → \/p0$/);
    expect(JSON.stringify(found).length).toBeLessThan(2_000);
  });
});
