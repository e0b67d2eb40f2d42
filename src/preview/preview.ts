/**
 * `preview()`: serves a built folder as the host will, before it is deployed: clean URLs, 404.html,
 * and the headers and redirects of the folder's own `_headers` and `_redirects` files. Local only by
 * default, with the dev server's Host rules (DNS rebinding).
 */
import { readFileSync, statSync } from 'node:fs';
import { createServer, type RequestListener, type Server } from 'node:http';
import path from 'node:path';
import { forbiddenHostMessage, hostAllowed, isLoopback, isWildcard, machineAddresses } from '../dev/host-check.js';
import { ListenError, listenOn, resolveHost, urlFor } from '../dev/listen.js';
import { staticHandler } from '../serve.js';
import {
  headersFor,
  parseHeaders,
  parseRedirects,
  redirectFor,
  type HeaderRule,
  type HostFileProblem,
  type RedirectRule,
} from './host-files.js';

/** The dev server's port plus one, so both can run side by side. */
export const PREVIEW_PORT = 4322;

export interface PreviewOptions {
  /** Project folder (default: the current folder); the site is served from its `dist/`. */
  root?: string;
  /** The built folder to serve instead (relative to the current folder, as `check --dir`). */
  dir?: string;
  /** Port (default 4322); 0 for any free one. A busy port moves to the next free one unless `strictPort`. */
  port?: number;
  strictPort?: boolean;
  /** Interface to bind (default 127.0.0.1). */
  host?: string;
}

export interface PreviewServer {
  url: string;
  host: string;
  port: number;
  /** The folder served. */
  dir: string;
  /** Lines of `_headers` or `_redirects` the preview could not follow (it goes on without them). */
  problems: HostFileProblem[];
  /** A wider --host than loopback, or a port other than the one asked for. */
  notes: string[];
  close(): Promise<void>;
}

/** Why the preview could not start: `not-built` (nothing to serve) and `bad-host` are usage errors. */
export class PreviewError extends Error {
  constructor(
    readonly code: 'not-built' | 'bad-host' | 'port-in-use',
    message: string,
    /** How to fix it. */
    readonly hint?: string,
  ) {
    super(message);
  }
}

/** A host file's text, or '' when the folder has none. Only a regular file is read. */
function hostFile(dir: string, name: string): string {
  const file = path.join(dir, name);
  try {
    return statSync(file).isFile() ? readFileSync(file, 'utf8') : '';
  } catch {
    return '';
  }
}

/** Refuses a folder with nothing built in it, naming what is missing. */
function builtFolder(dir: string, given: boolean): void {
  const hint = given
    ? 'pass --dir the folder `pa-site build` wrote (it holds index.html)'
    : 'run `pa-site build` first, or pass --dir the folder to serve';
  let stat: ReturnType<typeof statSync> | undefined;
  try {
    stat = statSync(dir);
  } catch {
    throw new PreviewError('not-built', `nothing is built to preview: ${dir} does not exist`, hint);
  }
  if (!stat.isDirectory()) throw new PreviewError('not-built', `${dir} is not a folder`, hint);
  try {
    if (statSync(path.join(dir, 'index.html')).isFile()) return;
  } catch {}
  throw new PreviewError('not-built', `nothing is built to preview: ${dir} has no index.html`, hint);
}

export async function preview(options: PreviewOptions = {}): Promise<PreviewServer> {
  const root = path.resolve(options.root ?? '.');
  const dir = options.dir !== undefined ? path.resolve(options.dir) : path.join(root, 'dist');
  const host = options.host ?? '127.0.0.1';
  builtFolder(dir, options.dir !== undefined);
  const fail = (e: unknown): never => {
    throw e instanceof ListenError ? new PreviewError(e.code, e.message, e.hint) : e;
  };
  const addresses = await resolveHost(host).catch(fail);
  const headers = parseHeaders(hostFile(dir, '_headers'));
  const redirects = parseRedirects(hostFile(dir, '_redirects'));
  const server = createServer(handler(dir, host, addresses, headers.rules, redirects.rules));
  const notes: string[] = [];
  const wanted = options.port ?? PREVIEW_PORT;
  const port = await listenOn(server, host, wanted, options.strictPort, (used) =>
    notes.push(`port ${wanted} is in use; using ${used} instead`),
  ).catch(fail);
  if (!addresses.every(isLoopback))
    notes.push(`listening on ${host}: other machines on your network can open this preview`);
  return {
    url: urlFor(host, port),
    host,
    port,
    dir,
    problems: [...headers.problems, ...redirects.problems],
    notes,
    close: () => closeServer(server),
  };
}

function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}

/** The request handler: Host check, redirects, clean URLs, then the files with their headers. */
function handler(
  dir: string,
  host: string,
  addresses: readonly string[],
  headerRules: readonly HeaderRule[],
  redirectRules: readonly RedirectRule[],
): RequestListener {
  const files = staticHandler(dir, { headersFor: (pathname) => headersFor(headerRules, pathname) });
  const exists = (pathname: string) => {
    try {
      const file = path.join(dir, decodeURIComponent(pathname));
      if (!file.startsWith(dir + path.sep) && file !== dir) return false;
      return statSync(file).isFile() || statSync(`${file.replace(/\/$/, '')}.html`).isFile();
    } catch {
      return false;
    }
  };
  return (req, res) => {
    if (!hostAllowed(req.headers.host, host, isWildcard(host) ? machineAddresses() : addresses)) {
      res.writeHead(403, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' });
      return res.end(forbiddenHostMessage(req.headers.host, 'preview'));
    }
    const url = new URL(req.url ?? '/', 'http://localhost');
    const hit = redirectFor(redirectRules, url.pathname);
    // As on Netlify, a file at the URL wins over a rule unless the rule is forced with `!`.
    if (hit && (hit.rule.force || !exists(url.pathname))) {
      if (hit.rule.status === 200) {
        req.url = `${hit.location}${url.search}`;
        return files(req, res);
      }
      res.writeHead(hit.rule.status, { Location: hit.location, ...headersFor(headerRules, url.pathname) });
      return res.end();
    }
    // Clean URLs, as the build's hosts serve them: `/about.html` and `/about/` answer at `/about`.
    const clean = url.pathname.endsWith('.html')
      ? url.pathname.slice(0, -'.html'.length).replace(/\/index$/, '/')
      : url.pathname.length > 1 && url.pathname.endsWith('/') && exists(url.pathname.slice(0, -1))
        ? url.pathname.slice(0, -1)
        : undefined;
    if (clean !== undefined && clean !== url.pathname && exists(url.pathname)) {
      res.writeHead(301, { Location: `${clean}${url.search}`, ...headersFor(headerRules, url.pathname) });
      return res.end();
    }
    return files(req, res);
  };
}
