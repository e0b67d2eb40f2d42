import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { check, preview } from '../src/index.js';
import { buildRealSite, copyOfContent, type BuiltSite, repoRoot } from './helpers.js';

/** site.yaml `redirects`: written for every host, a fallback page at the old path, and checked. */
let site: BuiltSite;
beforeAll(async () => {
  site = await buildRealSite();
});
const temps: string[] = [];
afterAll(async () => {
  for (const t of temps) await rm(t, { recursive: true, force: true });
});

/** The 1-based line of the first line of `text` containing `needle`. */
const lineOf = (text: string, needle: string) => text.split('\n').findIndex((l) => l.includes(needle)) + 1;

describe('redirects on the real site', () => {
  it('writes /understanding-odds for Netlify/Cloudflare, Vercel and nginx', async () => {
    expect(await site.read('_redirects')).toContain(
      '/understanding-odds /pennsylvania-betting-odds-explained 301!\n' +
        '/understanding-odds /pennsylvania-betting-odds-explained 301\n',
    );
    expect(JSON.parse(await site.read('vercel.json')).redirects).toEqual([
      { source: '/understanding-odds', destination: '/pennsylvania-betting-odds-explained', statusCode: 301 },
      { source: '/.pa-site-output', destination: '/', statusCode: 301 },
    ]);
    expect(await site.read('nginx-redirects.conf')).toContain(
      'location = /understanding-odds {\n    return 301 /pennsylvania-betting-odds-explained;\n}',
    );
  });

  it('pa-site preview answers every redirect of site.yaml with its status, fallback page or not', async () => {
    const yaml = parseYaml(await readFile(path.join(repoRoot, 'content', 'site.yaml'), 'utf8'));
    const redirects: { from: string; to: string; status?: number }[] = yaml.redirects;
    expect(redirects.length).toBeGreaterThan(0);
    const server = await preview({ dir: site.dir, port: 0 });
    try {
      expect(server.problems).toEqual([]);
      for (const r of redirects) {
        const res = await fetch(server.url + r.from, { redirect: 'manual' });
        expect([r.from, res.status, res.headers.get('location')]).toEqual([r.from, r.status ?? 301, r.to]);
      }
      // The marker is in the folder (the next build and check need it) and is not served: the not-found page.
      expect((await site.files()).includes('.pa-site-output')).toBe(true);
      const marker = await fetch(`${server.url}/.pa-site-output`, { redirect: 'manual' });
      expect(marker.status).toBe(404);
      expect(await marker.text()).toContain('Page Not Found');
    } finally {
      await server.close();
    }
  });

  it('writes a fallback page at the old path, never in sitemap.xml or the HTML sitemap', async () => {
    const $ = await site.page('/understanding-odds');
    expect($('meta[http-equiv=refresh]').attr('content')).toBe('0; url=/pennsylvania-betting-odds-explained');
    expect($('link[rel=canonical]').attr('href')).toBe(
      'https://www.pabetguide.com/pennsylvania-betting-odds-explained',
    );
    expect($('meta[name=robots]').attr('content')).toBe('noindex');
    expect($('a[href="/pennsylvania-betting-odds-explained"]')).toHaveLength(1);
    expect(await site.read('sitemap.xml')).not.toContain('understanding-odds');
    expect((await site.page('/sitemap'))('.sitemap-list a[href="/understanding-odds"]')).toHaveLength(0);
    expect(site.result.routes).not.toContain('/understanding-odds');
  });

  it('check --dir follows the fallback page to its target and exempts it from the page rules', async () => {
    const result = await check({ dir: site.dir, today: '2025-01-20' });
    const about = result.findings.filter((f) => f.places.some((p) => p.page === 'understanding-odds.html'));
    expect(about).toEqual([]);
    expect(result.findings.filter((f) => f.rule === 'redirect-target')).toEqual([]);
  });

  it('check --dir reports a fallback page whose canonical target is not built', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'pa-site-redirect-dir-'));
    temps.push(dir);
    await cp(site.dir, dir, { recursive: true });
    const page = path.join(dir, 'understanding-odds.html');
    const html = await readFile(page, 'utf8');
    await writeFile(
      page,
      html.replace(
        'rel="canonical" href="https://www.pabetguide.com/pennsylvania-betting-odds-explained"',
        'rel="canonical" href="https://www.pabetguide.com/odds-gone"',
      ),
    );
    const result = await check({ dir, today: '2025-01-20' });
    const found = result.findings.filter((f) => f.rule === 'redirect-target');
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ severity: 'error', target: '/odds-gone' });
    expect(found[0]!.message).toBe('/understanding-odds redirects to /odds-gone, which is not built');
  });
});

describe('redirect errors at their site.yaml lines', () => {
  it('a missing target, a loop (once), a chain, redirects from a page and /404, in one run', async () => {
    const copy = await copyOfContent();
    try {
      const yaml = await copy.read('content/site.yaml');
      const edited = yaml.replace(
        '  - { from: /understanding-odds, to: /pennsylvania-betting-odds-explained }\n',
        [
          '  - { from: /understanding-odds, to: /pennsylvania-betting-odds-explaned }',
          '  - { from: /loop-a, to: /loop-b }',
          '  - { from: /loop-b, to: /loop-a }',
          '  - { from: /chain, to: /old-promos }',
          '  - { from: /old-promos, to: /betting-promos }',
          '  - { from: /about, to: /contact }',
          '  - { from: /404, to: /contact }',
          '',
        ].join('\n'),
      );
      expect(edited).not.toBe(yaml);
      await copy.write('content/site.yaml', edited);
      const result = await check({ root: copy.root, today: '2025-01-20' });
      expect(result.ok).toBe(false);
      const errors = result.build!.diagnostics.filter((d) => d.code.startsWith('redirect'));
      const at = (needle: string) => lineOf(edited, needle);
      expect(errors.map((d) => [d.code, d.file, d.line, d.field])).toEqual([
        ['redirect-target', 'content/site.yaml', at('/pennsylvania-betting-odds-explaned'), 'redirects.0.to'],
        ['redirect-loop', 'content/site.yaml', at('from: /loop-a'), 'redirects.1.to'],
        ['redirect-chain', 'content/site.yaml', at('from: /chain'), 'redirects.3.to'],
        ['redirect-from-page', 'content/site.yaml', at('from: /about,'), 'redirects.5.from'],
        ['redirect-from-generated', 'content/site.yaml', at('from: /404,'), 'redirects.6.from'],
      ]);
      const missing = errors.find((d) => d.code === 'redirect-target')!;
      expect(missing.hint).toContain('did you mean "/pennsylvania-betting-odds-explained"?');
      expect(missing.col).toBe(edited.split('\n')[at('explaned') - 1]!.indexOf('/pennsylvania') + 1);
      expect(errors.find((d) => d.field === 'redirects.1.to')!.message).toBe(
        'redirect loop of 2 redirects: /loop-a → /loop-b → /loop-a',
      );
      expect(errors.find((d) => d.code === 'redirect-chain')!.hint).toBe(
        'point this redirect at /betting-promos directly',
      );
    } finally {
      await copy.cleanup();
    }
  });
});
