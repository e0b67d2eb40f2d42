/**
 * `check()`: builds the site into a temporary folder (or takes a built folder), then checks
 * internal links and fragments, the sitemap, page rules (on pa-site builds) and, on request,
 * external links. Never prints and never exits; the CLI (src/cli/check-command.ts) formats the
 * result. The pages are read and checked first (inspect.ts), in a thread of their own whose memory is
 * let go as it ends (page-thread.ts); the link findings are made from the broken references after
 * that, and a finding on many pages keeps its first few in memory, the rest in check's spill folder
 * (place-store.ts) until `closeCheck()`; with `spillFindings`, so do the findings past 20,000
 * (finding-spill.ts).
 */
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { Page } from '../model.js';
import { ReferenceDateError, referenceDate, STALE_SEVERITIES, type StaleSeverity } from '../domain/staleness.js';
import { packOf } from '../domain/gambling-pack.js';
import { nameDraftLinks } from './draft-links.js';
import { contentFilesOf, isOwnOutput } from './content-map.js';
import { typecheckFindings } from './typecheck.js';
import { normalizeBase } from './base.js';
import { type Config, readConfig } from './config.js';
import { CheckInputError } from './errors.js';
import type { ExternalOptions } from './external.js';
import { FINDINGS_KEPT, FindingCollector, spilledResult } from './finding-spill.js';
import { linkFindings } from './link-findings.js';
import { locateFindings } from './locate.js';
import { uniquePlaces } from './order.js';
import { inspectInThread } from './page-thread.js';
import { PlaceStore } from './place-store.js';
import { SERVED_AS, type ServedAs } from './served.js';
import { compileSkip } from './skip.js';
import { locateSources } from './sources-yaml.js';
import { SpillFolder } from './spill-folder.js';
import { checkFolder, removeStaleCheckFolders } from './temp-folder.js';
import type { CheckResult, CheckSummary, Finding } from './types.js';

export interface CheckOptions {
  /** Project folder holding content/. Default: the current folder (when `dir` is not given). */
  root?: string;
  /** Check this built folder instead of building. `root`, when given, supplies the site URL and check.knownUnbuilt. */
  dir?: string;
  /** Also check links to other sites (needs network). */
  external?: boolean;
  externalOptions?: ExternalOptions;
  /**
   * How the host serves the folder (served.ts): `clean`, `html` or `folders`. Default: `clean` for
   * pa-site builds, else what the folder's vercel.json says, else `clean`.
   */
  servedAs?: ServedAs;
  /** Clock for the build (tests pin it). */
  now?: Date;
  /** The date offers are judged against: a Date or YYYY-MM-DD (default: $PA_SITE_TODAY, else `now`). */
  today?: Date | string;
  /**
   * `error` makes an aging or withheld offer an error (exit 1). Default: content/site.yaml
   * `offers.stale`, else `warning`.
   */
  staleOffers?: StaleSeverity;
  /**
   * Links to leave out: regular expressions tested against the URL as written and as resolved
   * (`--skip`), besides content/site.yaml `check.skip`.
   */
  skip?: string[];
  /** The URL path the folder is served under (`--base /book/`): links outside it are not checked. Default `/`. */
  base?: string;
  /**
   * Past 20,000 findings, keep them sorted in check's spill folder rather than in memory: the result's
   * `findings` is then empty, `spilled` true, and `eachFinding(result)` reads them back (as the CLI does).
   */
  spillFindings?: boolean;
  /** Findings kept in memory before they spill (tests set it low). Default FINDINGS_KEPT (20,000). */
  findingsKept?: number;
}

export { CheckInputError };

