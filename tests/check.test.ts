import { spawnSync } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import { chmod, readdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { check, type CheckResult } from '../src/index.js';
import { offerState } from '../src/domain/staleness.js';
import { repoRoot, tempDir } from './helpers.js';
import { fixtureProject, fixtureSiteYaml } from './fixture.js';

const bin = path.join(repoRoot, 'bin', 'pa-site.js');
const run = (args: string[], cwd = repoRoot) => {
  const r = spawnSync(process.execPath, [bin, ...args], {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1' },
  });
  return { code: r.status, out: r.stdout, err: r.stderr };
};

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(cleanups.splice(0).map((c) => c()));
});

/** `severity rule target pages` per finding, in report order. */
const brief = (r: CheckResult) =>
  r.findings.map((f) => {
    const pages = f.allPages ? `all:${f.places.length}` : f.places.map((p) => p.page).join(',') || '-';
    return `${f.severity} ${f.rule} ${f.target ?? '-'} ${pages}`;
  });

// A hand-written built site ("--dir" mode), one fault of each kind.
const ORIGIN = 'https://fixture.example';
// A backslash at the end of a line continues it: no line break in the string there.
const COMPLIANCE = `<aside class="compliance">\
<p>You must be 21 or older and physically located in Pennsylvania to gamble online.</p>
<p>Gambling problem? Call <a href="tel:+18004262537">1-800-GAMBLER</a>.</p>\
<p>We may receive compensation from some operators.</p></aside>`;

function page(
  route: string,
  o: {
    title?: string;
    description?: string;
    canonical?: string;
    body?: string;
    compliance?: boolean;
    head?: string;
  } = {},
) {
  return `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<title>${o.title ?? `Fixture page ${route}`}</title>
<meta name="description" content="${o.description ?? `What the fixture page ${route} is about.`}">
<link rel="canonical" href="${o.canonical ?? `${ORIGIN}${route === '/' ? '/' : route}`}">
<link rel="stylesheet" href="/assets/site.css">${o.head ?? ''}
</head><body><a href="#main">Skip</a>
<header><nav><a href="/">Home</a> <a href="/about">About</a> <a href="/guide">Guide</a> \
<a href="/sportsbooks">Sportsbooks</a> <a href="/old-menu">Old</a></nav></header>
<main id="main">
${o.body ?? `<h1>Page ${route}</h1>`}
</main>
${o.compliance === false ? '' : COMPLIANCE}
<footer><a href="/about">About us</a> <a href="/privacy-policy">Privacy</a></footer>
</body></html>
`;
}

const sitemap = (routes: string[]) => `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
${routes.map((r) => `  <url><loc>${ORIGIN}${r}</loc></url>`).join('\n')}
</urlset>
`;

const CONFIG = `url: ${ORIGIN}\ncheck:\n  knownUnbuilt: [/sportsbooks, /privacy-policy]
compliance: { pack: gambling, jurisdiction: { name: Pennsylvania } }\nhelpline: { display: 1-800-GAMBLER }\n`;
/** What marks a folder as a pa-site build: the _headers file every build writes starts with this line. */
const MARKED = { _headers: '# Written by pa-site build. Security headers for every response.\n/*\n' };

const FAULTY: Record<string, string> = {
  ...MARKED,
  'index.html': page('/', {
    body: `<h1>Home</h1>
<p><a href="/guide#odds">odds</a> <a href="#top">top</a> <a href="#">top</a> <a href="#main">main</a></p>
<p><a href="/missing-page">missing</a> <img src="/img/missing.png" alt=""></p>
<p><a href="/about#nowhere">checked before</a> <a href="/zeta#nowhere">checked after</a> \
<a href="#not-here">same page</a></p>`,
  }),
  'about.html': page('/about', {
    title: 'Shared title',
    compliance: false,
    body: '<h1>About</h1><p><a href="/missing-page">again</a> <a href="/zeta">zeta</a></p>',
  }),
  'guide.html': page('/guide', {
    title: 'Shared title',
    body: `<h1>Guide</h1><h2 id="odds">Odds</h2>
<section><a class="btn btn-cta" href="https://op.example/">Claim</a></section>
<p>A risk-free start.</p>`,
  }),
  'zeta.html': page('/zeta', { canonical: `${ORIGIN}/zeta-old`, body: '<h1>Zeta</h1><h1>Again</h1>' }),
  'orphan.html': page('/orphan', {
    description: 'What the fixture page / is about.',
    head: '\n<meta name="pa-site-check-ignore" content="unique-description">',
  }),
  '404.html': page('/404', {
    compliance: false,
    body: '<p>Not found</p>',
    head: '<meta name="robots" content="noindex">',
  }),
  'assets/site.css': 'body{}',
  'sitemap.xml': sitemap(['/', '/about', '/guide', '/orphan', '/gone']),
};

