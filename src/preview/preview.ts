/**
 * `preview()`: serves a built folder as the host will, before it is deployed: clean URLs, 404.html,
 * and the headers and redirects of the folder's own `_headers` and `_redirects` files. Local only by
 * default, with the dev server's Host rules (DNS rebinding).
 */
import { statSync } from 'node:fs';
import { createServer, type IncomingMessage, type RequestListener, type Server, type ServerResponse } from 'node:http';
import path from 'node:path';
import { hostAllowed, isLoopback, isWildcard, machineAddresses } from '../serve/host-check.js';
import { allowedTarget, refusesConnect } from '../serve/request-gate.js';
import { ListenError, listenOn, resolveHost, urlFor } from '../serve/listen.js';
import { readRegularFile } from '../pipeline/load/regular-file.js';
import { answersHalfClosed, failed, fileServer, plainAnswer } from '../serve/serve.js';
import { basePathProblem, stripBase, withBase } from '../urls/urls.js';
import { readSiteBase } from '../pipeline/load/site-base.js';
import {
  headersFor,
  isRewrite,
  safeLocation,
  parseHeaders,
  parseRedirects,
  redirectFor,
  type HeaderRule,
  type HostFileProblem,
  type RedirectRule,
} from './host-files.js';
import { parseTarget } from '../serve/request-target.js';

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
  /**
   * The folder the site is served under, as site.yaml `base` (default: the base of
   * `root`/content/site.yaml, else `/`): requests outside it answer 404.
   */
  base?: string;
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
    readonly code: 'not-built' | 'bad-host' | 'port-in-use' | 'bad-base',
    message: string,
    /** How to fix it. */
    readonly hint?: string,
  ) {
    super(message);
  }
}

/** A host file's text, or '' when the folder has none. Only a regular file is read (never a FIFO). */
function hostFile(dir: string, name: string): string {
  try {
    return readRegularFile(path.join(dir, name)).toString('utf8');
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
  const base = servedBase(root, options.base);
  const addresses = await resolveHost(host).catch(fail);
  const headers = parseHeaders(hostFile(dir, '_headers'));
  const redirects = parseRedirects(hostFile(dir, '_redirects'));
  const server = refusesConnect(
    answersHalfClosed(createServer(handler(dir, host, addresses, headers.rules, redirects.rules, base))),
  );
  const notes: string[] = [];
  const wanted = options.port ?? PREVIEW_PORT;
  const port = await listenOn(server, host, wanted, options.strictPort, (used) =>
    notes.push(`port ${wanted} is in use; using ${used} instead`),
  ).catch(fail);
  if (!addresses.every(isLoopback))
    notes.push(`listening on ${host}: other machines on your network can open this preview`);
  return {
    url: `${urlFor(host, port)}${base === '/' ? '' : base}`,
    host,
    port,
    dir,
    problems: [...headers.problems, ...redirects.problems],
    notes,
    close: () => closeServer(server),
  };
}

/** The base to serve under: the option, else site.yaml's; an invalid one is refused. */
function servedBase(root: string, given: string | undefined): string {
  if (given === undefined) {
    const read = readSiteBase(root);
    if (read.problem)
      throw new PreviewError('bad-base', read.problem, 'fix base in content/site.yaml, then build again');
    return read.base;
  }
  const bad = basePathProblem(given);
  if (bad) throw new PreviewError('bad-base', `--base ${JSON.stringify(given)}: ${bad.problem}`, bad.fix);
  return given;
}

function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}

/** The request handler: Host check, a well-formed target, redirects, clean URLs, then the files with their headers. */
function handler(
  dir: string,
  host: string,
  addresses: readonly string[],
  headerRules: readonly HeaderRule[],
  redirectRules: readonly RedirectRule[],
  base: string,
): RequestListener {
  // Files are found by the path under the base; host rules name the whole path, base included.
  const files = fileServer(dir, { headersFor: (pathname) => headersFor(headerRules, withBase(pathname, base)) });
  const redirect = (res: ServerResponse, status: number, location: string, pathname: string) => {
    res.writeHead(status, { ...headersFor(headerRules, pathname), Location: location, 'Cache-Control': 'no-store' });
    res.end();
  };
  const answer = async (req: IncomingMessage, res: ServerResponse) => {
    const allowed = (h: string | undefined) => hostAllowed(h, host, isWildcard(host) ? machineAddresses() : addresses);
    const target = allowedTarget(req, res, allowed, 'preview');
    if (!target) return;
    if (req.method !== 'GET' && req.method !== 'HEAD') return files.handle(req, res);
    const { path: requested, search } = target;
    const pathname = stripBase(requested, base);
    if (pathname === undefined) return plainAnswer(res, 404, `Not found: this site is served under ${base}`);
    if (requested === base.slice(0, -1)) return redirect(res, 301, `${base}${search}`, requested);
    // Clean URLs, as the build's hosts serve them: `/about.html`, `/about/` and `/index.html` answer at `/about`, `/`.
    const clean = pathname.endsWith('.html')
      ? pathname.slice(0, -'.html'.length).replace(/(^|\/)index$/, '') || '/'
      : pathname.length > 1 && pathname.endsWith('/')
        ? pathname.slice(0, -1)
        : undefined;
    const cleanFile = clean !== undefined && (pathname.endsWith('/') ? `${clean}.html` : pathname);
    const moved = cleanFile && (await files.has(cleanFile)) ? clean : undefined;
    const hit = redirectFor(redirectRules, requested);
    const location = hit && safeLocation(hit.location);
    // As on Netlify, a file at the URL wins over a rule unless the rule is forced with `!`.
    if (hit && location && (hit.rule.force || (moved === undefined && !(await files.has(pathname))))) {
      if (!isRewrite(hit.rule.status)) return redirect(res, hit.rule.status, `${location}${search}`, requested);
      const rewritten = parseTarget(location);
      const under = rewritten && stripBase(rewritten.path, base);
      if (under !== undefined) return files.serve(req, res, under, hit.rule.status);
    }
    if (moved !== undefined) return redirect(res, 301, `${withBase(moved, base)}${search}`, requested);
    return files.serve(req, res, pathname);
  };
  return (req, res) => {
    answer(req, res).catch(() => failed(res));
  };
}
