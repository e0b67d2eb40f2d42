import type { SiteConfig } from '../../model.js';
import { vercelRedirects } from './redirects.js';
import { withBase } from '../../urls/urls.js';

/** The files pa-site writes for hosts with redirect rules (Netlify and Cloudflare Pages, Vercel, nginx). */
export const HOST_REDIRECT_FILES = ['_redirects', 'vercel.json', 'nginx-redirects.conf'] as const;

/** Every host settings file pa-site writes: hosts read them as settings and never serve them. */
export const HOST_FILES: readonly string[] = ['_headers', ...HOST_REDIRECT_FILES];

/**
 * The Content-Security-Policy every page is served with: no inline script or style anywhere, no
 * framing, forms only to this site, the configured form service, or the visitor's mail client.
 */
export function contentSecurityPolicy(config: SiteConfig): string {
  const formTargets = ["'self'", 'mailto:'];
  if (config.contact.formEndpoint) formTargets.push(new URL(config.contact.formEndpoint).origin);
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    `form-action ${formTargets.join(' ')}`,
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "object-src 'none'",
  ].join('; ');
}

export function securityHeaders(config: SiteConfig): Record<string, string> {
  return {
    'Content-Security-Policy': contentSecurityPolicy(config),
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()',
    'X-Frame-Options': 'DENY',
  };
}

/** Hashed assets never change under their name; HTML must be revalidated on every visit. */
export const CACHE_IMMUTABLE = 'public, max-age=31536000, immutable';
const CACHE_REVALIDATE = 'public, max-age=0, must-revalidate';

/**
 * `_headers` for Netlify and Cloudflare Pages. Both hosts merge the values of a header set by two
 * matching rules, so Cache-Control is set for `/assets/*` only: HTML keeps the hosts' default,
 * which is already `max-age=0, must-revalidate`.
 */
export function netlifyHeaders(config: SiteConfig): string {
  const lines = ['# Written by pa-site build. Security headers for every response.', withBase('/*', config.base)];
  for (const [k, v] of Object.entries(securityHeaders(config))) lines.push(`  ${k}: ${v}`);
  lines.push(
    '',
    '# Content-hashed assets never change under their name. (HTML: host default, revalidated.)',
    withBase('/assets/*', config.base),
    `  Cache-Control: ${CACHE_IMMUTABLE}`,
    '',
  );
  return lines.join('\n');
}

/**
 * `vercel.json`: clean URLs without trailing slashes, site.yaml's redirects (and one for pa-site's marker),
 * the same headers and cache rules.
 */
export function vercelJson(config: SiteConfig): string {
  const toList = (h: Record<string, string>) => Object.entries(h).map(([key, value]) => ({ key, value }));
  return `${JSON.stringify(
    {
      cleanUrls: true,
      trailingSlash: false,
      redirects: vercelRedirects(config.redirects ?? [], config.base),
      headers: [
        {
          source: withBase('/(.*)', config.base),
          headers: toList({ ...securityHeaders(config), 'Cache-Control': CACHE_REVALIDATE }),
        },
        { source: withBase('/assets/(.*)', config.base), headers: toList({ 'Cache-Control': CACHE_IMMUTABLE }) },
      ],
    },
    null,
    2,
  )}\n`;
}