describe('pa-site check --dir on a fixture with every kind of fault', () => {
  it('finds each fault exactly once, grouped by target', async () => {
    const dir = await tempDir(FAULTY);
    const root = await tempDir({ 'content/site.yaml': CONFIG });
    const r = await check({ dir, root });
    expect(brief(r)).toEqual([
      'error broken-link /missing-page about.html,index.html',
      'error broken-link /old-menu all:6',
      'error broken-asset /img/missing.png index.html',
      'error broken-fragment /#not-here index.html',
      'error broken-fragment /about#nowhere index.html',
      'error broken-fragment /zeta#nowhere index.html',
      'error sitemap https://fixture.example/gone -',
      'error single-h1 - 404.html',
      'error compliance-age - about.html',
      'error compliance-disclosure - about.html',
      'error compliance-helpline - about.html',
      'error unique-title - about.html,guide.html',
      'error banned-wording - guide.html',
      'error cta-sponsored https://op.example/ guide.html',
      'error cta-terms https://op.example/ guide.html',
      'error orphan-page - orphan.html',
      'error canonical - zeta.html',
      'error single-h1 - zeta.html',
      'error sitemap - zeta.html',
      'warning known-unbuilt /privacy-policy all:6',
      'warning known-unbuilt /sportsbooks all:6',
    ]);
    expect(r.ok).toBe(false);
    expect(r.siteUrl).toBe(ORIGIN);
    expect(r.summary).toMatchObject({ pages: 6, errors: 19, warnings: 2 });
    const fragment = r.findings.find((f) => f.target === '/zeta#nowhere')!;
    expect(fragment.message).toBe('no id="nowhere" on /zeta (zeta.html)');
    expect(fragment.places).toEqual([{ page: 'index.html', url: '/', file: null, line: 13, col: 48, region: 'main' }]);
    expect(r.findings.find((f) => f.rule === 'banned-wording')!.message).toBe(
      'uses "risk-free": "...Sportsbooks Old Guide Odds Claim A risk-free start."',
    );
    const layout = r.findings.find((f) => f.target === '/old-menu')!;
    expect(layout.hint).toMatch(/layout/);
  });

  it('exits 1 and prints the report grouped for fixing', async () => {
    const dir = await tempDir(FAULTY);
    const root = await tempDir({ 'content/site.yaml': CONFIG });
    const r = run(['check', '--dir', dir, '--root', root]);
    expect(r.code).toBe(1);
    expect(r.out).toContain('Broken links and fragments\n  error  broken-link  /missing-page\n');
    expect(r.out).toContain('  error  broken-link  /old-menu  on all 6 pages\n');
    expect(r.out).toContain('Linked from the header or footer but not built — served by 404.html\n');
    expect(r.out).toContain('  /privacy-policy  footer, on all 6 pages\n  /sportsbooks     header, on all 6 pages\n');
    expect(r.out).toMatch(/^✗ 6 pages checked, [\d,]+ links checked, 19 errors, 2 warnings in [\d,]+ ms$/m);
    expect(r.out).not.toContain('\x1b[');
  });

  it('prints JSON and GitHub annotations', async () => {
    const dir = await tempDir(FAULTY);
    const root = await tempDir({ 'content/site.yaml': CONFIG });
    const json = run(['check', '--dir', dir, '--root', root, '--format', 'json']);
    expect(json.code).toBe(1);
    const data = JSON.parse(json.out);
    expect(data.version).toBe(2);
    expect(data.summary.errors).toBe(19);
    const gh = run(['check', '--dir', dir, '--root', root, '--format', 'github'], dir);
    expect(gh.code).toBe(1);
    expect(gh.out).toContain(
      '::error file=index.html,line=13,col=48,title=pa-site check%3A broken-fragment::' +
        'no id="nowhere" on /zeta (zeta.html)%0Afix: ',
    );
    expect(gh.out).toContain(
      '::warning file=about.html,line=8,col=89,title=pa-site check%3A known-unbuilt::' +
        '/sportsbooks is not built; 404.html answers it (on all 6 pages)%0Afix: ',
    );
    expect(gh.out).toContain(
      '::error title=pa-site check%3A sitemap::sitemap.xml lists https://fixture.example/gone but no page answers it',
    );
  });

  it('passes a clean folder with exit 0, keeping known-unbuilt links as warnings', async () => {
    const clean = {
      ...MARKED,
      'index.html': page('/', { body: '<h1>Home</h1><p><a href="/guide#odds">odds</a></p>' }).replace(
        ' <a href="/old-menu">Old</a>',
        '',
      ),
      'about.html': page('/about').replace(' <a href="/old-menu">Old</a>', ''),
      'guide.html': page('/guide', { body: '<h1>Guide</h1><h2 id="odds">Odds</h2>' }).replace(
        ' <a href="/old-menu">Old</a>',
        '',
      ),
      '404.html': page('/404', {
        compliance: false,
        body: '<h1>Not found</h1>',
        head: '<meta name="robots" content="noindex">',
      }).replace(' <a href="/old-menu">Old</a>', ''),
      'assets/site.css': '',
      'sitemap.xml': sitemap(['/', '/about', '/guide']),
    };
    const dir = await tempDir(clean);
    const root = await tempDir({ 'content/site.yaml': CONFIG });
    const r = await check({ dir, root });
    expect(brief(r)).toEqual([
      'warning known-unbuilt /privacy-policy all:4',
      'warning known-unbuilt /sportsbooks all:4',
    ]);
    expect(r.ok).toBe(true);
    expect(run(['check', '--dir', dir, '--root', root, '--quiet']).code).toBe(0);
    // Without a project, the site URL comes from sitemap.xml and nothing is known-unbuilt.
    const bare = await check({ dir });
    expect(bare.siteUrl).toBe(ORIGIN);
    expect(brief(bare)).toEqual(['error broken-link /privacy-policy all:4', 'error broken-link /sportsbooks all:4']);
  });

  it('exits 2 on usage errors', async () => {
    expect(run(['check', '--format', 'xml']).code).toBe(2);
    const r = run(['check', '--dir', path.join(tmpdir(), 'pa-site-no-such-folder')]);
    expect(r.code).toBe(2);
    expect(r.err).toContain('is not a folder');
  });
});

