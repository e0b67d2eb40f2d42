/**
 * site.yaml `base`: the real site built to be served under /repo/ (a GitHub Pages project site),
 * served there by preview with every link answering, and checked with no broken link.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import path from 'node:path';
import * as cheerio from 'cheerio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, check, dev, preview, type BuildResult, type CheckResult, type PreviewServer } from '../src/index.js';
import { builtSite, copyOfContent, expectSameFiles, type BuiltSite } from './helpers.js';
import { fixtureProject } from './fixture.js';

const BASE = '/repo/';
let project: Awaited<ReturnType<typeof copyOfContent>>;
let site: BuiltSite;
let server: PreviewServer;
beforeAll(async () => {
  project = await copyOfContent();
  const yaml = await project.read('content/site.yaml');
  await project.write(
    'content/site.yaml',
    yaml.replace(/^url: .*$/m, (line) => `${line}\nbase: ${BASE}`),
  );
  const result: BuildResult = await build({ root: project.root, cache: false });
  expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  site = builtSite(result);
  server = await preview({ root: project.root, port: 0 });
});
afterAll(async () => {
  await server?.close();
  await project?.cleanup();
});

/** A raw GET: no redirect followed. */
function get(url: string): Promise<{ status: number; location?: string }> {
  return new Promise((resolve, reject) => {
    request(url, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, location: res.headers.location }));
    })
      .on('error', reject)
      .end();
  });
}

/** Every URL attribute of a page: links, stylesheets, icons, scripts, images, form actions. */
function urlsOf(html: string): string[] {
  const $ = cheerio.load(html);
  const urls: string[] = [];
  $('[href], [src], [action]').each((_, el) => {
    for (const name of ['href', 'src', 'action']) {
      const v = $(el).attr(name);
      if (v !== undefined) urls.push(v);
    }
  });
  return urls;
}

const htmlFiles = async () => (await site.files()).filter((f) => f.endsWith('.html'));

