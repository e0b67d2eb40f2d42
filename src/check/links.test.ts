import { describe, expect, it } from 'vitest';
import { routeForFile } from '../pipeline/route/urls.js';
import { scanHtml } from './html.js';
import { checkLinks, classify, type LinkContext, type SitePage } from './links.js';

const layout = (body: string, extra = '') => `<html><head><link rel="stylesheet" href="/assets/site.css"></head><body>
<header><a href="/">Home</a> <a href="/about">About</a>${extra}</header>
<main>${body}</main>
<footer><a href="/contact">Contact</a></footer></body></html>`;

function site(
  html: Record<string, string>,
  opts: { assets?: string[]; knownUnbuilt?: string[]; origin?: string | null } = {},
): LinkContext {
  const pages = new Map<string, SitePage>();
  for (const [file, text] of Object.entries(html))
    pages.set(file, { file, route: routeForFile(file), scan: scanHtml(text) });
  return {
    pages,
    files: new Set([...Object.keys(html), 'assets/site.css', ...(opts.assets ?? [])]),
    siteOrigin: opts.origin === undefined ? 'https://example.com' : opts.origin,
    knownUnbuilt: opts.knownUnbuilt ?? [],
  };
}

const brief = (ctx: LinkContext) =>
  checkLinks(ctx).findings.map((f) => ({
    rule: f.rule,
    severity: f.severity,
    target: f.target,
    pages: f.places.map((p) => p.page),
    ...(f.allPages ? { allPages: true } : {}),
  }));

const BASE = {
  'index.html': layout('<h2 id="top-picks">Top picks</h2>'),
  'about.html': layout('<h2 id="team">Team</h2>'),
  'contact.html': layout('<form action="/contact"><button>Send</button></form>'),
};

describe('classify', () => {
  it('tells internal, external and skipped links apart', () => {
    const o = 'https://example.com';
    expect(classify('/about#team', '/', o)).toEqual({ kind: 'internal', path: '/about', fragment: 'team' });
    expect(classify('/about?x=1', '/', o)).toEqual({ kind: 'internal', path: '/about', fragment: undefined });
    expect(classify('#faqs', '/guide', o)).toEqual({ kind: 'internal', path: '/guide', fragment: 'faqs' });
    expect(classify('odds', '/guides/intro', o)).toEqual({
      kind: 'internal',
      path: '/guides/odds',
      fragment: undefined,
    });
    expect(classify('../x/./y', '/a/b/c', o)).toEqual({ kind: 'internal', path: '/a/x/y', fragment: undefined });
    expect(classify('https://example.com/about#t', '/', o)).toEqual({
      kind: 'internal',
      path: '/about',
      fragment: 't',
    });
    expect(classify('https://other.example/a#b', '/', o)).toEqual({ kind: 'external', url: 'https://other.example/a' });
    expect(classify('//cdn.example/x.js', '/', o)).toEqual({ kind: 'external', url: 'https://cdn.example/x.js' });
    expect(classify('mailto:a@b.c', '/', o)).toEqual({ kind: 'skip' });
    expect(classify('tel:+1800', '/', o)).toEqual({ kind: 'skip' });
    expect(classify('javascript:void(0)', '/', o)).toEqual({ kind: 'skip' });
  });
});

