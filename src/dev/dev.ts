import { createHash } from 'node:crypto';
import { existsSync, type FSWatcher, lstatSync, statSync, watch } from 'node:fs';
import { readFile, rm } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import chokidar from 'chokidar';
import { build, type BuildResult, type Compiled } from '../pipeline/build.js';
import { answersHalfClosed, failed, fileServer, requestTarget } from '../serve/serve.js';
import { openServed } from '../serve/served-file.js';
import {
  escapeTerminal,
  formatDiagnostic,
  summarizeDiagnostics,
  type Diagnostic,
} from '../support/diagnostics/diagnostics.js';
import { ownedOrEmpty } from '../pipeline/write/out-dir.js';
import { checksum } from '../pipeline/render/cache/render-cache.js';
import { privateFolder, unwritable } from '../pipeline/render/compile/code-dir.js';
import { cacheDir, templatesDir } from '../support/package/paths.js';
import { DEV_CLIENT } from './client.js';
import { takeDevLock } from './dev-lock.js';
import { NO_PROJECT_HINT, noProjectProblem } from '../pipeline/load/no-project.js';
import { readRegularFile } from '../pipeline/load/regular-file.js';
import { forbiddenHostMessage, hostAllowed, isLoopback, isWildcard, machineAddresses } from './host-check.js';
import { ListenError, listenOn, resolveHost, urlFor } from './listen.js';
import { CLIENT_PATH, EVENTS_PATH, devNotFound, errorPage, injectClient } from './inject.js';
import { stripBase, withBase } from '../urls/urls.js';

export const DEFAULT_PORT = 4321;

export interface DevOptions {
  root?: string;
  /** Port to listen on (default 4321). */
  port?: number;
  /** With `strictPort`, a busy port is an error; otherwise the next free port is used. */
  strictPort?: boolean;
  /** Interface to bind; 127.0.0.1 unless told otherwise. */
  host?: string;
  /** Receives what the terminal should show. */
  log?: (event: DevLog) => void;
}

export type DevLog =
  | {
      kind: 'built';
      ms: number;
      /** Pages whose HTML changed (they reload). */
      routes: string[];
      /** Pages rendered afresh, changed or not. */
      rendered: number;
      css: boolean;
      changed: string[];
    }
  | {
      kind: 'failed';
      ms: number;
      diagnostics: Diagnostic[];
      /** Whether an earlier build succeeded, so its pages are still served; else every page shows the error. */
      served: boolean;
    }
  /** Warnings of a build that succeeded, the ones the previous build did not have (a skipped FIFO). */
  | { kind: 'warnings'; diagnostics: Diagnostic[] }
  | { kind: 'info'; message: string }
  | { kind: 'warning'; message: string; hint: string };

/**
 * Why the dev server could not start. `bad-host` is a usage error (a --host that does not resolve or
 * is not this machine's); the rest are about the project or the machine.
 */
export class DevError extends Error {
  constructor(
    readonly code: 'port-in-use' | 'already-running' | 'no-project' | 'bad-host',
    message: string,
    /** How to fix it. */
    readonly hint?: string,
  ) {
    super(message);
  }
}

/** A --host or --port problem, as the dev server reports it. */
const asDevError = (e: unknown): never => {
  throw e instanceof ListenError ? new DevError(e.code, e.message, e.hint) : e;
};

interface ErrorState {
  message: string;
  details: string[];
  /** Routes whose own source failed: they show the error screen instead of the page. */
  routes: string[];
}

export interface DevServer {
  url: string;
  host: string;
  port: number;
  /** Where the dev build is written (never dist/). */
  outDir: string;
  /** The latest build result. */
  last(): BuildResult;
  /** Rebuild now, as after a change to `changed` files. */
  rebuild(changed?: string[]): Promise<void>;
  close(): Promise<void>;
}

/** chokidar's window for repeated change events of one file (FSWatcher._emit). */
const CHANGE_THROTTLE_MS = 50;

/** A file's content fingerprint ('' when it cannot be read, or is not a regular file: a FIFO would block). */
function digest(file: string): string {
  try {
    return checksum(readRegularFile(file));
  } catch {
    return '';
  }
}

/** What is wrong with a file that should be there, or undefined when it is a file. */
const notAFile = (file: string) => {
  try {
    return statSync(file).isFile() ? undefined : 'it is not a file';
  } catch {
    return 'it does not exist';
  }
};

