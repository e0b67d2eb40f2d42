import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { build, type BuildResult, type Compiled } from '../pipeline/build.js';
import { BuildMemo } from '../pipeline/build-memo.js';
import { checksum } from '../pipeline/render/cache/render-cache.js';
import { formatDiagnostic, summarizeDiagnostics } from '../support/diagnostics/diagnostics.js';
import { withBase } from '../urls/urls.js';
import type { DevLog } from './dev-log.js';

export interface ErrorState {
  message: string;
  details: string[];
  /** Routes whose own source failed: they show the error screen instead of the page. */
  routes: string[];
}

export interface DevBuildOptions {
  root: string;
  outDir: string;
  /** The render cache's folder when the usual one cannot be written (see work-folder.ts). */
  cacheDir?: string;
  /** The site's templates folder: a change there recompiles what it went into. */
  tplDir: string;
  /** Sends a live-reload event to the open tabs. */
  send: (event: string, data: unknown) => void;
  log: (event: DevLog) => void;
}

/**
 * The dev build and what the server knows of it: each build reuses the compiled templates and assets a
 * change did not touch, and afterwards tells the open tabs what to reload and the terminal what happened.
 */
export class DevBuilds {
  /** The latest build result. */
  last!: BuildResult;
  /** site.yaml `base` of the last build that read it: pages link under it, so the server answers there. */
  base = '/';
  compiled: Compiled | undefined;
  error: ErrorState | undefined;
  /** Whether any build has succeeded yet (until then every page shows the error screen). */
  hasGoodOutput = false;
  /** Each page's source file and its route, from the last good build. */
  fileRoutes = new Map<string, string>();
  /** Parts of `compiled` that a changed file went into: recompiled until a build compiles them again. */
  private readonly stale = { templates: false, assets: false };
  /** The last successful build's warnings, formatted: each is shown once, not on every save. */
  private warned = new Set<string>();
  /** Checksum of each page's HTML as last served: only pages whose bytes changed reload. */
  private readonly sums = new Map<string, string>();
  /** What each build read and parsed: a save reads and parses only the files it changed. */
  readonly memo = new BuildMemo();

  constructor(private readonly o: DevBuildOptions) {}

  /** A route as the client script names its page (location.pathname without a trailing slash). */
  private served = (route: string) => withBase(route, this.base).replace(/\/+$/, '') || '/';

  /** Builds after a change to `changed` files (none: the first build). */
  async run(changed: string[]): Promise<void> {
    const { root, outDir, cacheDir, send, log } = this.o;
    const t0 = performance.now();
    this.invalidate(changed);
    const compiled = this.compiled;
    const reuse = compiled && {
      dir: compiled.dir,
      templates: this.stale.templates ? undefined : compiled.templates,
      assets: this.stale.assets ? undefined : compiled.assets,
    };
    // Drafts (`draft: true`) build here, and only here.
    this.memo.begin(changed);
    const result = await build({ root, outDir, compiled: reuse, cacheDir, drafts: true, memo: this.memo });
    this.last = result;
    if (result.site) this.base = result.site.config.base;
    if (result.compiled) {
      this.compiled = result.compiled;
      this.stale.templates = this.stale.assets = false;
    }
    if (result.ok) {
      this.hasGoodOutput = true;
      this.fileRoutes = new Map(result.site!.pages.map((p) => [p.file, p.route]));
      // Pages re-rendered with the same bytes (a template change that does not touch them) stay as they are.
      const updated = await this.changedRoutes(result);
      const ms = performance.now() - t0;
      const failedRoutes = this.error?.routes ?? [];
      const wasError = !!this.error;
      this.error = undefined;
      const cssOnly = changed.length > 0 && changed.every((f) => f.endsWith('.css'));
      // Pages that showed the error screen reload too, even when their output came from the cache.
      const routes = [...new Set([...updated, ...failedRoutes])];
      if (cssOnly) send('css', { href: withBase(result.compiled!.assets.refs.css, this.base) });
      // No event when no page changed: a save that changes nothing (or a repeated file event) reloads nothing.
      else if (changed.length && routes.length) send('reload', { routes: routes.map(this.served), all: false });
      if (wasError) send('error-state', null);
      // The render cache's index and packs are stored once the tabs know: a save's reload does not wait for them.
      this.memo.flush();
      log({ kind: 'built', ms, routes: updated, rendered: result.renderedRoutes.length, css: cssOnly, changed });
      const warnings = result.diagnostics.filter((d) => d.severity === 'warning');
      const fresh = warnings.filter((d) => !this.warned.has(formatDiagnostic(d)));
      this.warned = new Set(warnings.map(formatDiagnostic));
      if (fresh.length) log({ kind: 'warnings', diagnostics: fresh });
    } else {
      const ms = performance.now() - t0;
      const errors = result.diagnostics.filter((d) => d.severity === 'error');
      const error = {
        message: summarizeDiagnostics(result.diagnostics),
        details: errors.map(formatDiagnostic),
        routes: [...new Set(errors.map((d) => this.fileRoutes.get(d.file)).filter((r): r is string => !!r))],
      };
      this.error = error;
      send('error-state', { message: error.message, details: error.details });
      log({ kind: 'failed', ms, diagnostics: result.diagnostics, served: this.hasGoodOutput });
    }
  }

  /** Marks the compiled parts a changed templates file went into (a file neither knows: both). */
  private invalidate(changed: string[]): void {
    const inTemplates = changed.filter((f) => f.startsWith(this.o.tplDir + path.sep));
    if (!inTemplates.length) return;
    const tpl = new Set(this.compiled?.templates.inputs);
    const assets = new Set(this.compiled?.assets.inputs);
    for (const f of inTemplates) {
      const known = tpl.has(f) || assets.has(f);
      if (tpl.has(f) || !known) this.stale.templates = true;
      if (assets.has(f) || !known) this.stale.assets = true;
    }
  }

  /**
   * Routes whose written HTML differs from what was last served, by checksum: the render cache's
   * where it has one (no read), else the output file's. Pages from the cache count too: undoing an
   * edit brings back a version the cache holds, with no page rendered.
   */
  private async changedRoutes(result: BuildResult): Promise<string[]> {
    const { sums } = this;
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
      else unknown.push({ route, file: path.join(this.o.outDir, url.file) });
    }
    await Promise.all(unknown.map(async ({ route, file }) => compare(route, checksum(await readFile(file)))));
    // A removed page changed too: its open tabs reload to the not-found page.
    for (const route of sums.keys()) {
      if (routes.has(route)) continue;
      sums.delete(route);
      changed.push(route);
    }
    return changed.sort();
  }
}
