import { describe, expect, it } from 'vitest';
import type { Redirect, SiteConfig } from '../../model.js';
import { vercelJson } from './hosting.js';
import { nginxRedirects, redirectPage, redirectPageFile, underscoreRedirects } from './redirects.js';

const redirects: Redirect[] = [
  { from: '/understanding-odds', to: '/pennsylvania-betting-odds-explained', status: 301 },
  { from: '/old/promos', to: '/betting-promos', status: 302 },
];
const config = {
  url: 'https://www.example.org',
  title: 'Site <& "Guide">',
  language: 'en',
  contact: { formEndpoint: undefined },
  redirects,
} as unknown as SiteConfig;

describe('redirect files for each host', () => {
  it('_redirects: forced for Netlify first (the fallback page would shadow it), then plain for Cloudflare', () => {
    const rules = underscoreRedirects(redirects)
      .split('\n')
      .filter((l) => l && !l.startsWith('#'))
      .map((l) => l.split(' '));
    expect(rules).toEqual([
      ['/understanding-odds', '/pennsylvania-betting-odds-explained', '301!'],
      ['/understanding-odds', '/pennsylvania-betting-odds-explained', '301'],
      ['/old/promos', '/betting-promos', '302!'],
      ['/old/promos', '/betting-promos', '302'],
      ['/.pa-site-output', '/404.html', '404!'],
      ['/.pa-site-output', '/', '301'],
    ]);
    // Netlify: the first rule whose path matches decides; a forced one applies though a file is there.
    const netlify = (from: string) => rules.find(([f]) => f === from)!;
    expect(netlify('/old/promos')[2]).toBe('302!');
    // Cloudflare (workers-shared parseRedirects): a status that is not a number in its list is an
    // invalid line, skipped; of two valid lines for one path the first is kept.
    const valid = rules.filter(([, , status]) => [200, 301, 302, 303, 307, 308].includes(Number(status)));
    const cloudflare = (from: string) => valid.find(([f]) => f === from)!;
    expect(cloudflare('/understanding-odds')).toEqual([
      '/understanding-odds',
      '/pennsylvania-betting-odds-explained',
      '301',
    ]);
    expect(cloudflare('/old/promos')[2]).toBe('302');
    // pa-site's marker is never served: Netlify answers the not-found page with 404, Cloudflare sends home.
    expect(netlify('/.pa-site-output')).toEqual(['/.pa-site-output', '/404.html', '404!']);
    expect(cloudflare('/.pa-site-output')).toEqual(['/.pa-site-output', '/', '301']);
  });

  it('_redirects and vercel.json keep the marker from being served, under the base too, with no redirects', () => {
    const under = underscoreRedirects([], '/repo/').split('\n');
    expect(under).toContain('/repo/.pa-site-output /repo/404.html 404!');
    expect(under).toContain('/repo/.pa-site-output /repo/ 301');
    expect(JSON.parse(vercelJson({ ...config, redirects: [], base: '/repo/' } as SiteConfig)).redirects).toEqual([
      { source: '/repo/.pa-site-output', destination: '/repo/', statusCode: 301 },
    ]);
  });

  it('vercel.json: each redirect with its exact status code, beside the headers', () => {
    const json = JSON.parse(vercelJson(config));
    expect(json.redirects).toEqual([
      { source: '/understanding-odds', destination: '/pennsylvania-betting-odds-explained', statusCode: 301 },
      { source: '/old/promos', destination: '/betting-promos', statusCode: 302 },
      { source: '/.pa-site-output', destination: '/', statusCode: 301 },
    ]);
    expect(json.headers).toHaveLength(2);
  });

  it('nginx-redirects.conf: an exact-match location returning the status and target', () => {
    const text = nginxRedirects(redirects);
    expect(text).toContain('location = /understanding-odds {\n    return 301 /pennsylvania-betting-odds-explained;\n}');
    expect(text).toContain('location = /old/promos {\n    return 302 /betting-promos;\n}');
  });

  it('the fallback page: old path, meta refresh, canonical target, visible link, noindex, no inline code', () => {
    expect(redirectPageFile(redirects[1]!)).toBe('old/promos.html');
    const html = redirectPage(redirects[0]!, config, { css: '/assets/styles-X.css' });
    expect(html).toContain('<meta http-equiv="refresh" content="0; url=/pennsylvania-betting-odds-explained">');
    expect(html).toContain('<link rel="canonical" href="https://www.example.org/pennsylvania-betting-odds-explained">');
    expect(html).toContain('<meta name="robots" content="noindex">');
    expect(html).toMatch(/<a href="\/pennsylvania-betting-odds-explained">/);
    expect(html).not.toMatch(/<script|<style|\sstyle=|\son\w+=/i);
    expect(html).toContain('Site &lt;&amp; &quot;Guide&quot;&gt;');
    expect(html.match(/<h1>/g)).toHaveLength(1);
  });
});