export async function check(options: CheckOptions = {}): Promise<CheckResult> {
  if (options.servedAs !== undefined && !SERVED_AS.includes(options.servedAs))
    throw new CheckInputError(`servedAs must be one of ${SERVED_AS.join(', ')} (received: ${options.servedAs})`);
  if (options.staleOffers !== undefined && !STALE_SEVERITIES.includes(options.staleOffers))
    throw new CheckInputError(
      `staleOffers must be one of ${STALE_SEVERITIES.join(', ')} (received: ${options.staleOffers})`,
    );
  let today: Date;
  try {
    today = referenceDate(options.today, options.now);
  } catch (e) {
    if (e instanceof ReferenceDateError) throw new CheckInputError(e.message);
    throw e;
  }
  const givenBase = options.base === undefined ? undefined : normalizeBase(options.base);
  const optionSkip = compileSkip(options.skip ?? [], '--skip');
  let temp: ReturnType<typeof checkFolder> | undefined;
  // Made only when broken links or places spill; kept past the return only when places did.
  const spill = new SpillFolder();
  const store = new PlaceStore(spill);
  let kept = false;
  try {
    let dir: string;
    let root: string | null;
    let config: Config | null;
    let pagesByFile = new Map<string, Page>();
    let buildInfo: CheckResult['build'] = null;
    /** Pages the build left out as drafts: a link to one says so (draft-links.ts). */
    let drafts: { route: string; file: string }[] = [];
    let buildMs: number | undefined;
    /** content/sources.yaml's URLs (a build check): --external checks them even where no page links one. */
    let sourceUrls: string[] = [];
    // Offers the build judged (counted once, at their operator files); null when check was given a folder.
    let builtOffers: CheckSummary['offers'] | null = null;

    if (options.dir !== undefined) {
      // path.resolve('') is the current folder: an empty value (an unset variable in a script) is refused.
      if (options.dir.trim() === '')
        throw new CheckInputError('--dir is empty: give the built folder to check, e.g. --dir dist');
      dir = path.resolve(options.dir);
      const st = await stat(dir).catch(() => null);
      if (!st?.isDirectory()) throw new CheckInputError(`${options.dir} is not a folder`);
      root = options.root !== undefined ? path.resolve(options.root) : null;
      config = root ? await readConfig(root) : null;
    } else {
      root = path.resolve(options.root ?? '.');
      removeStaleCheckFolders();
      temp = checkFolder();
      dir = path.join(temp.dir, 'site');
      // Loaded only when needed: `check --dir` starts without the build pipeline.
      const { build } = await import('../pipeline/build.js');
      const b = await build({ root, outDir: dir, now: options.now, today, staleOffers: options.staleOffers });
      buildInfo = { ok: b.ok, diagnostics: b.diagnostics };
      drafts = b.draftPages;
      builtOffers = b.offers;
      buildMs = Math.round(b.timings.total);
      if (!b.ok || !b.site) {
        const errors = b.diagnostics.filter((d) => d.severity === 'error').length;
        return {
          version: 1,
          ok: false,
          dir,
          root,
          siteUrl: null,
          site: { builtBy: 'pa-site', marker: null, servedAs: options.servedAs ?? 'clean', servedAsFrom: 'pa-site' },
          summary: {
            pages: 0,
            links: 0,
            errors,
            warnings: b.diagnostics.length - errors,
            ms: 0,
            buildMs,
            offers: b.offers,
          },
          build: buildInfo,
          findings: [],
        };
      }
      config = {
        url: b.site.config.url,
        base: b.site.config.base,
        knownUnbuilt: b.site.config.check.knownUnbuilt,
        skip: b.site.config.check.skip,
        offers: b.site.config.offers,
        pack: packOf(b.site.config),
        rules: b.site.config.check.rules,
      };
      pagesByFile = new Map(b.site.pages.map((p) => [p.url.file, p]));
      sourceUrls = Object.values(b.site.config.sources).flatMap((s) => (s.url ? [s.url] : []));
    }

    const t0 = performance.now();
    const seen = await inspectInThread(
      {
        dir,
        givenDir: options.dir,
        servedAs: options.servedAs,
        config,
        givenBase,
        skip: optionSkip,
        built: new Map(
          [...pagesByFile].map(([file, p]) => [file, { checkIgnore: p.data.checkIgnore, canonical: p.url.canonical }]),
        ),
        offersJudged: builtOffers !== null,
        staleOffers: options.staleOffers,
        today,
      },
      spill,
      options.external === true,
    );
    const { kind, links, base } = seen;
    // `--dir` on the project's own output: which content file made each page, and which pages are drafts.
    const own = root && pagesByFile.size === 0 && isOwnOutput(root, dir) ? await contentFilesOf(root) : null;
    const draftPages = own?.drafts ?? drafts;
    // The findings in the order they are made, kept in memory or, past a threshold, sorted in the spill folder.
    const collected = new FindingCollector(
      spill,
      store,
      options.spillFindings === true ? (options.findingsKept ?? FINDINGS_KEPT) : null,
    );
    let named: { f: Finding; s: number }[] = [];
    const nameBatch = () => {
      nameDraftLinks(
        named.map((n) => n.f),
        draftPages,
        base,
      );
      for (const n of named) collected.add(n.f, n.s);
      named = [];
    };
    // The pages are gone: the link findings are made now, from the broken references in order.
    const redirectKey = (f: Finding) => f.places.map((p) => `${p.page}\0${f.target}`);
    const made = linkFindings(
      links.broken.sorted(),
      { ...links.context, redirectKeys: new Set(seen.redirects.flatMap(redirectKey)) },
      store,
      (f, s) => {
        named.push({ f, s });
        if (named.length === 1_024) nameBatch();
      },
    );
    nameBatch();
    // The other findings come after the link findings (numbered by reading order), in the order they are made.
    let order = 2 ** 50;
    const add = (list: Iterable<Finding>) => {
      for (const f of list) collected.add(f, order++);
    };
    add(links.builtKnown);
    // A redirect page whose target is missing: its refresh link's `broken-link` names it (one break, one finding).
    add(seen.redirects.filter((f) => !redirectKey(f).some((k) => made.brokenRedirects.has(k))));
    add(seen.others);
    // The project's own templates, type-checked where it has TypeScript (check and check --dir alike).
    if (root && config) add(typecheckFindings(root));

    let externalRefs = 0;
    if (options.external) {
      for (const places of links.external.values()) externalRefs += places.length;
      for (const url of sourceUrls) if (!links.external.has(url)) links.external.set(url, []);
      const { checkExternal } = await import('./external.js');
      const external = await checkExternal(
        { urls: links.external, fragments: links.externalFragments, mailto: links.mailto },
        options.externalOptions,
      );
      if (root) await locateSources(external, root, sourceUrls);
      add(external);
    }
    // A built check knows each page's file; `--dir` on the project's own output reads the routes of content/pages.
    const contentFiles =
      root === null ? null : (own?.files ?? new Map([...pagesByFile].map(([file, p]) => [file, p.file])));
    const findings = await collected.finish(async (batch) => {
      if (root === null || contentFiles === null) return;
      await locateFindings(batch, root, contentFiles, base);
      for (const f of batch) if (f.placeCount === undefined) f.places = uniquePlaces(f.places);
    });
    const counts = collected.counts;
    const errors = counts.errors;
    // The build's warnings are printed above the summary, so they are counted in it (report.ts shows
    // a warning a check rule also found once, by that rule, and it is counted once).
    const buildWarnings =
      buildInfo?.diagnostics.filter((d) => d.severity === 'warning' && !counts.rules.has(d.code)).length ?? 0;
    kept = store.used || !Array.isArray(findings);
    return spilledResult(
      {
        version: 1,
        ok: errors === 0,
        dir,
        root,
        siteUrl: seen.siteUrl,
        site: {
          builtBy: kind.paSite ? 'pa-site' : 'other',
          marker: kind.marker,
          servedAs: kind.servedAs,
          servedAsFrom: kind.servedAsFrom,
        },
        summary: {
          pages: seen.pages,
          links: links.checked + externalRefs,
          skipped: links.skipped,
          errors,
          warnings: counts.findings - errors + buildWarnings,
          ms: Math.round(performance.now() - t0),
          ...(buildMs !== undefined ? { buildMs } : {}),
          offers: builtOffers ?? {
            aging: counts.offerStale,
            withheld: seen.withheld,
          },
        },
        build: buildInfo,
        findings: [],
      },
      findings,
    );
  } finally {
    temp?.remove();
    // Places a result refers to stay until closeCheck(); the sort's runs and everything on error go now.
    if (!kept) store.close();
  }
}