/**
 * Whether `file` is inside a symbolic link to a folder below `content/pages` (or operators, …). The
 * build does not follow those (it warns), so the watcher does not either: `ln -s . selfdir` would
 * otherwise be walked until ELOOP. `content/` and `content/pages` themselves may be links.
 */
const inLinkedFolder = (contentDir: string, file: string) => {
  const folder = path.dirname(file);
  const depth = path.relative(contentDir, folder).split(path.sep);
  if (depth.length < 2 || depth[0] === '..') return false;
  try {
    return lstatSync(folder, { throwIfNoEntry: false })?.isSymbolicLink() ?? false;
  } catch {
    return false;
  }
};

/** The error code of stat on `file`, or undefined when it succeeds. */
const statProblem = (file: string) => {
  try {
    statSync(file);
    return undefined;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code;
  }
};

/**
 * The folder the dev build (and its lock file) goes in: one per project in the cache folder, or, when
 * that cannot be written (as `build` goes on without its render cache), a private temporary folder
 * holding the render cache too. `temporary` removes that folder as the process exits.
 */
function workFolder(root: string, log: (e: DevLog) => void): { work: string; temporary?: () => void } {
  const work = path.join(cacheDir, 'dev', createHash('sha256').update(root).digest('hex').slice(0, 12));
  const problem = unwritable(work);
  if (!problem) return { work };
  const { dir: own, remove: temporary } = privateFolder('pa-site-dev-');
  log({
    kind: 'warning',
    message:
      `the cache folder ${cacheDir} cannot be written (${problem.code ?? problem.message}); ` +
      'the dev build and its render cache go to a temporary folder instead, removed when dev stops',
    hint: `make ${cacheDir} a writable folder, or set PA_SITE_CACHE_DIR to one`,
  });
  return { work: own, temporary };
}

