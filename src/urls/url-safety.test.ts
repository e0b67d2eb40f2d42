import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { urlProblem } from './url-safety.js';

describe('urlProblem', () => {
  it.each([
    'https://example.com/',
    'http://example.com/a?b=c#d',
    'mailto:info@example.com',
    'tel:+1-800-426-2537',
    '/about',
    '/best-pa-sportsbooks#faqs',
    '#top',
    '?page=2',
    'guides/odds',
  ])('allows %s', (url) => {
    expect(urlProblem(url)).toBeUndefined();
  });

  it.each([
    ['javascript:alert(1)', /can run code/],
    ['JavaScript:alert(1)', /can run code/],
    ['%6Aavascript:alert(1)', /can run code/],
    ['%256Aavascript:alert(1)', /can run code/],
    ['java\tscript:alert(1)', /can run code/],
    ['java\nscript:alert(1)', /can run code/],
    [' \x01javascript:alert(1)', /can run code/],
    ['jav&#x09;ascript:alert(1)'.replace('&#x09;', '\t'), /can run code/],
    ['data:text/html;base64,PHNjcmlwdD4=', /can run code/],
    ['vbscript:msgbox(1)', /can run code/],
    ['file:///etc/passwd', /can run code/],
    ['about:blank', /"about:" scheme/],
    ['//evil.example', /another site/],
    ['/\\evil.example', /another site/],
    ['\\\\evil.example', /another site/],
    ['/%5Cevil.example', /another site/],
    ['https:evil.example', /needs "\/\/" and a host/],
    ['operator:fanduel', /"operator:" scheme/],
  ])('rejects %j', (url, problem) => {
    const p = urlProblem(url);
    expect(p?.problem).toMatch(problem);
    expect(p?.fix).toBeTruthy();
  });

  it('allows operator: links only where asked', () => {
    expect(urlProblem('operator:fanduel', { operator: true })).toBeUndefined();
  });

  it('no spelling of javascript: gets through: any case, percent-encoding or inserted controls', () => {
    const spelled = fc
      .tuple(
        fc.array(fc.boolean(), { minLength: 11, maxLength: 11 }),
        fc.array(fc.boolean(), { minLength: 11, maxLength: 11 }),
        fc.array(fc.constantFrom('', '\t', '\n', '\r', '\x00', ' '), { minLength: 11, maxLength: 11 }),
      )
      .map(([upper, encode, junk]) =>
        [...'javascript:']
          .map((c, i) => {
            const ch = upper[i] ? c.toUpperCase() : c;
            return (encode[i] ? `%${ch.charCodeAt(0).toString(16)}` : ch) + junk[i];
          })
          .join(''),
      );
    fc.assert(
      fc.property(spelled, (url) => urlProblem(`${url}alert(1)`) !== undefined),
      { seed: 16, numRuns: 2000 },
    );
  });
});