describe('pa-site check --dir on a folder pa-site did not build', () => {
  const { _headers, ...UNMARKED } = FAULTY;

  it('checks links, assets, fragments and the sitemap only, without the project config; says so once', async () => {
    const dir = await tempDir(UNMARKED);
    const root = await tempDir({ 'content/site.yaml': CONFIG });
    const r = await check({ dir, root });
    expect(r.site).toEqual({ builtBy: 'other', marker: null, servedAs: 'clean', servedAsFrom: 'default' });
    expect(brief(r)).toEqual([
      'error broken-link /missing-page about.html,index.html',
      'error broken-link /old-menu all:6',
      'error broken-link /privacy-policy all:6',
      'error broken-link /sportsbooks all:6',
      'error broken-asset /img/missing.png index.html',
      'error broken-fragment /#not-here index.html',
      'error broken-fragment /about#nowhere index.html',
      'error broken-fragment /zeta#nowhere index.html',
      'error sitemap https://fixture.example/gone -',
    ]);
    expect(r.findings.find((f) => f.target === '/old-menu')!.hint).toBe(
      'the link is on every page, so it comes from the layout template the pages share',
    );
    const cli = run(['check', '--dir', dir]);
    expect(cli.code).toBe(1);
    expect(cli.out.match(/^note: not a pa-site build/gm)).toHaveLength(1);
    expect(cli.out.split('\n')[0]).toMatch(/page rules skipped; URLs resolved as clean URLs/);
    // The rules it says it skipped get no section; the sitemap's finding has its own.
    expect(cli.out).not.toMatch(/^Page rules$/m);
    expect(cli.out).toMatch(/^Pages and sitemap\n {2}across pages\n {4}error {2}sitemap /m);
  });

  it('resolves URLs as --served-as says, and rejects an unknown mode', async () => {
    const dir = await tempDir(UNMARKED);
    const json = JSON.parse(run(['check', '--dir', dir, '--served-as', 'html', '--format', 'json']).out);
    expect(json.site).toEqual({ builtBy: 'other', marker: null, servedAs: 'html', servedAsFrom: 'option' });
    expect(json.findings.map((f: { target: string }) => f.target)).toContain('/about');
    const bad = run(['check', '--dir', dir, '--served-as', 'pretty']);
    expect(bad.code).toBe(2);
    expect(bad.err).toContain("argument 'pretty' is invalid. Allowed choices are clean, html, folders.");
  });

  it("takes the serving mode from the folder's vercel.json", async () => {
    const dir = await tempDir({ ...UNMARKED, 'vercel.json': '{"cleanUrls": true, "trailingSlash": true}' });
    const r = await check({ dir });
    expect(r.site).toMatchObject({ servedAs: 'folders', servedAsFrom: 'vercel.json' });
  });
});

