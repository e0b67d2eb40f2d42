/**
 * serveDir and staticHandler as the package exports them. Their declarations name no Node type
 * (the request and response are plain objects here), so a TypeScript project without @types/node
 * checks pa-site's declarations with skipLibCheck off; serve.ts has the Node-typed originals.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import * as serve from './serve.js';

/** staticHandler's options (serve.ts's StaticOptions, which this must stay assignable to). */
export interface StaticServerOptions {
  /** No caching (`Cache-Control: no-store`, no ETag), as the dev server wants. */
  dev?: boolean;
  /** Headers on every response (e.g. a Content-Security-Policy). */
  extraHeaders?: Record<string, string>;
  /** The headers of a URL path (percent-encoded), as a `_headers` file gives them. */
  headersFor?: (pathname: string) => Record<string, string>;
}

/**
 * A request listener for node:http's createServer (or connect, express): `req` is Node's
 * IncomingMessage and `res` its ServerResponse; `next` is called for a path with no file.
 */
export type RequestHandler = (req: object, res: object, next?: () => void) => void;

/** A site served by serveDir: its address, and `server`, the node:http Server answering there. */
export interface ServedDir {
  server: object;
  url: string;
  close(): Promise<void>;
}

/** Serves a built folder as static hosts do (clean URLs, 404.html); see serve.ts. */
export function staticHandler(dir: string, options: StaticServerOptions = {}): RequestHandler {
  const handle = serve.staticHandler(dir, options);
  return (req, res, next) => handle(req as IncomingMessage, res as ServerResponse, next);
}

/** Starts a static server on 127.0.0.1 (a free port by default). */
export function serveDir(
  dir: string,
  options: { port?: number; host?: string; extraHeaders?: Record<string, string> } = {},
): Promise<ServedDir> {
  return serve.serveDir(dir, options);
}
