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
  it('_redirects (Netlify, Cloudflare Pages): one "from to status" line each, no force flag', () => {
    const lines = underscoreRedirects(redirects).split('\n');
    expect(lines).toContain('/understanding-odds /pennsylvania-betting-odds-explained 301');
    expect(lines).toContain('/old/promos /betting-promos 302');
    expect(underscoreRedirects(redirects)).not.toContain('!');
  });

  it('vercel.json: each redirect with its exact status code, beside the headers', () => {
    const json = JSON.parse(vercelJson(config));
    expect(json.redirects).toEqual([
      { source: '/understanding-odds', destination: '/pennsylvania-betting-odds-explained', statusCode: 301 },
      { source: '/old/promos', destination: '/betting-promos', statusCode: 302 },
    ]);
    expect(json.headers).toHaveLength(2);
    expect(JSON.parse(vercelJson({ ...config, redirects: [] })).redirects).toBeUndefined();
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
