import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { documentBase, Resolver, resolveHref, type Target } from './resolve.js';

const O = 'https://example.com';
const internal = (path: string, fragment?: string): Target => ({ kind: 'internal', path, fragment });

describe('resolveHref: WHATWG URL resolution against the served URL of a page', () => {
  // Each expected value follows the URL Standard's basic URL parser by hand: path-relative
  // references replace the last segment of the base path, so a folder index served as
  // /library/ keeps "library" while a page served as /library (no slash) drops it.
  const cases: [string, string, Target][] = [
    // A folder's index page is served at /library/: its relative links stay inside /library/.
    [`${O}/library/`, 'os.html', internal('/library/os.html')],
    [`${O}/library`, 'os.html', internal('/os.html')],
    [`${O}/library/`, './', internal('/library/')],
    [`${O}/library/`, '.', internal('/library/')],
    [`${O}/library/`, '../', internal('/')],
    [`${O}/a/b/c/`, '../../x/', internal('/a/x/')],
    [`${O}/a/`, '../../../x', internal('/x')],
    [`${O}/a/b`, '%2e%2E/x', internal('/x')],
    // A dotted page name is a page like any other; # alone is an empty fragment on the same URL.
    [`${O}/library/os.path.html`, '#', internal('/library/os.path.html', '')],
    [`${O}/library/os.path.html`, '#top', internal('/library/os.path.html', 'top')],
    [`${O}/library/os.path.html`, '', internal('/library/os.path.html')],
    [`${O}/library/os.path.html?q=1`, '#x', internal('/library/os.path.html', 'x')],
    // Queries never choose the file; fragments are percent-encoded where the parser says so.
    [`${O}/a/`, 'b.html?x=1#s', internal('/a/b.html', 's')],
    [`${O}/a/`, '?page=2', internal('/a/')],
    [`${O}/a/`, '#a b', internal('/a/', 'a%20b')],
    [`${O}/a/`, 'read me.html', internal('/a/read%20me.html')],
    [`${O}/a/`, 'read%20me.html', internal('/a/read%20me.html')],
    [`${O}/a/`, 'caf\u00e9/', internal('/a/caf%C3%A9/')],
    // Case is kept exactly: hosts match names case-sensitively.
    [`${O}/a/`, 'About.HTML', internal('/a/About.HTML')],
    // Backslashes are slashes in http(s) URLs; tabs and newlines vanish; ends are trimmed.
    [`${O}/a/`, '..\\b\\c', internal('/b/c')],
    [`${O}/a/`, ' \t/x\n/y ', internal('/x/y')],
    [`${O}/a/`, '/\\other.example/x', { kind: 'external', url: 'https://other.example/x' }],
    [`${O}/a/`, '//cdn.example/x.js#y', { kind: 'external', url: 'https://cdn.example/x.js' }],
    [`${O}/a/b`, 'https:c', internal('/a/c')],
    [`${O}/a/`, 'https://EXAMPLE.com:443/z#f', internal('/z', 'f')],
    [`${O}/a/`, 'http://example.com/z', { kind: 'external', url: 'http://example.com/z' }],
    [`${O}/a/`, 'mailto:a@b.c', { kind: 'skip' }],
    [`${O}/a/`, 'java\nscript:alert(1)', { kind: 'skip' }],
    [`${O}/a/`, 'tel:+1800', { kind: 'skip' }],
    [`${O}/a/`, 'https://exa mple.com/', { kind: 'invalid' }],
    [`${O}/a/`, 'http://[::1', { kind: 'invalid' }],
  ];
  it.each(cases)('%s + %j', (base, href, expected) => {
    expect(resolveHref(href, base, O)).toEqual(expected);
  });
});

describe('documentBase', () => {
  it('takes the first <base href>, resolved against the page URL, and ignores one that cannot apply', () => {
    expect(documentBase(`${O}/a/b`, null)).toBe(`${O}/a/b`);
    expect(documentBase(`${O}/a/b`, '/docs/')).toBe(`${O}/docs/`);
    expect(documentBase(`${O}/a/b`, '../up/')).toBe(`${O}/up/`);
    expect(documentBase(`${O}/a/b`, 'https://cdn.example/')).toBe('https://cdn.example/');
    expect(documentBase(`${O}/a/b`, 'javascript:void(0)')).toBe(`${O}/a/b`);
    expect(documentBase(`${O}/a/b`, 'http://[::1')).toBe(`${O}/a/b`);
  });

  it('makes #fragment links point at the base, as browsers do', () => {
    expect(resolveHref('#x', documentBase(`${O}/a/page`, '/docs/'), O)).toEqual(internal('/docs/', 'x'));
  });
});

describe('Resolver cache', () => {
  const piece = fc.constantFrom(
    '',
    '/',
    '//',
    '\\',
    '.',
    '..',
    '../',
    './',
    '#',
    '#x',
    '?',
    '?q=1',
    'a',
    'B.html',
    'os.path',
    '%20',
    '%2e',
    ' ',
    '\t',
    '\n',
    ':',
    'https:',
    'http:',
    'https://example.com',
    'https://other.example',
    'mailto:',
    'ftp:',
    '@',
    'index.html',
  );
  const href = fc.array(piece, { maxLength: 6 }).map((a) => a.join(''));
  const base = fc.constantFrom(
    `${O}/`,
    `${O}/a`,
    `${O}/a/`,
    `${O}/a/b.html`,
    `${O}/a/b/`,
    `${O}/a/b/?q=2`,
    `${O}/x/y/z`,
    'https://cdn.example/lib/',
    'http://example.com/a/',
    'ftp://files.example/a/',
  );

  it('gives what the URL parser gives, whatever order links and bases come in', () => {
    // A few links, each resolved against many bases: what a cache keyed too coarsely gets wrong.
    const run = fc.tuple(
      fc.array(href, { minLength: 1, maxLength: 4 }),
      fc.array(fc.tuple(fc.nat(), base), { minLength: 1, maxLength: 30 }),
    );
    fc.assert(
      fc.property(run, ([hrefs, uses]) => {
        const r = new Resolver(O);
        for (const [i, b] of uses) {
          const h = hrefs[i % hrefs.length]!;
          expect(r.at(b)(h)).toEqual(resolveHref(h, b, O));
        }
      }),
      { seed: 17, numRuns: 500 },
    );
  });
});
