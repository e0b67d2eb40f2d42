/**
 * The dev-only browser script, served at /__pa-site/client.js and injected into HTML by the dev
 * server (never into the production build). It listens on an EventSource: CSS changes swap the
 * stylesheet in place, other changes reload the page if it changed, and build errors show the
 * 'The site could not be built' overlay until the next good build clears it.
 */
export const DEV_CLIENT = `(() => {
  const here = location.pathname.replace(/\\/+$/, '') || '/';
  let overlay = null;
  function showError(e) {
    hideError();
    // Opaque and above everything (the sticky header too), so the error reads cleanly.
    overlay = document.createElement('div');
    overlay.id = 'pa-site-error-overlay';
    overlay.setAttribute('role', 'alert');
    overlay.style.cssText = 'position:fixed;inset:0;z-index:2147483647;background:#fff;color:#1c2530;' +
      'overflow:auto;border-top:6px solid #a4161a;font:16px/1.55 system-ui,sans-serif';
    const box = document.createElement('div');
    box.style.cssText = 'max-width:960px;margin:0 auto;padding:40px 24px';
    const h = document.createElement('h1');
    h.textContent = 'The site could not be built';
    h.style.cssText = 'color:#a4161a;margin:0 0 12px;font-size:1.75rem;line-height:1.2';
    const p = document.createElement('p');
    p.textContent = e.message;
    p.style.cssText = 'font-weight:600;font-size:1.1rem;margin:0 0 16px';
    const pre = document.createElement('pre');
    pre.textContent = e.details.join('\\n');
    pre.style.cssText = 'white-space:pre-wrap;overflow-wrap:anywhere;margin:0 0 16px;background:#f6f8fa;' +
      'border:1px solid #d9e0e6;border-left:4px solid #a4161a;border-radius:8px;padding:16px;color:#1c2530;' +
      'font:14px/1.6 ui-monospace,SFMono-Regular,Menlo,Consolas,monospace';
    const note = document.createElement('p');
    note.textContent = 'Fix the file and save: this page updates by itself. The terminal shows the same report.';
    note.style.cssText = 'color:#4a5563;margin:0';
    box.append(h, p, pre, note);
    overlay.append(box);
    document.body.append(overlay);
  }
  function hideError() { if (overlay) { overlay.remove(); overlay = null; } }
  const es = new EventSource('/__pa-site/events');
  es.addEventListener('css', (ev) => {
    const { href } = JSON.parse(ev.data);
    // The site's own stylesheet, under the site's base path (/docs/assets/…) as much as at /assets/.
    for (const link of document.querySelectorAll('link[rel="stylesheet"]')) {
      if (/\\/assets\\/[^/]+\\.css$/.test(new URL(link.getAttribute('href'), location.href).pathname))
        link.setAttribute('href', href);
    }
    hideError();
  });
  es.addEventListener('reload', (ev) => {
    const { routes, all } = JSON.parse(ev.data);
    if (all || routes.includes(here) || document.querySelector('#pa-site-dev-routes')) location.reload();
    else hideError();
  });
  es.addEventListener('error-state', (ev) => {
    const e = JSON.parse(ev.data);
    if (e) showError(e); else hideError();
  });
})();
`;
