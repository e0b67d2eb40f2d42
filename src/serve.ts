import { createReadStream, existsSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import sirv from 'sirv';

export type Handler = (req: IncomingMessage, res: ServerResponse, next?: () => void) => void;

/**
 * Serves a built site the way static hosts do: clean URLs (`/about` → `about.html`) and
 * `404.html` with status 404 for anything else. `extraHeaders` (e.g. a CSP) go on every response,
 * and `headersFor` adds those of the URL's path (as a `_headers` file gives them).
 */
export function staticHandler(
  dir: string,
  options: {
    dev?: boolean;
    extraHeaders?: Record<string, string>;
    headersFor?: (pathname: string) => Record<string, string>;
  } = {},
): Handler {
  const setHeaders = (res: ServerResponse, pathname: string) => {
    const all = { ...options.extraHeaders, ...options.headersFor?.(pathname) };
    for (const [k, v] of Object.entries(all)) res.setHeader(k, v);
  };
  const serve = sirv(dir, {
    dev: options.dev ?? false,
    extensions: ['html'],
    etag: true,
    setHeaders: (res, pathname) => setHeaders(res, pathname),
  });
  return (req, res, next) =>
    serve(req, res, () => {
      if (next) return next();
      const notFound = path.join(dir, '404.html');
      res.statusCode = 404;
      setHeaders(res, new URL(req.url ?? '/', 'http://localhost').pathname);
      if (existsSync(notFound)) {
        res.setHeader('Content-Type', 'text/html; charset=utf-8');
        createReadStream(notFound).pipe(res);
      } else res.end('Not found');
    });
}

/** Starts a static server on 127.0.0.1 (a free port by default). */
export async function serveDir(
  dir: string,
  options: { port?: number; host?: string; extraHeaders?: Record<string, string> } = {},
): Promise<{ server: Server; url: string; close(): Promise<void> }> {
  const handler = staticHandler(dir, { extraHeaders: options.extraHeaders });
  const server = createServer((req, res) => handler(req, res));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return { server, url: `http://127.0.0.1:${port}`, close: () => new Promise((r) => server.close(() => r())) };
}
