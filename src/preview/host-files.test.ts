import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { netlifyHeaders } from '../pipeline/write/hosting.js';
import { headersFor, matchPath, parseHeaders, parseRedirects, redirectFor, safeLocation } from './host-files.js';

describe('_headers', () => {
  it('reads the file the build writes: every header on every path, the cache rule on assets', () => {
    const config = { contact: {} } as Parameters<typeof netlifyHeaders>[0];
    const { rules, problems } = parseHeaders(netlifyHeaders(config));
    expect(problems).toEqual([]);
    const page = headersFor(rules, '/about');
    expect(page['Content-Security-Policy']).toContain("default-src 'self'");
    expect(page['X-Frame-Options']).toBe('DENY');
    expect(page['Cache-Control']).toBeUndefined();
    expect(headersFor(rules, '/assets/site.1234.css')['Cache-Control']).toBe('public, max-age=31536000, immutable');
  });

  it('joins the values of a header two rules set, and names the lines it cannot read', () => {
    const { rules, problems } = parseHeaders('/*\n  X-A: one\n/docs/:page\n  x-a: two\n  nonsense\nnot-a-path\n');
    expect(headersFor(rules, '/docs/intro')).toEqual({ 'X-A': 'one, two' });
    expect(headersFor(rules, '/docs/intro/more')).toEqual({ 'X-A': 'one' });
    expect(problems.map((p) => p.line)).toEqual([5, 6]);
  });
});

/** The characters these formats give meaning to, and a few that they do not. */
const HOSTILE = fc.constantFrom(...'/*:!# \t\r\n\uFEFFab01-3é'.split(''), 'Name: v', '301', '200!');

describe('_redirects', () => {
  it('reads status, force, splats and placeholders; 301 by default', () => {
    const { rules, problems } = parseRedirects(
      [
        '# moved pages',
        '/old-guide   /how-to-bet-on-sports',
        '/news/*      /blog/:splat   302',
        '/r/:id/:x    /reviews/:x-:id 200',
        '/shadow      /about  301!  # forced',
        '/promo  https://example.com/offer 302 Country=us',
      ].join('\n'),
    );
    expect(rules).toEqual([
      { from: '/old-guide', to: '/how-to-bet-on-sports', status: 301, force: false },
      { from: '/news/*', to: '/blog/:splat', status: 302, force: false },
      { from: '/r/:id/:x', to: '/reviews/:x-:id', status: 200, force: false },
      { from: '/shadow', to: '/about', status: 301, force: true },
    ]);
    expect(problems).toEqual([{ file: '_redirects', line: 6, message: expect.stringContaining('Country=us') }]);
    expect(redirectFor(rules, '/old-guide/')?.location).toBe('/how-to-bet-on-sports');
    expect(redirectFor(rules, '/news/2025/01/launch')?.location).toBe('/blog/2025/01/launch');
    expect(redirectFor(rules, '/r/7/fanduel')?.location).toBe('/reviews/fanduel-7');
    expect(redirectFor(rules, '/newsroom')).toBeUndefined();
  });

  it('never throws, whatever the text, and every rule it returns starts with "/"', () => {
    fc.assert(
      fc.property(fc.string({ unit: HOSTILE, maxLength: 300 }), (text) => {
        const r = parseRedirects(text);
        expect(r.rules.every((rule) => rule.from.startsWith('/') && rule.to.length > 0)).toBe(true);
        const h = parseHeaders(text);
        expect(h.rules.every((rule) => rule.headers.every(([k]) => k.length > 0))).toBe(true);
        for (const rule of r.rules) expect(() => matchPath(rule.from, '/a/b')).not.toThrow();
      }),
    );
  });

  it('a pattern matches only what it says: literal characters stay literal', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\/[a-z0-9.+()?[\]-]{0,12}$/), (p) => {
        expect(matchPath(p, p)).toEqual({});
        expect(matchPath(p, `${p}x/y`)).toBeUndefined();
      }),
    );
  });
});

describe('host files checked at start-up (#42 item 9)', () => {
  it('names each line a request would crash on or that would send the browser off the site, and skips it', () => {
    const headers = parseHeaders('/*\n  X-Bad Name: x\n  X-Euro: €\n  X-Good: yes\n');
    expect(headers.problems.map((p) => [p.line, p.message])).toEqual([
      [2, expect.stringContaining('"X-Bad Name" is not a header name')],
      [3, expect.stringContaining('only printable ASCII')],
    ]);
    expect(headersFor(headers.rules, '/a')).toEqual({ 'X-Good': 'yes' });
    const redirects = parseRedirects(
      [
        '/eur /€ 301',
        '/twice //evil.com 301',
        '/back /\\evil.com 302',
        '/rel evil.com 301',
        '/who https://:splat.example/ 302',
        '/proxy/* https://api.example.com/:splat 200',
        '/odd /x 000',
        '/ok /fine 308',
        '/gone /404.html 410',
      ].join('\n'),
    );
    expect(redirects.problems.map((p) => p.line)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(redirects.problems[0]?.message).toContain('percent-encode');
    expect(redirects.rules.map((r) => r.from)).toEqual(['/ok', '/gone']);
  });

  it("lets a Location through only when it stays on the site or is the rule's own address", () => {
    for (const ok of ['/', '/about?x=1', '/%2F%2Fevil.com', 'https://example.com/offer'])
      expect(safeLocation(ok)).toBe(ok);
    for (const bad of ['//evil.com', '/\\evil.com', '/a b', '/€', 'https://', 'javascript:alert(1)', ''])
      expect([bad, safeLocation(bad)]).toEqual([bad, undefined]);
  });
});

describe('_headers lines the server must not send (#51 item 4)', () => {
  it('framing and hop-by-hop headers, and values Node refuses, are warnings and dropped', () => {
    const text = [
      '/*',
      '  Trailer: X-Foo',
      '  Content-Length: 99',
      '  Transfer-Encoding: chunked',
      '  Connection: close',
      '  Keep-Alive: timeout=5',
      '  Upgrade: h2c',
      '  X-Kept: yes',
    ].join('\n');
    const { rules, problems } = parseHeaders(text);
    expect(problems.map((p) => p.line)).toEqual([2, 3, 4, 5, 6, 7]);
    expect(problems[0]!.message).toContain('Trailer');
    expect(rules[0]!.headers).toEqual([['X-Kept', 'yes']]);
  });

  it('merges 20,000 lines under /* in linear time', () => {
    const lines = ['/*'];
    for (let i = 0; i < 20_000; i++) lines.push(`  X-H${i}: v`, '  X-Same: v');
    const { rules } = parseHeaders(lines.join('\n'));
    const t0 = performance.now();
    const out = headersFor(rules, '/');
    // Quadratic, this took tens of seconds; linear, milliseconds (the bound allows a busy machine).
    expect(performance.now() - t0).toBeLessThan(5_000);
    expect(Object.keys(out)).toHaveLength(20_001);
    expect(out['X-Same']!.split(', ')).toHaveLength(20_000);
  });
});
