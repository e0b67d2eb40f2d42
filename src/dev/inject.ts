const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export const CLIENT_PATH = '/__pa-site/client.js';
export const EVENTS_PATH = '/__pa-site/events';

/** Adds the dev client script to an HTML page (dev server responses only). */
export function injectClient(html: string): string {
  const tag = `<script src="${CLIENT_PATH}"></script>`;
  return html.includes('</head>') ? html.replace('</head>', `${tag}</head>`) : tag + html;
}

/** The dev not-found page: the production 404 page plus the list of the site's routes. */
export function devNotFound(html: string, routes: readonly string[]): string {
  const items = routes.map((r) => `<li><a href="${escapeHtml(r)}">${escapeHtml(r)}</a></li>`).join('');
  const list =
    '<nav id="pa-site-dev-routes" class="container" aria-label="Pages in this site (dev server only)">' +
    `<h2>Pages in this site</h2><ul>${items}</ul></nav>`;
  return injectClient(html.includes('</main>') ? html.replace('</main>', `${list}</main>`) : html + list);
}

/**
 * A standalone error screen (spec §8) for a page whose build failed. `screen` is the markup of the
 * templates' ErrorScreen component; without it (the templates themselves do not compile) the same
 * structure is written here.
 */
export function errorPage(message: string, details: readonly string[], css?: string, screen?: string): string {
  const body =
    screen ??
    '<section class="error-screen" role="alert"><div class="container"><h1>The site could not be built</h1>' +
      `<p class="error-message">${escapeHtml(message)}</p>` +
      `<pre class="error-details"><code>${escapeHtml(details.join('\n'))}</code></pre></div></section>`;
  const stylesheet = css ? `<link rel="stylesheet" href="${escapeHtml(css)}">` : '';
  return injectClient(
    '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8">' +
      '<meta name="viewport" content="width=device-width, initial-scale=1">' +
      `<title>The site could not be built</title>${stylesheet}</head>` +
      `<body><main id="main">${body}</main></body></html>`,
  );
}