describe('a site with base: /repo/', () => {
  it('writes every site-absolute URL of every page, 404.html and redirect page under the base', async () => {
    const outside: string[] = [];
    for (const file of await htmlFiles())
      for (const url of urlsOf(await site.read(file)))
        if (url.startsWith('/') && !url.startsWith('//') && !url.startsWith(BASE)) outside.push(`${file}: ${url}`);
    expect(outside).toEqual([]);
    const index = await site.page('/');
    expect(index('link[rel=canonical]').attr('href')).toBe('https://www.pabetguide.com/repo/');
    expect(index('meta[property="og:url"]').attr('content')).toBe('https://www.pabetguide.com/repo/');
    expect(index('meta[property="og:image"]').attr('content')).toBe('https://www.pabetguide.com/repo/og-image.png');
    expect(index('link[rel=stylesheet]').attr('href')).toMatch(/^\/repo\/assets\/.+\.css$/);
    expect(index('a.brand').attr('href')).toBe('/repo/');
    const jsonLd = index('script[type="application/ld+json"]').first().text();
    expect(JSON.parse(jsonLd).url).toBe('https://www.pabetguide.com/repo/');
  });

  it('puts sitemap, feed, robots.txt and every host rule under the base; dist/ keeps its layout', async () => {
    const files = await site.files();
    expect(files).toContain('index.html');
    expect(files).toContain('about.html');
    expect(files.some((f) => f.startsWith('repo/'))).toBe(false);
    const locs = [...(await site.read('sitemap.xml')).matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]);
    expect(locs.length).toBeGreaterThan(10);
    for (const loc of locs) expect(loc).toMatch(/^https:\/\/www\.pabetguide\.com\/repo\//);
    for (const [, href] of (await site.read('feed.xml')).matchAll(/href="([^"]*)"/g))
      expect(href).toMatch(/^https:\/\/www\.pabetguide\.com\/repo\//);
    expect(await site.read('robots.txt')).toContain('Sitemap: https://www.pabetguide.com/repo/sitemap.xml\n');
    expect(await site.read('_redirects')).toContain(
      '/repo/understanding-odds /repo/pennsylvania-betting-odds-explained 301!\n',
    );
    const headers = await site.read('_headers');
    expect(headers).toMatch(/^\/repo\/\*$/m);
    expect(headers).toMatch(/^\/repo\/assets\/\*$/m);
    const vercel = JSON.parse(await site.read('vercel.json'));
    expect(vercel.redirects).toEqual([
      { source: '/repo/understanding-odds', destination: '/repo/pennsylvania-betting-odds-explained', statusCode: 301 },
      { source: '/repo/.pa-site-output', destination: '/repo/', statusCode: 301 },
    ]);
    expect(vercel.headers.map((h: { source: string }) => h.source)).toEqual(['/repo/(.*)', '/repo/assets/(.*)']);
    expect(await site.read('nginx-redirects.conf')).toContain(
      'location = /repo/understanding-odds {\n    return 301 /repo/pennsylvania-betting-odds-explained;\n}',
    );
    const moved = cheerio.load(await site.read('understanding-odds.html'));
    expect(moved('meta[http-equiv=refresh]').attr('content')).toBe('0; url=/repo/pennsylvania-betting-odds-explained');
  });

  it('is served by preview under /repo/: every link of every page answers 200, or 301 for a redirect', async () => {
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/repo\/$/);
    const origin = new URL(server.url).origin;
    const urls = new Set<string>();
    for (const file of await htmlFiles()) {
      const route = file === 'index.html' ? '/' : `/${file.slice(0, -'.html'.length)}`;
      urls.add(`${BASE}${route.slice(1)}`);
      for (const url of urlsOf(await site.read(file)))
        if (url.startsWith('/') && !url.startsWith('//')) urls.add(url.replace(/#.*$/, ''));
    }
    expect(urls.size).toBeGreaterThan(40);
    const answers: string[] = [];
    for (const url of [...urls].sort()) {
      const r = await get(origin + url);
      if (r.status === 301 && url === '/repo/understanding-odds')
        expect(r.location).toBe('/repo/pennsylvania-betting-odds-explained');
      else if (r.status !== 200) answers.push(`${url}: ${r.status}`);
    }
    expect(answers).toEqual([]);
  });

  it('preview redirects /repo to /repo/ and answers 404 outside the base', async () => {
    const origin = new URL(server.url).origin;
    expect(await get(`${origin}/repo`)).toEqual({ status: 301, location: '/repo/' });
    expect(await get(`${origin}/repo/about.html`)).toEqual({ status: 301, location: '/repo/about' });
    for (const outside of ['/', '/about', '/assets/x.css', '/repository/about']) {
      expect([outside, (await get(origin + outside)).status]).toEqual([outside, 404]);
    }
    expect((await get(`${origin}/repo/no-such-page`)).status).toBe(404);
  });
});

describe('pa-site check with base: /repo/', () => {
  it('finds no broken link in the site, built by check or given as a folder', async () => {
    const built = await check({ root: project.root });
    const broken = (r: CheckResult) => r.findings.filter((f) => f.category === 'link' || f.rule.startsWith('broken'));
    expect(broken(built)).toEqual([]);
    expect(built.summary.links).toBeGreaterThan(1000);
    const folder = await check({ root: project.root, dir: site.dir });
    expect(broken(folder)).toEqual([]);
    expect(folder.findings.filter((f) => f.rule === 'canonical')).toEqual([]);
  });

  it('reports a link outside the base as broken, naming the base, and a broken link at its source line', async () => {
    const copy = await copyOfContent();
    try {
      const yaml = await project.read('content/site.yaml');
      await copy.write('content/site.yaml', yaml);
      const file = 'content/pages/bankroll-management.md';
      const added = '\nSee [the about page](https://www.pabetguide.com/about).\n\n[Odds](/no-such-guide)\n';
      const text = (await copy.read(file)) + added;
      await copy.write(file, text);
      const r = await check({ root: copy.root });
      expect(r.findings).toContainEqual(
        expect.objectContaining({
          rule: 'broken-link',
          severity: 'error',
          message: '/about is outside /repo/, the folder the site is served under',
        }),
      );
      // A broken link under the base is found where it was written, from the site root.
      const missing = r.findings.find((f) => f.target === '/repo/no-such-guide');
      expect(missing?.places).toEqual([
        expect.objectContaining({ file, line: text.split('\n').indexOf('[Odds](/no-such-guide)') + 1 }),
      ]);
    } finally {
      await copy.cleanup();
    }
  });
});

describe('base: /', () => {
  it('is the default: a site.yaml that says base: / builds the same bytes as one without it', async () => {
    const without = await fixtureProject();
    const root = await fixtureProject();
    try {
      const yaml = await readFile(path.join(root.root, 'content/site.yaml'), 'utf8');
      await writeFile(
        path.join(root.root, 'content/site.yaml'),
        yaml.replace(/^url: .*$/m, (l) => `${l}\nbase: /`),
      );
      const [a, b] = [
        await build({ root: without.root, cache: false }),
        await build({ root: root.root, cache: false }),
      ];
      expect([a.ok, b.ok]).toEqual([true, true]);
      await expectSameFiles(b.outDir, a.outDir);
    } finally {
      await without.cleanup();
      await root.cleanup();
    }
  });
});

describe('an invalid base', () => {
  it('is an error at its line in site.yaml, as is a url whose folder is another', async () => {
    const p = await fixtureProject();
    try {
      const file = path.join(p.root, 'content/site.yaml');
      const yaml = await readFile(file, 'utf8');
      await writeFile(
        file,
        yaml.replace(/^url: .*$/m, (l) => `${l}\nbase: repo`),
      );
      const bad = await build({ root: p.root, cache: false });
      expect(bad.ok).toBe(false);
      expect(bad.diagnostics).toContainEqual(
        expect.objectContaining({
          file: 'content/site.yaml',
          field: 'base',
          message: expect.stringContaining('starts and ends with "/"'),
        }),
      );
      await writeFile(file, yaml.replace(/^url: .*$/m, 'url: https://user.github.io/other\nbase: /repo/'));
      const clash = await build({ root: p.root, cache: false });
      expect(clash.diagnostics).toContainEqual(
        expect.objectContaining({ field: 'url', message: expect.stringContaining('not base /repo/') }),
      );
    } finally {
      await p.cleanup();
    }
  });

  it('stops preview with the fix', async () => {
    const e = await preview({ root: project.root, base: 'repo', port: 0 }).catch((x: unknown) => x);
    expect(e).toMatchObject({ code: 'bad-base', message: expect.stringContaining('--base "repo"') });
  });
});

describe('pa-site dev with base: /repo/', () => {
  it('answers at /repo/ and lists the pages under it on its not-found page', async () => {
    const server = await dev({ root: project.root, port: 0 });
    try {
      expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/repo\/$/);
      const origin = new URL(server.url).origin;
      expect((await get(server.url)).status).toBe(200);
      expect((await get(`${origin}/repo/about`)).status).toBe(200);
      const css = cheerio
        .load(await site.read('index.html'))('link[rel=stylesheet]')
        .attr('href');
      expect((await get(origin + css)).status).toBe(200);
      const missing = await getText(`${origin}/repo/no-such-page`);
      expect(missing.status).toBe(404);
      expect(missing.body).toContain('<a href="/repo/about">');
    } finally {
      await server.close();
    }
  });
});

async function getText(url: string): Promise<{ status: number; body: string }> {
  const res = await fetch(url, { redirect: 'manual' });
  return { status: res.status, body: await res.text() };
}
