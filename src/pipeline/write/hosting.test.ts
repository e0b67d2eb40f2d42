import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy, netlifyHeaders, vercelJson, CACHE_IMMUTABLE } from './hosting.js';
import type { SiteConfig } from '../../model.js';

const config = { contact: { formEndpoint: undefined } } as unknown as SiteConfig;
const withForm = { contact: { formEndpoint: 'https://forms.example.org/f/abc' } } as unknown as SiteConfig;

describe('hosting headers', () => {
  it('allows no inline script or style and no framing', () => {
    const csp = contentSecurityPolicy(config);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("style-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).toContain("form-action 'self' mailto:");
    expect(contentSecurityPolicy(withForm)).toContain("form-action 'self' mailto: https://forms.example.org");
  });
  it('writes _headers with security headers on every path and a year of caching for assets', () => {
    const text = netlifyHeaders(config);
    expect(text).toMatch(/^\/\*\n( {2}.+\n)+/m);
    expect(text).toContain('  X-Content-Type-Options: nosniff');
    expect(text).toContain(`/assets/*\n  Cache-Control: ${CACHE_IMMUTABLE}`);
    // Cache-Control appears once: hosts merge values from overlapping rules.
    expect(text.match(/Cache-Control/g)).toHaveLength(1);
  });
  it('writes vercel.json with clean URLs and the same rules', () => {
    const json = JSON.parse(vercelJson(config));
    expect(json).toMatchObject({ cleanUrls: true, trailingSlash: false });
    expect(json.headers[0].headers).toContainEqual({
      key: 'Referrer-Policy',
      value: 'strict-origin-when-cross-origin',
    });
    expect(json.headers[1]).toEqual({
      source: '/assets/(.*)',
      headers: [{ key: 'Cache-Control', value: CACHE_IMMUTABLE }],
    });
  });
});
