import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { contentType } from './content-type.js';
import { parseRange } from './range.js';
import { parseTarget, type RequestTarget } from './request-target.js';
import { openServed, type ServedFile } from './served-file.js';

export type Handler = (req: IncomingMessage, res: ServerResponse, next?: () => void) => void;

export interface StaticOptions {
  /** No caching (`Cache-Control: no-store`, no ETag), as the dev server wants. */
  dev?: boolean;
  extraHeaders?: Record<string, string>;
  /** The headers of a URL path (percent-encoded), as a `_headers` file gives them. */
  headersFor?: (pathname: string) => Record<string, string>;
}

/** Files of a folder served by URL path: what staticHandler does, with the parts preview's rules need. */
export interface FileServer {
  handle: Handler;
  /** Answers with the file `urlPath` (RequestTarget.path) finds, with `status`, or the 404 page. */
  serve(req: IncomingMessage, res: ServerResponse, urlPath: string, status?: number, next?: () => void): Promise<void>;
  /** Whether a file answers `urlPath`. */
  has(urlPath: string): Promise<boolean>;
}

/** A plain-text answer that no cache keeps (400, 405, 404 without a page). */
export function plainAnswer(res: ServerResponse, status: number, text: string, headers: Record<string, string> = {}) {
  res.writeHead(status, { ...headers, 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' });
  res.end(`${text}\n`);
}

/** The request's target (request-target.ts), or undefined once a malformed one has been answered 400. */
export function requestTarget(req: IncomingMessage, res: ServerResponse): RequestTarget | undefined {
  const target = parseTarget(req.url);
  if (!target) plainAnswer(res, 400, 'Bad request: the request target is not a valid URL path');
  return target;
}

/** Sets each header; one Node refuses (a bad name or character) is left out, never thrown into the request. */
function setAll(res: ServerResponse, headers: Record<string, string>, skip?: RegExp) {
  for (const [k, v] of Object.entries(headers)) {
    if (skip?.test(k)) continue;
    try {
      res.setHeader(k, v);
    } catch {}
  }
}

/**
 * Whether an If-None-Match header matches a file that exists (RFC 9110 13.1.2): `*` matches any, otherwise
 * one of its comma-separated tags, compared weakly (`W/` aside). A dev answer has no tag, so only `*` matches.
 */
export function noneMatch(header: string | undefined, etag: string | undefined): boolean {
  if (header === undefined) return false;
  if (header.trim() === '*') return true;
  const weak = (tag: string) => tag.trim().replace(/^W\//, '');
  return etag !== undefined && header.split(',').some((tag) => weak(tag) === weak(etag));
}

/** Sends an open file, whole or the one range asked for, closing it when done or when the client leaves. */
function sendFile(req: IncomingMessage, res: ServerResponse, found: ServedFile, status: number, etag?: string) {
  const { handle, stats } = found;
  const close = () => void handle.close().catch(() => {});
  // The client left while the file was looked up: its 'close' has fired, so nothing below would
  // ever close the handle (Node then warns of a descriptor closed on garbage collection).
  if (res.destroyed || req.destroyed) return close();
  const lastModified = stats.mtime.toUTCString();
  res.setHeader('Content-Type', contentType(found.file));
  res.setHeader('Last-Modified', lastModified);
  res.setHeader('Accept-Ranges', 'bytes');
  if (etag) res.setHeader('ETag', etag);
  if (status === 200 && noneMatch(req.headers['if-none-match'], etag)) {
    close();
    res.writeHead(304);
    return res.end();
  }
  const ifRange = req.headers['if-range'];
  const rangeApplies = status === 200 && req.method === 'GET' && (ifRange === undefined || ifRange === lastModified);
  const range = rangeApplies ? parseRange(req.headers.range, stats.size) : { kind: 'whole' as const };
  if (range.kind === 'unsatisfiable') {
    close();
    res.writeHead(416, { 'Content-Range': `bytes */${stats.size}` });
    return res.end();
  }
  const [start, end] = range.kind === 'part' ? [range.start, range.end] : [0, stats.size - 1];
  if (range.kind === 'part') res.setHeader('Content-Range', `bytes ${start}-${end}/${stats.size}`);
  res.writeHead(range.kind === 'part' ? 206 : status, { 'Content-Length': String(end - start + 1) });
  if (req.method === 'HEAD' || end < start) {
    close();
    return res.end();
  }
  const stream = handle.createReadStream({ start, end });
  stream.once('error', () => res.destroy());
  res.once('close', () => stream.destroy());
  stream.pipe(res);
}

/**
 * Serves a built site the way static hosts do: clean URLs (`/about` → `about.html`), files looked up
 * at each request, and `404.html` with status 404 (never cached) for anything else. `extraHeaders`
 * (e.g. a CSP) go on every response, and `headersFor` adds those of the URL's path. A malformed
 * request target is answered 400; only GET and HEAD are served.
 */
export function fileServer(dir: string, options: StaticOptions = {}): FileServer {
  const headers = (urlPath: string) => ({ ...options.extraHeaders, ...options.headersFor?.(urlPath) });
  const notFound = async (req: IncomingMessage, res: ServerResponse, urlPath: string) => {
    // A 404 is never cached, whatever the path's rules say (an asset's `immutable`).
    setAll(res, headers(urlPath), /^cache-control$/i);
    res.setHeader('Cache-Control', 'no-store');
    const page = await openServed(dir, '/404.html');
    if (!page) return plainAnswer(res, 404, 'Not found');
    res.setHeader('Content-Type', 'text/html; charset=utf-8');
    sendFile(req, res, page, 404);
  };
  const serve: FileServer['serve'] = async (req, res, urlPath, status = 200, next) => {
    const found = await openServed(dir, urlPath);
    if (!found) return next ? next() : notFound(req, res, urlPath);
    setAll(res, headers(urlPath));
    if (options.dev) res.setHeader('Cache-Control', 'no-store');
    const etag = options.dev ? undefined : `W/"${found.stats.size}-${found.stats.mtime.getTime()}"`;
    sendFile(req, res, found, status, etag);
  };
  const handle: Handler = (req, res, next) => {
    const target = requestTarget(req, res);
    if (!target) return;
    if (req.method !== 'GET' && req.method !== 'HEAD')
      return plainAnswer(res, 405, 'Method not allowed: only GET and HEAD', { Allow: 'GET, HEAD' });
    serve(req, res, target.path, 200, next).catch(() => failed(res));
  };
  return {
    handle,
    serve,
    has: async (urlPath) => {
      const found = await openServed(dir, urlPath);
      await found?.handle.close().catch(() => {});
      return found !== undefined;
    },
  };
}

/** The last resort for an error no rule foresaw: the request still gets an answer, the server lives on. */
export function failed(res: ServerResponse): void {
  try {
    if (res.headersSent) res.destroy();
    else {
      // Headers set before the failure may be what failed: none of them goes on the answer.
      for (const name of res.getHeaderNames()) res.removeHeader(name);
      plainAnswer(res, 500, 'Internal error');
    }
  } catch {
    res.destroy();
  }
}

/**
 * A server whose client may send its request and close its side at once (`nc -N`, a half-close):
 * Node's default drops such a request when its answer is not ready in the same tick, and file
 * lookups are asynchronous, so the answer is written, then the connection ended.
 */
export function answersHalfClosed<S extends Server>(server: S): S {
  (server as S & { httpAllowHalfOpen: boolean }).httpAllowHalfOpen = true;
  return server;
}

/** fileServer's request handler. */
export function staticHandler(dir: string, options: StaticOptions = {}): Handler {
  return fileServer(dir, options).handle;
}

/** Starts a static server on 127.0.0.1 (a free port by default). */
export async function serveDir(
  dir: string,
  options: { port?: number; host?: string; extraHeaders?: Record<string, string> } = {},
): Promise<{ server: Server; url: string; close(): Promise<void> }> {
  const handler = staticHandler(dir, { extraHeaders: options.extraHeaders });
  const server = answersHalfClosed(createServer((req, res) => handler(req, res)));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return { server, url: `http://127.0.0.1:${port}`, close: () => new Promise((r) => server.close(() => r())) };
}
