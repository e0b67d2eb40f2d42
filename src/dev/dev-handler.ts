import type { IncomingMessage, ServerResponse } from 'node:http';
import { fileServer, noneMatch } from '../serve/serve.js';
import { openServed } from '../serve/served-file.js';
import { stripBase, withBase } from '../urls/urls.js';
import type { BuildQueue } from './build-queue.js';
import { DEV_CLIENT } from './client.js';
import type { DevBuilds, ErrorState } from './dev-builds.js';
import { hostAllowed, isWildcard, machineAddresses } from '../serve/host-check.js';
import { allowedTarget } from '../serve/request-gate.js';
import { CLIENT_PATH, EVENTS_PATH, devNotFound, errorPage, injectClient } from './inject.js';
import type { LiveReload } from './live-reload.js';

export interface DevHandlerOptions {
  /** The --host the server was started with, and what it resolved to. */
  host: string;
  addresses: readonly string[];
  outDir: string;
  builds: DevBuilds;
  queue: BuildQueue;
  reload: LiveReload;
}

/** The templates' ErrorScreen, from the last templates that compiled. */
function errorScreen(builds: DevBuilds, e: ErrorState): string | undefined {
  const t = builds.compiled?.templates.module;
  try {
    return t
      ? t.expandShared(
          t.renderToStaticMarkup(t.createElement(t.ErrorScreen, { message: e.message, details: e.details })),
        )
      : undefined;
  } catch {
    return undefined;
  }
}

/**
 * How the dev server answers a request: the Host check first, then the client script and its event
 * stream, then the site's pages (with the client script, or the error screen while their build fails),
 * its files, and the not-found page listing the site's routes.
 */
export function devHandler(o: DevHandlerOptions) {
  const { host, addresses, outDir, builds, queue, reload } = o;
  const assets = fileServer(outDir, { dev: true });
  // Pages and the not-found page are read as preview finds files: inside the folder, regular files only.
  const readHtml = async (urlPath: string) => {
    const found = await openServed(outDir, urlPath);
    try {
      return found?.file.endsWith('.html') ? await found.handle.readFile('utf8') : undefined;
    } finally {
      await found?.handle.close();
    }
  };
  return async (req: IncomingMessage, res: ServerResponse) => {
    // Never `new URL(req.url)`: `//%25` makes it throw; a malformed target is the client's error (400).
    const allowed = (h: string | undefined) => hostAllowed(h, host, isWildcard(host) ? machineAddresses() : addresses);
    const target = allowedTarget(req, res, allowed, 'dev');
    if (!target) return;
    // Under a base, `/repo/about` is the page `/about` (assets.handle reads req.url again).
    const url = { pathname: stripBase(target.path, builds.base) ?? target.path };
    if (url.pathname !== target.path) req.url = url.pathname + target.search;
    if (url.pathname === CLIENT_PATH) {
      res.writeHead(200, { 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': 'no-store' });
      return res.end(DEV_CLIENT);
    }
    if (url.pathname === EVENTS_PATH) {
      const { error } = builds;
      return reload.connect(req, res, error ? { message: error.message, details: error.details } : null);
    }
    // A build swaps the output folder at its end: serve from the folder it leaves, not mid-swap.
    await queue.idle();
    const route = url.pathname.replace(/\/+$/, '') || '/';
    const { compiled, error, base } = builds;
    const htmlCss = compiled && withBase(compiled.assets.refs.css, base);
    if (error && (error.routes.includes(route) || !builds.hasGoodOutput)) {
      res.writeHead(500, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' });
      return res.end(errorPage(error.message, error.details, htmlCss, errorScreen(builds, error)));
    }
    const page = await readHtml(url.pathname);
    if (page !== undefined && noneMatch(req.headers['if-none-match'], undefined)) {
      res.writeHead(304, { 'Cache-Control': 'no-store' });
      return res.end();
    }
    if (page !== undefined) {
      res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' });
      return res.end(injectClient(page));
    }
    assets.handle(req, res, async () => {
      const notFound = await readHtml('/404.html');
      const routes = builds.fileRoutes.size
        ? [...builds.fileRoutes.values()].sort().map((r) => withBase(r, builds.base))
        : [];
      res.writeHead(404, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' });
      res.end(notFound !== undefined ? devNotFound(notFound, routes) : errorPage('404 Not Found', []));
    });
  };
}
