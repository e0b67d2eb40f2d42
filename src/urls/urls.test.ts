import { describe, expect, it } from 'vitest';
import { filesForPath, isValidRoute, publicFileUrl, routeForFile, routeFromContentPath, urlFor } from './urls.js';

describe('urlFor', () => {
  it('maps the home route to index.html and a trailing-slash canonical', () => {
    expect(urlFor('/', 'https://example.com/')).toEqual({
      route: '/',
      file: 'index.html',
      href: '/',
      canonical: 'https://example.com/',
    });
  });
  it('maps clean routes to .html files and absolute canonicals without trailing slash', () => {
    expect(urlFor('/about', 'https://example.com')).toEqual({
      route: '/about',
      file: 'about.html',
      href: '/about',
      canonical: 'https://example.com/about',
    });
    expect(urlFor('/guides/odds', 'https://example.com/')).toMatchObject({
      file: 'guides/odds.html',
      canonical: 'https://example.com/guides/odds',
    });
  });
  it('rejects routes with trailing slashes, capitals or spaces', () => {
    for (const bad of ['/about/', 'about', '/About', '/a b', '/a--b']) expect(isValidRoute(bad), bad).toBe(false);
    expect(() => urlFor('/about/', 'https://example.com')).toThrow(/invalid route/);
  });
});

describe('routeFromContentPath', () => {
  it('derives routes from file paths', () => {
    expect(routeFromContentPath('index.md')).toBe('/');
    expect(routeFromContentPath('about.md')).toBe('/about');
    expect(routeFromContentPath('guides/index.md')).toBe('/guides');
    expect(routeFromContentPath('guides/odds.md')).toBe('/guides/odds');
  });
});

describe('filesForPath and routeForFile', () => {
  it('resolve clean URLs the way static hosts do', () => {
    expect(filesForPath('/')).toEqual(['index.html']);
    expect(filesForPath('/about')).toEqual(['about.html', 'about/index.html']);
    expect(filesForPath('/assets/site-ABC.css')).toEqual(['assets/site-ABC.css']);
    expect(filesForPath('/guides/')).toEqual(['guides/index.html']);
  });
  it('inverts urlFor', () => {
    for (const route of ['/', '/about', '/guides/odds'])
      expect(routeForFile(urlFor(route, 'https://x.org').file)).toBe(route);
  });
});

describe('publicFileUrl', () => {
  it('makes a content/public path absolute on the site, with or without a trailing slash on the site URL', () => {
    expect(publicFileUrl('/og-image.png', 'https://example.com')).toBe('https://example.com/og-image.png');
    expect(publicFileUrl('/og-image.png', 'https://example.com/')).toBe('https://example.com/og-image.png');
  });
});
