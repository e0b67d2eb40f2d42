import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseTarget } from './request-target.js';

describe('parseTarget', () => {
  it('reads origin-form and absolute-form targets, resolving dot segments and repeated slashes', () => {
    expect(parseTarget('/about?x=1')).toEqual({ decoded: '/about', path: '/about', search: '?x=1' });
    expect(parseTarget('http://localhost:4322/a/b')).toMatchObject({ path: '/a/b' });
    expect(parseTarget('/.//evil.com/..%2Fabout.html')).toMatchObject({ path: '/about.html' });
    expect(parseTarget('//evil.com')).toMatchObject({ path: '/evil.com' });
    expect(parseTarget('/../../etc/passwd')).toMatchObject({ path: '/etc/passwd' });
    expect(parseTarget('/caf%C3%A9%20x')).toMatchObject({ decoded: '/café x', path: '/caf%C3%A9%20x' });
  });

  it('refuses what the URL parser throws on, encoded backslashes and control characters', () => {
    const bad = ['//%25%', '//%', '/a%zz', '/\\[', '/%5Cevil', '/a%00', 'http://a:99999/', 'http://', 'http://[::1'];
    for (const target of [...bad, '', '*', 'evil.com/'])
      expect([target, parseTarget(target)]).toEqual([target, undefined]);
    // What the report crashed on but is a well-formed path: found or not, never thrown.
    for (const target of ['//%25', '//[', '///[', '//a:99999/', '//xn--/', '//0x100000000/'])
      expect(parseTarget(target)?.path.startsWith('/')).toBe(true);
  });

  it('never throws; a path it returns starts with one "/", has no dot segment and no raw non-ASCII', () => {
    const unit = fc.constantFrom(...'/\\%2e5CcAF.?#:@[]é a'.split(''), '%2F', '%2e%2e', '%C3', '%A9', '%00');
    fc.assert(
      fc.property(fc.string({ unit, maxLength: 40 }), (s) => {
        const t = parseTarget(`/${s}`);
        if (!t) return;
        expect(t.path).toMatch(/^\/(?![/\\])[\x21-\x7e]*$/);
        expect(t.decoded.split('/')).not.toContain('..');
      }),
      { numRuns: 2_000 },
    );
  });
});
