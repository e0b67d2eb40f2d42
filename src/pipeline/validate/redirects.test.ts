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
        redirects.forEach((x, i) => {
          let at = x.to;
          for (let n = 0; n < 10 && at !== x.from && next.has(at); n++) at = next.get(at)!;
          const loops = at === x.from;
          const loop = found.some((d) => d.code === 'redirect-loop' && d.field === `redirects.${i}.to`);
          if (loops) expect(loop).toBe(true);
          if (x.to === '/page' && !next.has('/page')) expect(loop).toBe(false);
        });
      }),
    );
  });
});
