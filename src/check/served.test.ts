import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { candidates, lookup, SERVED_AS, servedAsFromVercel, servedPath } from './served.js';

describe('servedPath: the URL a file answers at', () => {
  it.each([
    ['index.html', '/', '/', '/'],
    ['library/index.html', '/library/', '/library/', '/library/'],
    ['library/os.html', '/library/os', '/library/os.html', '/library/os/'],
    ['library/os.path.html', '/library/os.path', '/library/os.path.html', '/library/os.path/'],
    ['404.html', '/404', '/404.html', '/404/'],
    ['old.htm', '/old.htm', '/old.htm', '/old.htm'],
    ['a%b/c#d?.html', '/a%25b/c%23d%3F', '/a%25b/c%23d%3F.html', '/a%25b/c%23d%3F/'],
  ])('%s: clean %s, html %s, folders %s', (file, clean, html, folders) => {
    expect(servedPath(file, 'clean')).toBe(clean);
    expect(servedPath(file, 'html')).toBe(html);
    expect(servedPath(file, 'folders')).toBe(folders);
  });
});

describe('candidates: the files a host tries for a URL path', () => {
  it('tries a path as a file, then with .html (clean), then as a folder, as nginx try_files does', () => {
    expect(candidates('/', 'clean')).toEqual(['index.html']);
    expect(candidates('/about', 'clean')).toEqual(['about', 'about.html', 'about/index.html']);
    expect(candidates('/about', 'html')).toEqual(['about', 'about/index.html']);
    expect(candidates('/about', 'folders')).toEqual(['about', 'about/index.html', 'about.html']);
    expect(candidates('/about/', 'clean')).toEqual(['about/index.html']);
    expect(candidates('/about/', 'html')).toEqual(['about/index.html']);
    expect(candidates('/about/', 'folders')).toEqual(['about/index.html', 'about.html']);
  });

  it('tries dotted names as pages too, decodes percent-escapes and keeps case', () => {
    expect(candidates('/os.path', 'clean')).toEqual(['os.path', 'os.path.html', 'os.path/index.html']);
    expect(candidates('/read%20me/caf%C3%A9.html', 'html')[0]).toBe('read me/café.html');
    expect(candidates('/100%', 'html')[0]).toBe('100%');
    const files = new Set(['About.html', 'about/index.html']);
    expect(lookup('/about', 'clean', files)).toBe('about/index.html');
    expect(lookup('/About', 'clean', files)).toBe('About.html');
    expect(lookup('/ABOUT', 'clean', files)).toBeNull();
  });
});

describe('a page finds itself at the URL it is served at', () => {
  const segment = fc
    .array(fc.constantFrom('a', 'Z', '0', '.', '-', '_', ' ', '%', '#', '?', 'é', '+', '&', '@', ':'), {
      minLength: 1,
      maxLength: 6,
    })
    .map((c) => c.join(''))
    .filter((s) => s !== '.' && s !== '..' && !/^[\s]|[\s]$/.test(s));
  const file = fc
    .tuple(
      fc.array(segment, { maxLength: 3 }),
      fc.oneof(
        segment.map((s) => `${s}.html`),
        fc.constant('index.html'),
      ),
    )
    .map(([dirs, name]) => [...dirs, name].join('/'));

  it('in every mode, for any file name', () => {
    fc.assert(
      fc.property(file, fc.constantFrom(...SERVED_AS), (f, mode) => {
        const url = new URL(servedPath(f, mode), 'https://example.com');
        expect(lookup(url.pathname, mode, new Set([f]))).toBe(f);
      }),
      { seed: 7, numRuns: 500 },
    );
  });
});

describe('servedAsFromVercel', () => {
  it('reads cleanUrls and trailingSlash', () => {
    expect(servedAsFromVercel('{"cleanUrls": true}')).toBe('clean');
    expect(servedAsFromVercel('{"cleanUrls": true, "trailingSlash": false}')).toBe('clean');
    expect(servedAsFromVercel('{"cleanUrls": true, "trailingSlash": true}')).toBe('folders');
    expect(servedAsFromVercel('{"headers": []}')).toBe('html');
    expect(servedAsFromVercel('not json')).toBeNull();
    expect(servedAsFromVercel('[]')).toBe('html');
  });
});
