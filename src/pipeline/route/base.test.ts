import { describe, expect, it } from 'vitest';
import { basePathProblem, publicFileUrl, stripBase, urlBaseProblem, urlFor, withBase } from '../../urls/urls.js';

describe('base path (site.yaml base)', () => {
  it('accepts / and folders that start and end with "/"', () => {
    for (const ok of ['/', '/repo/', '/a/b-c/', '/My.Site_1~/']) expect(basePathProblem(ok)).toBeUndefined();
  });
  it('refuses a base without both slashes, with unsafe characters, or with dot segments', () => {
    for (const bad of [
      '',
      'repo',
      '/repo',
      'repo/',
      '//',
      '/a//b/',
      '/re po/',
      '/a?b/',
      '/%2e/',
      '/../',
      '/./x/',
      '/a\\b/',
    ])
      expect(basePathProblem(bad), bad).toMatchObject({ problem: expect.any(String), fix: expect.any(String) });
  });
  it('puts site-absolute paths under the base and leaves every other URL alone', () => {
    expect(withBase('/', '/repo/')).toBe('/repo/');
    expect(withBase('/about', '/repo/')).toBe('/repo/about');
    expect(withBase('/assets/site.css', '/a/b/')).toBe('/a/b/assets/site.css');
    expect(withBase('/about#faq', '/repo/')).toBe('/repo/about#faq');
    for (const other of ['#top', 'https://x.com/a', '//cdn.x.com/a', 'mailto:a@b.com', 'tel:+1', 'about'])
      expect(withBase(other, '/repo/')).toBe(other);
    expect(withBase('/about', '/')).toBe('/about');
    expect(withBase('/about')).toBe('/about');
  });
  it('strips the base from a path under it and finds nothing outside it', () => {
    expect(stripBase('/repo/', '/repo/')).toBe('/');
    expect(stripBase('/repo', '/repo/')).toBe('/');
    expect(stripBase('/repo/guides/odds', '/repo/')).toBe('/guides/odds');
    expect(stripBase('/about', '/repo/')).toBeUndefined();
    expect(stripBase('/repository/x', '/repo/')).toBeUndefined();
    expect(stripBase('/about', '/')).toBe('/about');
  });
  it('gives hrefs under the base and canonicals at url origin + base', () => {
    expect(urlFor('/', 'https://user.github.io', '/repo/')).toEqual({
      route: '/',
      file: 'index.html',
      href: '/repo/',
      canonical: 'https://user.github.io/repo/',
    });
    expect(urlFor('/guides/odds', 'https://user.github.io/', '/repo/')).toMatchObject({
      file: 'guides/odds.html',
      href: '/repo/guides/odds',
      canonical: 'https://user.github.io/repo/guides/odds',
    });
    // url may name the same folder: not doubled.
    expect(urlFor('/about', 'https://user.github.io/repo', '/repo/').canonical).toBe(
      'https://user.github.io/repo/about',
    );
    expect(publicFileUrl('/sitemap.xml', 'https://user.github.io', '/repo/')).toBe(
      'https://user.github.io/repo/sitemap.xml',
    );
  });
  it('refuses a url whose folder is not the base', () => {
    expect(urlBaseProblem('https://a.com/other', '/repo/')).toMatchObject({
      fix: expect.stringContaining('https://a.com'),
    });
    expect(urlBaseProblem('https://a.com/repo/', '/repo/')).toBeUndefined();
    expect(urlBaseProblem('https://a.com/other', '/')).toBeUndefined();
    expect(() => urlFor('/', 'https://a.com/other', '/repo/')).toThrow(/not base/);
  });
});