describe('checkLinks', () => {
  it('passes a site whose links all resolve, with clean URLs', () => {
    const out = checkLinks(site(BASE));
    expect(out.findings).toEqual([]);
    expect(out.checked).toBe(13);
    expect([...out.linkedTo].sort()).toEqual(['about.html', 'contact.html', 'index.html']);
  });

  it('reports a broken path and a broken asset once each, with every page that links them', () => {
    const ctx = site(
      {
        ...BASE,
        'about.html': layout(
          '<a href="/missing">x</a><img src="/img/gone.png" alt=""><a href="/missing?ref=1#a">again</a>',
        ),
        'contact.html': layout('<a href="/missing">x</a><img srcset="/img/ok.png 1x, /img/gone.png 2x" alt="">'),
      },
      { assets: ['img/ok.png'] },
    );
    expect(brief(ctx)).toEqual([
      { rule: 'broken-link', severity: 'error', target: '/missing', pages: ['about.html', 'contact.html'] },
      { rule: 'broken-asset', severity: 'error', target: '/img/gone.png', pages: ['about.html', 'contact.html'] },
    ]);
    expect(checkLinks(ctx).findings[0]!.message).toBe(
      'no page at /missing (looked for missing.html, missing/index.html)',
    );
  });

  it('reports a missing stylesheet as a broken asset', () => {
    const ctx = site(BASE);
    ctx.files.delete('assets/site.css');
    expect(brief(ctx)).toEqual([
      {
        rule: 'broken-asset',
        severity: 'error',
        target: '/assets/site.css',
        pages: ['about.html', 'contact.html', 'index.html'],
        allPages: true,
      },
    ]);
  });

  it('finds broken fragments on target pages checked before and after the linking page', () => {
    // Pages are visited in file order: a-first.html, m-linker.html, z-last.html.
    const ctx = site({
      'a-first.html': layout('<h2 id="real">Real</h2>'),
      'm-linker.html': layout(
        '<a href="/a-first#nope">before</a> <a href="/z-last#gone">after</a> ' +
          '<a href="/a-first#real">ok</a> <a href="/z-last#real">ok</a>',
      ),
      'z-last.html': layout('<h2 id="real">Real</h2> <a href="/a-first#nope">again</a>'),
      'index.html': layout(''),
      'about.html': layout(''),
      'contact.html': layout(''),
    });
    expect(brief(ctx)).toEqual([
      { rule: 'broken-fragment', severity: 'error', target: '/a-first#nope', pages: ['m-linker.html', 'z-last.html'] },
      { rule: 'broken-fragment', severity: 'error', target: '/z-last#gone', pages: ['m-linker.html'] },
    ]);
  });

  it('checks same-page fragments and accepts #, #top and named anchors', () => {
    const ctx = site({
      ...BASE,
      'about.html': layout(
        '<a href="#">top</a> <a href="#top">top</a> <a href="#TOP">top</a> <a href="#team">team</a> ' +
          '<a href="#old">old</a> <a name="old"></a> <a href="#missing">x</a> <h2 id="team">Team</h2>',
      ),
    });
    expect(brief(ctx)).toEqual([
      { rule: 'broken-fragment', severity: 'error', target: '/about#missing', pages: ['about.html'] },
    ]);
    expect(checkLinks(ctx).findings[0]!.message).toBe('no id="missing" on /about (about.html)');
  });

  it('collapses a link broken on every page and says the layout is its source', () => {
    const pages = Object.fromEntries(Object.keys(BASE).map((f) => [f, layout('', ' <a href="/old-menu">Old</a>')]));
    const [f] = checkLinks(site(pages)).findings;
    expect(f).toMatchObject({ rule: 'broken-link', target: '/old-menu', allPages: true });
    expect(f!.places.map((p) => p.region)).toEqual(['header', 'header', 'header']);
    expect(f!.hint).toContain('layout');
  });

  it('keeps check.knownUnbuilt paths as warnings while 404.html exists, errors without it', () => {
    const pages = Object.fromEntries(
      Object.keys(BASE).map((f) => [f, layout('', ' <a href="/sportsbooks">S</a> <a href="/casinos/">C</a>')]),
    );
    const ctx = site(
      { ...pages, '404.html': layout('<h1>Not found</h1>', ' <a href="/sportsbooks">S</a> <a href="/casinos/">C</a>') },
      { knownUnbuilt: ['/sportsbooks', '/casinos'] },
    );
    expect(brief(ctx)).toEqual([
      {
        rule: 'known-unbuilt',
        severity: 'warning',
        target: '/sportsbooks',
        pages: ['404.html', 'about.html', 'contact.html', 'index.html'],
        allPages: true,
      },
      {
        rule: 'known-unbuilt',
        severity: 'warning',
        target: '/casinos',
        pages: ['404.html', 'about.html', 'contact.html', 'index.html'],
        allPages: true,
      },
    ]);
    const no404 = site(pages, { knownUnbuilt: ['/sportsbooks', '/casinos'] });
    expect(brief(no404).map((f) => f.severity)).toEqual(['error', 'error']);
    expect(checkLinks(no404).findings[0]!.message).toBe(
      '/sportsbooks is not built and there is no 404.html to answer it',
    );
  });

  it('warns when a knownUnbuilt path is built after all', () => {
    expect(brief(site(BASE, { knownUnbuilt: ['/about'] }))).toEqual([
      { rule: 'known-unbuilt-built', severity: 'warning', target: '/about', pages: [] },
    ]);
  });

  it('treats absolute URLs on the site origin as internal and collects the rest as external', () => {
    const ctx = site({
      ...BASE,
      'about.html': layout(
        '<a href="https://example.com/contact">c</a> <a href="https://example.com/nope">n</a> ' +
          '<a href="https://other.example/">o</a> <a href="https://other.example/#x">o</a>',
      ),
      'contact.html': layout('<a href="https://other.example/">o</a>'),
    });
    const out = checkLinks(ctx);
    expect(brief(ctx)).toEqual([{ rule: 'broken-link', severity: 'error', target: '/nope', pages: ['about.html'] }]);
    expect([...out.external].map(([u, places]) => [u, places.map((p) => p.page)])).toEqual([
      ['https://other.example/', ['about.html', 'contact.html']],
    ]);
  });

  it('leaves a page no other page links out of linkedTo', () => {
    const out = checkLinks(site({ ...BASE, 'lonely.html': layout('<a href="/lonely">self</a>') }));
    expect(out.linkedTo.has('lonely.html')).toBe(false);
  });
});
