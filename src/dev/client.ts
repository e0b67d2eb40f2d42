/**
 * The dev-only browser script, served at /__pa-site/client.js and injected into HTML by the dev
 * server (never into the production build). It listens on an EventSource: CSS changes swap the
 * stylesheet in place, other changes reload the page if it changed, and build errors show the
 * 'Unexpected Application Error!' overlay until the next good build clears it.
 */
export const DEV_CLIENT = `(() => {
  const here = location.pathname.replace(/\\/+$/, '') || '/';
  let overlay = null;
  function showError(e) {
    hideError();
    overlay = document.createElement('div');
    overlay.id = 'pa-site-error-overlay';
    overlay.setAttribute('role', 'alert');
    overlay.style.cssText = 'position:fixed;inset:0;z-index:99999;background:rgba(255,255,255,.97);color:#1c2530;' +
      'overflow:auto;padding:48px 24px;font:16px/1.5 system-ui,sans-serif';
    const h = document.createElement('h1');
    h.textContent = 'Unexpected Application Error!';
    h.style.cssText = 'color:#a4161a;margin:0 0 12px';
    const p = document.createElement('p');
    p.textContent = e.message;
    p.style.fontWeight = '600';
    const pre = document.createElement('pre');
    pre.textContent = e.details.join('\\n');
    pre.style.cssText =
      'white-space:pre-wrap;background:#f6f8fa;border:1px solid #d9e0e6;border-radius:8px;padding:16px';
    overlay.append(h, p, pre);
    document.body.append(overlay);
  }
  function hideError() { if (overlay) { overlay.remove(); overlay = null; } }
  const es = new EventSource('/__pa-site/events');
  es.addEventListener('css', (ev) => {
    const { href } = JSON.parse(ev.data);
    for (const link of document.querySelectorAll('link[rel="stylesheet"]')) {
      if (link.getAttribute('href').startsWith('/assets/')) link.setAttribute('href', href);
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