/** Starts the dev server: builds into a cache folder, serves it, watches and rebuilds on change. */
export async function dev(options: DevOptions = {}): Promise<DevServer> {
  const root = path.resolve(options.root ?? '.');
  const host = options.host ?? '127.0.0.1';
  const log = options.log ?? (() => undefined);
  // Refused up front, as `build` fails on it: there would be nothing to watch and no good page to serve.
  const siteFile = path.join(root, 'content', 'site.yaml');
  const problem = notAFile(siteFile);
  if (problem) {
    const why = problem === 'it does not exist' && existsSync(root) ? noProjectProblem(root) : undefined;
    throw new DevError(
      'no-project',
      why?.message ?? `no site configuration found: expected ${siteFile}, but ${problem}`,
      why?.hint ?? NO_PROJECT_HINT,
    );
  }
  const addresses = await resolveHost(host).catch(asDevError);
  const { work, temporary } = workFolder(root, log);
  const outDir = path.join(work, 'site');
  const lockFile = path.join(work, 'dev.lock.json');

  const devLock = takeDevLock(lockFile, root);
  if ('message' in devLock) throw new DevError('already-running', devLock.message, devLock.hint);

  // The dev output is pa-site's own; one from a version without the marker file is rebuilt from scratch.
  if (!ownedOrEmpty(outDir)) await rm(outDir, { recursive: true, force: true });

  const tplDir = templatesDir(root);
  // The site's own templates (template-layers.ts puts them over pa-site's). pa-site's own are not
  // watched: an installed package's do not change, and in pa-site's clone they are the site's own.
  // Watching a second root also made chokidar miss links made in content/ on a busy machine.
  const tplDirs = [tplDir];
  let last: BuildResult;
  /** site.yaml `base` of the last build that read it: pages link under it, so the server answers there. */
  let base = '/';
  /** A route as the client script names its page (location.pathname without a trailing slash). */
  const served = (route: string) => withBase(route, base).replace(/\/+$/, '') || '/';
  let compiled: Compiled | undefined;
  /** Parts of `compiled` that a changed file went into: recompiled until a build compiles them again. */
  const stale = { templates: false, assets: false };
  let error: ErrorState | undefined;
  /** Whether any build has succeeded yet (until then every page shows the error screen). */
  let hasGoodOutput = false;
  let fileRoutes = new Map<string, string>();
  /** The builds in flight, one after another; a page request waits for them (a build swaps the folder). */
  let running: Promise<void> = Promise.resolve();
  /** The last successful build's warnings, formatted: each is shown once, not on every save. */
  let warned = new Set<string>();
  /** Checksum of each page's HTML as last served: only pages whose bytes changed reload. */
  const sums = new Map<string, string>();
  const clients = new Set<ServerResponse>();
  const send = (event: string, data: unknown) => {
    for (const res of clients) res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  };

  /** Marks the compiled parts a changed templates file went into (a file neither knows: both). */
  const invalidate = (changed: string[]) => {
    const inTemplates = changed.filter((f) => tplDirs.some((d) => f.startsWith(d + path.sep)));
    if (!inTemplates.length) return;
    const tpl = new Set(compiled?.templates.inputs);
    const assets = new Set(compiled?.assets.inputs);
    for (const f of inTemplates) {
      const known = tpl.has(f) || assets.has(f);
      if (tpl.has(f) || !known) stale.templates = true;
      if (assets.has(f) || !known) stale.assets = true;
    }
  };

  /**
   * Routes whose written HTML differs from what was last served, by checksum: the render cache's
   * where it has one (no read), else the output file's. Pages from the cache count too: undoing an
   * edit brings back a version the cache holds, with no page rendered.
   */
  const changedRoutes = async (result: BuildResult): Promise<string[]> => {
    const changed: string[] = [];
    const routes = new Set<string>();
    const compare = (route: string, sum: string) => {
      if (sums.get(route) !== sum) changed.push(route);
      sums.set(route, sum);
    };
    const unknown: { route: string; file: string }[] = [];
    for (const { route, url } of result.site!.pages) {
      routes.add(route);
      const sum = result.checksums.get(route);
      if (sum) compare(route, sum);
      else unknown.push({ route, file: path.join(outDir, url.file) });
    }
    await Promise.all(unknown.map(async ({ route, file }) => compare(route, checksum(await readFile(file)))));
    // A removed page changed too: its open tabs reload to the not-found page.
    for (const route of sums.keys()) {
      if (routes.has(route)) continue;
      sums.delete(route);
      changed.push(route);
    }
    return changed.sort();
  };

  const runBuild = async (changed: string[]) => {
    const t0 = performance.now();
    invalidate(changed);
    const reuse = compiled && {
      dir: compiled.dir,
      templates: stale.templates ? undefined : compiled.templates,
      assets: stale.assets ? undefined : compiled.assets,
    };
    // Drafts (`draft: true`) build here, and only here.
    const result = await build({
      root,
      outDir,
      compiled: reuse,
      cacheDir: temporary && path.join(work, 'render'),
      drafts: true,
    });
    last = result;
    if (result.site) base = result.site.config.base;
    if (result.compiled) {
      compiled = result.compiled;
      stale.templates = stale.assets = false;
    }
    if (result.ok) {
      hasGoodOutput = true;
      fileRoutes = new Map(result.site!.pages.map((p) => [p.file, p.route]));
      // Pages re-rendered with the same bytes (a template change that does not touch them) stay as they are.
      const updated = await changedRoutes(result);
      const ms = performance.now() - t0;
      const failedRoutes = error?.routes ?? [];
      const wasError = !!error;
      error = undefined;
      const cssOnly = changed.length > 0 && changed.every((f) => f.endsWith('.css'));
      // Pages that showed the error screen reload too, even when their output came from the cache.
      const routes = [...new Set([...updated, ...failedRoutes])];
      if (cssOnly) send('css', { href: withBase(result.compiled!.assets.refs.css, base) });
      // No event when no page changed: a save that changes nothing (or a repeated file event) reloads nothing.
      else if (changed.length && routes.length) send('reload', { routes: routes.map(served), all: false });
      if (wasError) send('error-state', null);
      log({ kind: 'built', ms, routes: updated, rendered: result.renderedRoutes.length, css: cssOnly, changed });
      const warnings = result.diagnostics.filter((d) => d.severity === 'warning');
      const fresh = warnings.filter((d) => !warned.has(formatDiagnostic(d)));
      warned = new Set(warnings.map(formatDiagnostic));
      if (fresh.length) log({ kind: 'warnings', diagnostics: fresh });
    } else {
      const ms = performance.now() - t0;
      const errors = result.diagnostics.filter((d) => d.severity === 'error');
      error = {
        message: summarizeDiagnostics(result.diagnostics),
        details: errors.map(formatDiagnostic),
        routes: [...new Set(errors.map((d) => fileRoutes.get(d.file)).filter((r): r is string => !!r))],
      };
      send('error-state', { message: error.message, details: error.details });
      log({ kind: 'failed', ms, diagnostics: result.diagnostics, served: hasGoodOutput });
    }
  };
  await runBuild([]);

  /** The templates' ErrorScreen, from the last templates that compiled. */
  const errorScreen = (e: ErrorState): string | undefined => {
    const t = compiled?.templates.module;
    try {
      return t
        ? t.expandShared(
            t.renderToStaticMarkup(t.createElement(t.ErrorScreen, { message: e.message, details: e.details })),
          )
        : undefined;
    } catch {
      return undefined;
    }
  };
  const assets = fileServer(outDir, { dev: true });
  const handler = async (req: IncomingMessage, res: ServerResponse) => {
    if (!hostAllowed(req.headers.host, host, isWildcard(host) ? machineAddresses() : addresses)) {
      res.writeHead(403, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' });
      return res.end(forbiddenHostMessage(req.headers.host, 'dev'));
    }
    // Never `new URL(req.url)`: `//%25` makes it throw; a malformed target is the client's error (400).
    const target = requestTarget(req, res);
    if (!target) return;
    // Under a base, `/repo/about` is the page `/about` (assets.handle reads req.url again).
    const url = { pathname: stripBase(target.path, base) ?? target.path };
    if (url.pathname !== target.path) req.url = url.pathname + target.search;
    if (url.pathname === CLIENT_PATH) {
      res.writeHead(200, { 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': 'no-store' });
      return res.end(DEV_CLIENT);
    }
    if (url.pathname === EVENTS_PATH) {
      res.writeHead(200, {
        'Content-Type': 'text/event-stream',
        'Cache-Control': 'no-store',
        Connection: 'keep-alive',
      });
      const state = error ? { message: error.message, details: error.details } : null;
      res.write(`event: error-state\ndata: ${JSON.stringify(state)}\n\n`);
      clients.add(res);
      req.on('close', () => clients.delete(res));
      return;
    }
    // A build swaps the output folder at its end: serve from the folder it leaves, not mid-swap.
    await running;
    const route = url.pathname.replace(/\/+$/, '') || '/';
    const htmlCss = compiled && withBase(compiled.assets.refs.css, base);
    if (error && (error.routes.includes(route) || !hasGoodOutput)) {
      res.writeHead(500, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' });
      return res.end(errorPage(error.message, error.details, htmlCss, errorScreen(error)));
    }
    // Pages and the not-found page are read as preview finds files: inside the folder, regular files only.
    const readHtml = async (urlPath: string) => {
      const found = await openServed(outDir, urlPath);
      try {
        return found?.file.endsWith('.html') ? await found.handle.readFile('utf8') : undefined;
      } finally {
        await found?.handle.close();
      }
    };
    const page = await readHtml(url.pathname);
    if (page !== undefined) {
      res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' });
      return res.end(injectClient(page));
    }
    assets.handle(req, res, async () => {
      const notFound = await readHtml('/404.html');
      const routes = fileRoutes.size ? [...fileRoutes.values()].sort().map((r) => withBase(r, base)) : [];
      res.writeHead(404, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' });
      res.end(notFound !== undefined ? devNotFound(notFound, routes) : errorPage('404 Not Found', []));
    });
  };
  const server = answersHalfClosed(
    createServer((req, res) => {
      handler(req, res).catch(() => failed(res));
    }),
  );

  const wanted = options.port ?? DEFAULT_PORT;
  const port = await listenOn(server, host, wanted, options.strictPort, (used) =>
    log({ kind: 'info', message: `port ${wanted} is in use; using ${used} instead` }),
  ).catch(asDevError);
  const url = urlFor(host, port);
  devLock.update({ pid: process.pid, url, root });
  if (!addresses.every(isLoopback))
    log({
      kind: 'warning',
      message: `listening on ${host}: other machines on your network can open this dev server`,
      hint: 'use the default --host (127.0.0.1) unless you need that',
    });

  // Watch content, templates and styles; batch the changes of one save.
  // Only folders that exist: chokidar's wait for a missing one made it miss files made in content/ on a
  // busy machine (a templates/ made later is found below).
  const watcher = chokidar.watch([path.join(root, 'content'), ...tplDirs.filter((d) => existsSync(d))], {
    ignoreInitial: true,
    ignored: (p) => /(^|[/\\])\.|node_modules/.test(path.basename(p)) || inLinkedFolder(path.join(root, 'content'), p),
  });
  let pending = new Set<string>();
  let timer: NodeJS.Timeout | undefined;
  const flush = () => {
    const changed = [...pending];
    pending = new Set();
    running = running
      .then(() => runBuild(changed))
      .catch((e) =>
        log({
          kind: 'info',
          message: `rebuild failed unexpectedly: ${escapeTerminal(String((e as Error).message ?? e))}`,
        }),
      );
  };
  const trailing = new Set<NodeJS.Timeout>();
  // chokidar cannot stat a symbolic link loop (ELOOP) or an unreadable entry: without a listener
  // that error would end the process with a stack. The path is rebuilt instead, so the build reports
  // it the way `build` does (one diagnostic at the file, or nothing when it is not content); an
  // error that names no path is shown once.
  const watchErrors = new Set<string>();
  /** Whether the watcher's first scan is done (the errors before it are the first build's to report). */
  let ready = false;
  // chokidar never tracks a path it could not stat, so it reports no change when the loop is
  // removed or mended: any event in a watched folder looks at those paths again.
  const unwatched = new Map<string, string | undefined>();
  watcher.on('raw', () => {
    for (const [p, code] of unwatched) {
      if (statProblem(p) === code) continue;
      unwatched.delete(p);
      changed(p);
    }
  });
  watcher.on('error', (e) => {
    const err = e as NodeJS.ErrnoException;
    if (err.path) {
      unwatched.set(err.path, err.code);
      // Before 'ready', the first build has already read (and reported) what is there.
      if (ready) changed(err.path);
      return;
    }
    const message = `the file watcher reported a problem: ${err.code ?? err.message}`;
    if (watchErrors.has(message)) return;
    watchErrors.add(message);
    log({ kind: 'warning', message, hint: 'a change may not rebuild until dev restarts; save the file again' });
  });
  const changed = (file: string) => {
    const abs = path.resolve(file);
    pending.add(abs);
    clearTimeout(timer);
    timer = setTimeout(flush, 15);
    // chokidar drops a change that follows another one of the same file within 50 ms, so a good save
    // right after a bad one would never be built. The last save wins: look again once that window
    // has passed, and rebuild if the file changed since this event.
    const seen = digest(abs);
    const again = setTimeout(() => {
      trailing.delete(again);
      if (digest(abs) === seen) return;
      pending.add(abs);
      clearTimeout(timer);
      timer = setTimeout(flush, 0);
    }, CHANGE_THROTTLE_MS + 25);
    trailing.add(again);
  };
  watcher.on('all', (_event, file) => changed(file));
  // chokidar does not see a watched folder appear that did not exist: a templates/ made while dev runs
  // is found by watching the project folder itself, then watched on its own (its files made by then
  // count as changes too, so none is missed between the folder and the watch).
  let lateTemplates: ReturnType<typeof chokidar.watch> | undefined;
  let rootWatch: FSWatcher | undefined;
  if (!existsSync(tplDir)) {
    try {
      rootWatch = watch(root, (_event, name) => {
        if (name !== path.basename(tplDir) || lateTemplates || !existsSync(tplDir)) return;
        lateTemplates = chokidar.watch(tplDir, { ignored: (p) => /(^|[/\\])\./.test(path.basename(p)) });
        lateTemplates.on('all', (_e, file) => changed(file));
        lateTemplates.on('error', () => undefined);
      });
      rootWatch.on('error', () => undefined);
    } catch {
      // No watch on the project folder (a watch limit): a templates/ made later needs a restart.
    }
  }
  await new Promise<void>((resolve) => watcher.once('ready', () => resolve()));
  ready = true;

  return {
    url: base === '/' ? url : url + base,
    host,
    port,
    outDir,
    last: () => last,
    rebuild: async (changed = []) => {
      const job = running.then(() => runBuild(changed.map((f) => path.resolve(root, f))));
      running = job.catch(() => undefined);
      await job;
    },
    async close() {
      clearTimeout(timer);
      for (const t of trailing) clearTimeout(t);
      rootWatch?.close();
      await lateTemplates?.close();
      await watcher.close();
      // close() drops every listener, but a stat already under way can still report an error: with
      // no listener left, that would end the process with a stack.
      watcher.on('error', () => undefined);
      for (const res of clients) res.end();
      clients.clear();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await running;
      if (temporary) temporary();
      else devLock.release();
    },
  };
}
