import { describe, expect, it } from 'vitest';
import { scanHtml } from './html.js';
import { checkLinks, fragmentFound, type LinkContext, percentDecode } from './links.js';
import type { SitePage } from './site-page.js';
import { type ServedAs, servedPath } from './served.js';

const layout = (body: string, extra = '') => `<html><head><link rel="stylesheet" href="/assets/site.css"></head><body>
<header><a href="/">Home</a> <a href="/about">About</a>${extra}</header>
<main>${body}</main>
<footer><a href="/contact">Contact</a></footer></body></html>`;

function site(
  html: Record<string, string>,
  opts: { assets?: string[]; knownUnbuilt?: string[]; origin?: string | null; servedAs?: ServedAs } = {},
): LinkContext & { files: Set<string> } {
  const servedAs = opts.servedAs ?? 'clean';
  const pages = new Map<string, SitePage>();
  for (const [file, text] of Object.entries(html))
    pages.set(file, { file, url: servedPath(file, servedAs), scan: scanHtml(text) });
  return {
    pages,
    files: new Set([...Object.keys(html), 'assets/site.css', ...(opts.assets ?? [])]),
    siteOrigin: opts.origin === undefined ? 'https://example.com' : opts.origin,
    servedAs,
    paSite: true,
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
      'no page at /missing (looked for missing, missing.html, missing/index.html)',
    );
    // Each finding says how to fix it.
    expect(checkLinks(ctx).findings.map((f) => f.hint)).toEqual([
      expect.stringMatching(/^correct the link/),
      expect.stringMatching(/^correct the path, or add the file/),
    ]);
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

/** A folder written by another generator: bare pages (no layout), ids given per page. */
const bare = (body: string, head = '') => `<html><head>${head}</head><body>${body}</body></html>`;

describe('links resolved as a browser resolves them on the served site', () => {
  it('resolves relative links on a folder index page against /folder/, not /folder', () => {
    const ctx = site(
      {
        'index.html': bare('<a href="library/">lib</a>'),
        'library/index.html': bare(
          '<a href="os.html">os</a> <a href="os.path.html#os.path.join">join</a> <a href="./">self</a> ' +
            '<a href="../">up</a> <a href="os.html#nope">bad</a> <a href="#">top</a> <a href="#missing">x</a>',
        ),
        'library/os.html': bare('<h1 id="os">os</h1> <a href="#">top</a> <a href="../library/">back</a>'),
        'library/os.path.html': bare('<h2 id="os.path.join">join</h2> <a href="#">top</a> <a href="#TOP">top</a>'),
      },
      { servedAs: 'html' },
    );
    expect(brief(ctx)).toEqual([
      { rule: 'broken-fragment', severity: 'error', target: '/library/os.html#nope', pages: ['library/index.html'] },
      { rule: 'broken-fragment', severity: 'error', target: '/library/#missing', pages: ['library/index.html'] },
    ]);
  });

  it('finds dotted page names under clean URLs, and never reads # as an asset path', () => {
    const ctx = site({
      'index.html': bare('<a href="/library/os.path">p</a> <a href="/library/os.path#x">x</a>'),
      'library/os.path.html': bare('<p id="x"></p> <a href="#">top</a> <a href="">self</a>'),
    });
    expect(brief(ctx)).toEqual([]);
    expect(checkLinks(ctx).linkedTo.has('library/os.path.html')).toBe(true);
  });

  it('honours <base href> for every relative link, #fragments included', () => {
    const ctx = site(
      {
        'index.html': bare('<a href="guide.html">g</a> <a href="#intro">i</a>', '<base href="/docs/">'),
        'docs/index.html': bare('<p id="intro"></p>'),
        'docs/guide.html': bare('<a href="#nope">n</a>', '<base href="https://cdn.example/">'),
      },
      { servedAs: 'html' },
    );
    const out = checkLinks(ctx);
    expect(brief(ctx)).toEqual([]);
    expect([...out.external.keys()]).toEqual(['https://cdn.example/']);
  });

  it('decodes percent-escapes to find files and fragments, and keeps case as hosts do', () => {
    const ctx = site(
      {
        'index.html': bare(
          '<a href="read%20me/">r</a> <a href="read me/#caf%C3%A9">c</a> <img src="img/chart 1.svg" alt=""> ' +
            '<a href="#a%20b">ab</a> <span id="a b"></span> <a href="About.html">A</a> <img src="IMG/chart%201.svg">',
        ),
        'read me/index.html': bare('<h2 id="café">Café</h2>'),
        'about.html': bare(''),
      },
      { servedAs: 'html', assets: ['img/chart 1.svg'] },
    );
    const findings = checkLinks(ctx).findings;
    expect(findings.map((f) => [f.rule, f.target, f.hint])).toEqual([
      [
        'broken-link',
        '/About.html',
        "about.html exists: hosts match file names exactly, case included; fix the link's case",
      ],
      [
        'broken-asset',
        '/IMG/chart%201.svg',
        "img/chart 1.svg exists: hosts match file names exactly, case included; fix the link's case",
      ],
    ]);
  });

  it("finds pages by the host's rule: clean, html or folders", () => {
    const files = {
      'index.html': bare('<a href="/guide">g</a> <a href="/guide.html">g</a> <a href="/guide/">g</a>'),
      'guide.html': bare('<a href="b">b</a>'),
      'guide/b.html': bare(''),
    };
    const targets = (servedAs: ServedAs) => brief(site(files, { servedAs })).map((f) => `${f.target} ${f.pages}`);
    expect(targets('clean')).toEqual(['/guide/ index.html', '/b guide.html']);
    expect(targets('html')).toEqual(['/guide index.html', '/guide/ index.html', '/b guide.html']);
    // Served as /guide/, guide.html's relative link b finds guide/b.html.
    expect(targets('folders')).toEqual([]);
  });

  it('checks <meta http-equiv="refresh"> targets and reports URLs browsers cannot parse', () => {
    const ctx = site({
      'index.html': bare('<a href="https://exa mple.com/">bad</a>'),
      'old/index.html': bare('', '<meta http-equiv="refresh" content="0; url=/new/">'),
      'older/index.html': bare('', '<meta http-equiv="refresh" content="0; URL=\'../index.html\'">'),
    });
    expect(brief(ctx)).toEqual([
      { rule: 'broken-link', severity: 'error', target: 'https://exa mple.com/', pages: ['index.html'] },
      { rule: 'broken-link', severity: 'error', target: '/new/', pages: ['old/index.html'] },
    ]);
  });
});

describe('checkLinks on redirect pages and other folders', () => {
  const redirect = (to: string, extra = '') =>
    `<html><head>${extra}<meta http-equiv="refresh" content="0;URL=${to}"></head><body></body></html>`;
  const foreign = (ctx: LinkContext): LinkContext => ({ ...ctx, paSite: false });

  it('looks for a fragment on the page a chain of redirect pages ends at, with or without noindex', () => {
    const ctx = site({
      'index.html': layout('<a href="/old#team">a</a> <a href="/older#team">b</a> <a href="/old#gone">c</a>'),
      'about.html': layout('<h2 id="team">Team</h2>'),
      'old.html': redirect('/about'),
      'older.html': redirect('/old', '<meta name="robots" content="noindex">'),
      'contact.html': layout(''),
    });
    const out = checkLinks(ctx).findings;
    expect(out.map((f) => [f.rule, f.target])).toEqual([['broken-fragment', '/old#gone']]);
    expect(out[0]!.message).toBe('no id="gone" on /about (about.html), where /old redirects');
  });

  it('reports a redirect to nowhere once, at the redirect page, not at each fragment link to it', () => {
    const ctx = site({
      ...BASE,
      'index.html': layout('<a href="/lost#x">a</a>'),
      'lost.html': redirect('/nowhere'),
    });
    expect(brief(ctx)).toEqual([{ rule: 'broken-link', severity: 'error', target: '/nowhere', pages: ['lost.html'] }]);
  });

  it('says "this folder" and gives no fix about adding pages for a URL that does not parse', () => {
    const ctx = foreign(site({ 'index.html': layout('<img src="/img/x.png" alt=""><a href="http://[x">b</a>') }));
    const out = checkLinks(ctx).findings;
    expect(out.map((f) => f.message)).toContain('/img/x.png does not exist in this folder');
    const invalid = out.find((f) => f.target === 'http://[x')!;
    expect(invalid.hint).not.toMatch(/add the page/);
    expect(out.map((f) => f.hint).join('\n')).not.toMatch(/site\.yaml|content\//);
  });
});

describe("fragmentFound: HTML's rules for the part of a page a fragment indicates", () => {
  const ids = new Set(['intro', 'a b', 'café', 'Top-Picks', '%41', '10', '25', 'L3', 'L9']);
  it.each([
    ['', true],
    ['intro', true],
    ['Intro', false],
    ['top', true],
    ['TOP', true],
    ['a%20b', true],
    ['caf%C3%A9', true],
    ['%41', true],
    ['Top-Picks', true],
    ['top-picks', false],
    [':~:text=hello', true],
    ['intro:~:text=hello', true],
    ['nope:~:text=hello', false],
    ['%ZZ', false],
    ['10-25', true],
    ['L3-L9', true],
    ['10-26', false],
    ['L3-L10', false],
    ['intro-10', false],
  ])('#%s → %s', (fragment, ok) => {
    expect(fragmentFound(fragment, ids)).toBe(ok);
  });

  it('percent-decodes as UTF-8, with U+FFFD for bad bytes', () => {
    expect(percentDecode('caf%C3%A9%20%FF%2')).toBe('café \uFFFD%2');
  });
});