// A project built by check itself: findings point at the content files.
const GUIDE = `---
template: guide
title: Guide A for the check fixture
description: A guide page of the check fixture, long enough for the description rule.
updated: 2025-01-15
checkIgnore: [no-such-rule]
hero:
  heading: Guide A
  lede: A guide.
---
Intro text.

## Odds basics

More text.
`;

const INDEX = `---
template: guide
title: Home page of the check fixture
description: The check fixture's home page, long enough to satisfy the description rule.
updated: 2025-01-15
hero:
  heading: Fixture home
  lede: A small site for tests.
---
Read [the guide](/guide-a) and [its odds section](/guide-a#odds-basics).

A [broken fragment](/guide-a#nope) and a [missing page](/nowhere).
`;

const HELP = `---
template: guide
title: Responsible gambling in the check fixture
description: Where to get help with gambling problems, for the check fixture pages.
updated: 2025-01-15
hero:
  heading: Responsible gambling
  lede: Help.
---
Call the help line.
`;

async function project(files: Record<string, string> = {}) {
  // Every layout link (menus, byline, disclosure) points home, so only the pages' own links are judged.
  const siteYaml = (await fixtureSiteYaml()).replace(/(href): \/[a-z0-9/#-]*/gi, '$1: /');
  const p = await fixtureProject({
    'content/site.yaml': siteYaml,
    'content/pages/index.md': INDEX,
    'content/pages/guide-a.md': GUIDE,
    'content/pages/responsible-gambling.md': HELP,
    'content/public/favicon.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
    ...files,
  });
  cleanups.push(p.cleanup);
  return p;
}

describe('pa-site check on a project (builds into a temporary folder)', () => {
  it('reports findings at their content file and line', async () => {
    const p = await project();
    const r = await check({ root: p.root, now: new Date('2025-06-01') });
    expect(r.build?.ok).toBe(true);
    expect(r.summary.buildMs).toBeGreaterThan(0);
    expect(brief(r)).toEqual([
      'error broken-link /nowhere index.html',
      'error broken-fragment /guide-a#nope index.html',
      'warning unknown-ignore - guide-a.html',
    ]);
    expect(r.findings[0]!.places).toEqual([
      { page: 'index.html', url: '/', file: 'content/pages/index.md', line: 12, region: 'main' },
    ]);
    expect(r.findings[1]!.places[0]).toMatchObject({ file: 'content/pages/index.md', line: 12 });
    expect(r.findings[2]!.message).toBe('checkIgnore names "no-such-rule", which is not a page rule');
    const gh = run(['check', '--root', p.root, '--format', 'github'], p.root);
    expect(gh.code).toBe(1);
    expect(gh.out).toContain(
      '::error file=content/pages/index.md,line=12,title=pa-site check%3A broken-link::no page at /nowhere',
    );
  });

  it('honours checkIgnore in frontmatter', async () => {
    const lonely = (ignore: string) =>
      GUIDE.replace('[no-such-rule]', ignore)
        .replace(/Guide A/g, 'Lonely page')
        .replace('A guide page', 'A lonely page');
    const p = await project({ 'content/pages/lonely.md': lonely('[orphan-page]') });
    expect(brief(await check({ root: p.root }))).toEqual([
      'error broken-link /nowhere index.html',
      'error broken-fragment /guide-a#nope index.html',
      'warning unknown-ignore - guide-a.html',
    ]);
    const q = await project({ 'content/pages/lonely.md': lonely('[]') });
    expect(brief(await check({ root: q.root }))).toContain('error orphan-page - lonely.html');
  });

  it('reports build errors and exits 1', async () => {
    const p = await project({ 'content/pages/guide-a.md': GUIDE.replace('updated: 2025-01-15', 'updated: yesterday') });
    const r = await check({ root: p.root });
    expect(r.ok).toBe(false);
    expect(r.build?.ok).toBe(false);
    expect(r.findings).toEqual([]);
    const cli = run(['check', '--root', p.root]);
    expect(cli.code).toBe(1);
    expect(cli.out).toContain('Build failed');
    expect(cli.out).toContain('content/pages/guide-a.md:5');
  });
});

describe('a folder that cannot be read completely', () => {
  it('is refused with a usage error naming the folder, not an unexpected error', async () => {
    const dir = await tempDir({ 'index.html': '<!doctype html><title>x</title>', 'locked/a.html': 'x' });
    await chmod(path.join(dir, 'locked'), 0o000);
    await chmod(dir, 0o777);
    const asRoot = process.getuid?.() === 0;
    if (asRoot) spawnSync(process.execPath, [path.join(repoRoot, 'bin/pa-site.js'), '--help']); // compiles lib/ as root
    const r = spawnSync(process.execPath, [path.join(repoRoot, 'bin/pa-site.js'), 'check', '--dir', dir], {
      encoding: 'utf8',
      env: { ...process.env, NO_COLOR: '1' },
      ...(asRoot ? { uid: 65534, gid: 65534 } : {}),
    });
    await chmod(path.join(dir, 'locked'), 0o755); // so the clean-up can remove it
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/^error: cannot list .*locked \(EACCES\), so the folder cannot be checked completely/);
    expect(r.stderr).not.toContain('unexpected error');
  });
});

describe('external links (--external)', () => {
  let server: Server;
  let base: string;
  const hits = new Map<string, number>();
  beforeAll(async () => {
    server = createServer((req, res) => {
      const n = (hits.get(req.url!) ?? 0) + 1;
      hits.set(req.url!, n);
      const status =
        { '/ok': 200, '/forbidden': 403, '/limited': 429, '/gone': 404 }[req.url!] ??
        (req.url === '/flaky' ? (n <= 2 ? 503 : 200) : 404);
      res.writeHead(status, { 'content-type': 'text/plain' });
      res.end(String(status));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('checks each URL once: 403 and 429 are warnings, 404 an error, 5xx retried', async () => {
    const links = ['ok', 'forbidden', 'limited', 'gone', 'flaky']
      .map((p) => `<a href="${base}/${p}">${p}</a>`)
      .join(' ');
    const dir = await tempDir({
      'index.html': page('/', { body: `<h1>Home</h1><p>${links}</p>` }),
      'about.html': page('/about', { body: `<h1>About</h1><p><a href="${base}/gone">again</a></p>` }),
      'guide.html': page('/guide'),
      'assets/site.css': '',
      'sitemap.xml': sitemap(['/', '/about', '/guide']),
    });
    const r = await check({ dir, external: true, externalOptions: { retries: 2, timeout: 5000 } });
    const external = r.findings.filter((f) => f.category === 'external');
    expect(external.map((f) => [f.severity, f.target, f.status, f.places.map((p) => p.page)])).toEqual([
      ['error', `${base}/gone`, 404, ['about.html', 'index.html']],
      ['warning', `${base}/forbidden`, 403, ['index.html']],
      ['warning', `${base}/limited`, 429, ['index.html']],
    ]);
    expect(external[0]!.message).toBe(`${base}/gone answered HTTP 404`);
    expect(hits.get('/flaky')).toBeGreaterThan(2);
    // Without --external nothing is fetched.
    hits.clear();
    await check({ dir });
    expect(hits.size).toBe(0);
  });

  it('reports "no network" once when no external link answers, not an error per link', async () => {
    // Ports nothing listens on: refused at once, as every host is without a network.
    const links = [1, 2, 3].map((port) => `<a href="http://127.0.0.1:${port}/x">x</a>`).join(' ');
    const dir = await tempDir({
      'index.html': page('/', { body: `<h1>Home</h1><p>${links}</p>` }),
      'about.html': page('/about'),
      'guide.html': page('/guide'),
      'assets/site.css': '',
      'sitemap.xml': sitemap(['/', '/about', '/guide']),
    });
    const r = await check({ dir, external: true, externalOptions: { retries: 0, timeout: 5000 } });
    const external = r.findings.filter((f) => f.category === 'external');
    expect(external.map((f) => [f.severity, f.message])).toEqual([
      ['error', 'none of the 3 external links answered (timeout, DNS or connection error): no network?'],
    ]);
  });
});

// The three compliance faults the issue names, seeded into a hand-written built site.
const DISCLOSED =
  '<p class="ad-disclosure">We may receive compensation when you sign up through a link on this page.</p>';
const TERMS_LINK = '<a href="https://op.example/terms" rel="sponsored nofollow noopener">T&amp;Cs apply</a>';
const card = (o: { verified?: string; state?: string; terms?: boolean } = {}) =>
  '<article class="op-card">' +
  `<div class="op-offer" data-offer-verified="${o.verified ?? '2025-05-01'}" ` +
  `data-offer-state="${o.state ?? 'current'}" data-offer-operator="Example Sportsbook">
<p class="op-bonus">Bet $5, Get $200 in Bonus Bets</p></div>
<a class="btn btn-cta" href="https://op.example/" rel="sponsored nofollow noopener">Claim Bonus</a>
<p>New customers only. ${o.terms === false ? 'T&amp;Cs apply' : TERMS_LINK}. 21+</p></article>`;

describe('compliance faults in a built site', () => {
  it('reports a link before the disclosure, an offer with no terms link, a current offer at 120 days', async () => {
    const dir = await tempDir({
      'index.html': page('/', {
        body:
          `<h1>Home</h1>${DISCLOSED}${card()}<a href="/late">l</a> <a href="/no-terms">n</a> ` +
          '<a href="/stale">s</a>',
      }),
      'late.html': page('/late', { body: `<h1>Late</h1>${card()}${DISCLOSED}` }),
      'no-terms.html': page('/no-terms', { body: `<h1>No terms</h1>${DISCLOSED}${card({ terms: false })}` }),
      // Checked on 2025-01-20, shown as current on 2025-05-20: 120 days, past the 90-day limit.
      'stale.html': page('/stale', { body: `<h1>Stale</h1>${DISCLOSED}${card({ verified: '2025-01-20' })}` }),
      'withheld.html': page('/withheld', {
        body: `<h1>Withheld</h1>${DISCLOSED}${card({ verified: '2025-01-20', state: 'withheld' })}`,
      }),
      'about.html': page('/about', { body: '<h1>About</h1><a href="/withheld">w</a>' }),
      'guide.html': page('/guide'),
      'assets/site.css': '',
      'sitemap.xml': sitemap(['/', '/late', '/no-terms', '/stale', '/withheld', '/about', '/guide']),
      ...MARKED,
    });
    const root = await tempDir({ 'content/site.yaml': CONFIG });
    const r = await check({ dir, root, today: '2025-05-20' });
    const compliance = r.findings.filter((f) => ['disclosure-order', 'cta-terms', 'offer-stale'].includes(f.rule));
    expect(compliance.map((f) => `${f.severity} ${f.rule} ${f.places[0]!.page}: ${f.message}`)).toEqual([
      'error disclosure-order late.html: sponsored link to https://op.example/ comes before the compensation ' +
        'disclosure',
      "error cta-terms no-terms.html: operator link to https://op.example/ lacks a link to the operator's terms in " +
        'its card or section',
      "error offer-stale stale.html: Example Sportsbook's offer shown as current with terms checked " +
        'January 20, 2025, 120 days ago ' +
        '(hard limit 90 days)',
    ]);
    // The same faults from the CLI, with the date given as an option; a bad date is a usage error.
    const cli = run(['check', '--dir', dir, '--root', root, '--today', '2025-05-20', '--format', 'json']);
    expect(cli.code).toBe(1);
    const rules = (JSON.parse(cli.out) as CheckResult).findings.map((f) => f.rule);
    expect(rules).toEqual(expect.arrayContaining(['disclosure-order', 'cta-terms', 'offer-stale']));
    const bad = run(['check', '--dir', dir, '--today', '2025-13-01']);
    expect(bad.code).toBe(2);
    expect(bad.err).toContain('the reference date "2025-13-01" is not a date; write it as YYYY-MM-DD');
    // An offer 50 days old is still shown, with a warning.
    const aging = await check({ dir, root, today: '2025-03-11' });
    expect(
      aging.findings.filter((f) => f.rule === 'offer-stale').map((f) => `${f.severity} ${f.places[0]!.page}`),
    ).toEqual(['warning stale.html']);
  });

  it('a built project warns once per aging or withheld offer, at its verified line, and counts them', async () => {
    // The fixture operator's offer was checked on 2025-01-10.
    const p = await fixtureProject();
    cleanups.push(p.cleanup);
    const at = (r: CheckResult) =>
      r.build?.diagnostics.map((d) => `${d.severity} ${d.code} ${d.file}:${d.line}:${d.col} ${d.field}`);
    const aging = await check({ root: p.root, today: '2025-02-20' });
    expect(at(aging)).toEqual(['warning offer-stale content/operators/example.yaml:19:3 bonus.verified']);
    expect(aging.build?.diagnostics[0]?.message).toBe(
      "Example Sportsbook's offer is aging: terms last checked January 10, 2025, 41 days ago (warn after 30 days); " +
        'pages withhold it after 90',
    );
    // Reported once, by the build at the operator file, not again by the page rule.
    expect(aging.findings.filter((f) => f.rule === 'offer-stale')).toEqual([]);
    expect(aging.summary.offers).toEqual({ aging: 1, withheld: 0 });
    const stale = await check({ root: p.root, today: '2025-05-10' });
    expect(at(stale)).toEqual(['warning offer-withheld content/operators/example.yaml:19:3 bonus.verified']);
    expect(stale.build?.diagnostics[0]?.hint).toMatch(/set bonus\.verified to the day you checked/);
    expect(stale.summary.offers).toEqual({ aging: 0, withheld: 1 });
    // The fixture's pages have broken links of their own: the build is what the option fails.
    expect(stale.build?.ok).toBe(true);
    // Pipelines that must not deploy stale offers make them errors.
    const strict = await check({ root: p.root, today: '2025-05-10', staleOffers: 'error' });
    expect(at(strict)).toEqual(['error offer-withheld content/operators/example.yaml:19:3 bonus.verified']);
    expect([strict.ok, strict.build?.ok]).toEqual([false, false]);
    const fresh = await check({ root: p.root, today: '2025-01-20', staleOffers: 'error' });
    expect([fresh.build?.ok, fresh.build?.diagnostics, fresh.summary.offers]).toEqual([
      true,
      [],
      { aging: 0, withheld: 0 },
    ]);
  });

  it('site.yaml offers.stale: error fails build and check, and --stale-offers warning overrides it', async () => {
    const p = await fixtureProject();
    cleanups.push(p.cleanup);
    const site = path.join(p.root, 'content', 'site.yaml');
    const text = await readFile(site, 'utf8');
    const strict = text.replace(/^ {2}stale: warning$/m, '  stale: error');
    expect(strict).not.toBe(text);
    await writeFile(site, strict);
    expect((await check({ root: p.root, today: '2025-02-20' })).build?.ok).toBe(false);
    expect((await check({ root: p.root, today: '2025-02-20', staleOffers: 'warning' })).build?.ok).toBe(true);
  });
});

describe('the real site', () => {
  /** The paths content/site.yaml still lists as linked but not built (fewer as pages are written). */
  const knownUnbuilt = async () =>
    (
      parseYaml(await readFile(path.join(repoRoot, 'content/site.yaml'), 'utf8')) as {
        check?: { knownUnbuilt?: string[] };
      }
    ).check?.knownUnbuilt ?? [];

  it('checks clean apart from the known-unbuilt paths, all warnings, exit 0', async () => {
    const r = await check({ root: repoRoot });
    // No disclosure, terms or staleness finding: every offer is past the limit and withheld.
    expect(
      r.findings.filter((f) => /^(compliance-|disclosure-order|cta-|offer-stale)/.test(f.rule)).map((f) => f.message),
    ).toEqual([]);
    const unbuilt = await knownUnbuilt();
    // None of them has a page yet: a page that is written leaves the list.
    for (const route of unbuilt)
      await expect(readFile(path.join(repoRoot, `content/pages${route}.md`)), route).rejects.toThrow();
    const errors = r.findings.filter((f) => f.severity === 'error');
    expect(
      errors.map(
        (f) => `${f.rule} ${f.target ?? ''} ${f.message} @ ${f.places.map((p) => p.file ?? p.page).join(', ')}`,
      ),
    ).toEqual([]);
    const known = r.findings.filter((f) => f.rule === 'known-unbuilt');
    expect(known.map((f) => f.target).sort()).toEqual([...unbuilt].sort());
    expect(known.every((f) => f.severity === 'warning' && f.allPages)).toBe(true);
    // The summary counts the build's warnings too (withheld offers, on today's date).
    const buildWarnings = r.build?.diagnostics.filter((d) => d.severity === 'warning').length ?? 0;
    expect(r.summary.warnings).toBe(unbuilt.length + buildWarnings);
    expect(r.ok).toBe(true);
  });

  it('is recognised as a pa-site build when checked with --dir', async () => {
    const { build } = await import('../src/index.js');
    const out = await tempDir({});
    const b = await build({ root: repoRoot, outDir: path.join(out, 'dist') });
    expect(b.ok).toBe(true);
    const r = await check({ dir: path.join(out, 'dist'), root: repoRoot });
    expect(r.site.builtBy).toBe('pa-site');
    expect(r.site.servedAs).toBe('clean');
    expect(r.summary.errors).toBe(0);
    expect(r.summary.warnings).toBe((await knownUnbuilt()).length);
  });

  it("names every withheld or aging offer on today's date, and exits 1 with --stale-offers error", async () => {
    const policy = { warnAfterDays: 30, hardLimitDays: 90 };
    const today = new Date();
    const expected: string[] = [];
    const dir = path.join(repoRoot, 'content', 'operators');
    for (const file of (await readdir(dir)).sort()) {
      const o = parseYaml(await readFile(path.join(dir, file), 'utf8')) as {
        name: string;
        bonus?: { verified: string };
      };
      const state = o.bonus && offerState(String(o.bonus.verified), today, policy);
      if (state && state !== 'current') expected.push(`${o.name} ${state} content/operators/${file}`);
    }
    const r = run(['check', '--format', 'json']);
    expect(r.code).toBe(0);
    const json = JSON.parse(r.out) as CheckResult;
    const named = json
      .build!.diagnostics.filter((d) => d.code === 'offer-withheld' || d.code === 'offer-stale')
      .map((d) => `${d.message.split("'s offer")[0]} ${d.code === 'offer-stale' ? 'aging' : 'withheld'} ${d.file}`);
    expect(named.sort()).toEqual(expected.sort());
    expect(json.summary.offers.withheld + json.summary.offers.aging).toBe(expected.length);
    if (expected.length) {
      expect(run(['check', '--stale-offers', 'error']).code).toBe(1);
      const out = await tempDir({});
      const b = run(['build', '--stale-offers', 'error', '--out', path.join(out, 'dist')]);
      expect([b.code, b.err]).toEqual([1, expect.stringContaining('error content/operators/')]);
    }
  });

  it('exits 0 from the CLI and lists the known-unbuilt paths in their own section', async () => {
    const n = (await knownUnbuilt()).length;
    const r = run(['check']);
    expect(r.code).toBe(0);
    const section = r.out.split('Linked from the header or footer but not built — served by 404.html\n')[1] ?? '';
    expect(section.split('\n').filter((l) => /^ {2}\/[a-z-]+ +(header|footer)/.test(l))).toHaveLength(n);
    // The build's warnings printed above the summary (withheld offers, on today's date) count too.
    const all = n + (r.out.match(/^ {2}warning content\//gm)?.length ?? 0);
    const num = String.raw`[\d,]+`; // any width: a busy machine takes 1,059 ms
    const warnings = `, ${all} warning${all === 1 ? '' : 's'}`;
    expect(r.out).toMatch(
      new RegExp(
        `^✓ ${num} pages checked, ${num} links checked, 0 errors${warnings} in ${num} ms \\(build ${num} ms\\)$`,
        'm',
      ),
    );
  });
});

describe('the summary counts what check printed', () => {
  it('counts the build warnings shown above it: "1 warning", not "0 warnings", after a withheld offer', async () => {
    const p = await fixtureProject();
    cleanups.push(p.cleanup);
    // The fixture's offer was checked 2025-01-10: withheld by 2030, a build warning no check rule repeats.
    // (The fixture's header links pages it does not have: those are errors, counted apart.)
    const cli = run(['check', '--root', p.root, '--today', '2030-01-01']);
    expect(cli.out).toMatch(/^Build warnings\n {2}warning content\/operators\/example\.yaml:\d+:3 {2}bonus\.verified/m);
    expect(cli.out).toMatch(/^✗ .*, \d+ errors, 1 warning in /m);
    const json = JSON.parse(run(['check', '--root', p.root, '--today', '2030-01-01', '--format', 'json']).out);
    expect(json.summary.warnings).toBe(1);
  });
});
