/**
 * `check()`: builds the site into a temporary folder (or takes a built folder), then checks
 * internal links and fragments, the sitemap, page rules (on pa-site builds) and, on request,
 * external links. Never prints and never exits; the CLI (src/cli/check-command.ts) formats the
 * result.
 */
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parse as parseYaml } from 'yaml';
import {
  basePathProblem,
  isValidRoute,
  routeForFile,
  siteUrlProblem,
  urlBaseProblem,
  urlFor,
} from '../pipeline/route/urls.js';
import type { Page } from '../model.js';
import { append } from './append.js';
import { normalizeBase, underBase, withBase } from './base.js';
import { compileSkip, skipper } from './skip.js';
import { stylesheetPage } from './stylesheets.js';
import { CheckInputError } from './errors.js';
import { readLimited, unreadFinding } from './read-limited.js';
import { detectSite } from './detect.js';
import { listFiles, symlinkFindings } from './files.js';
import type { ExternalOptions } from './external.js';
import { MAX_DEPTH, type PageScan, scanHtml } from './html.js';
import { checkLinks } from './links.js';
import type { SitePage } from './site-page.js';
import { checkRedirectPages, isRedirectPage, notFoundRedirects } from './redirect-pages.js';
import { locateFindings } from './locate.js';
import { servedAsHint } from './mode-hint.js';
import { checkPages, isPageRule, type RulePage } from './rules.js';
import { lookup, SERVED_AS, type ServedAs, servedPath } from './served.js';
import { checkSitemap, parseSitemap } from './sitemap.js';
import { readRegularFileAsync } from '../pipeline/load/regular-file.js';
import { checkFolder, removeStaleCheckFolders } from './temp-folder.js';
import { decodeHtml } from './decode-html.js';
import type { CheckResult, CheckSummary, Finding, Place } from './types.js';
import {
  DEFAULT_POLICY,
  ReferenceDateError,
  referenceDate,
  STALE_SEVERITIES,
  type StaleSeverity,
  type StalenessPolicy,
} from '../staleness.js';

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
}

export { CheckInputError };

interface Config {
  url: string | null;
  /** site.yaml `base`: the site is served under it (null: none, or one the build would refuse). */
  base: string | null;
  knownUnbuilt: string[];
  skip: string[];
  offers: StalenessPolicy & { stale?: StaleSeverity };
}

const positive = (v: unknown, fallback: number) => (typeof v === 'number' && v > 0 ? v : fallback);

/** The two settings check needs from content/site.yaml, without validating the rest. */
async function readConfig(root: string): Promise<Config | null> {
  let text: string;
  try {
    text = (await readRegularFileAsync(path.join(root, 'content', 'site.yaml'))).toString('utf8');
  } catch {
    return null;
  }
  try {
    const data = parseYaml(text) as {
      url?: unknown;
      base?: unknown;
      check?: { knownUnbuilt?: unknown; skip?: unknown };
      offers?: { warnAfterDays?: unknown; hardLimitDays?: unknown; stale?: unknown };
    } | null;
    const list = data?.check?.knownUnbuilt;
    const skip = data?.check?.skip;
    return {
      // An address the build would refuse is no address to resolve links against.
      url: typeof data?.url === 'string' && !siteUrlProblem(data.url) ? data.url : null,
      base: typeof data?.base === 'string' && !basePathProblem(data.base) ? data.base : null,
      knownUnbuilt: Array.isArray(list) ? list.filter((x): x is string => typeof x === 'string') : [],
      skip: Array.isArray(skip) ? skip.filter((x): x is string => typeof x === 'string') : [],
      offers: {
        warnAfterDays: positive(data?.offers?.warnAfterDays, DEFAULT_POLICY.warnAfterDays),
        hardLimitDays: positive(data?.offers?.hardLimitDays, DEFAULT_POLICY.hardLimitDays),
        stale: data?.offers?.stale === 'error' ? 'error' : 'warning',
      },
    };
  } catch {
    return null;
  }
}

const originOf = (url: string | null) => {
  if (!url) return null;
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
};

function uniquePlaces(places: Place[]): Place[] {
  const seen = new Set<string>();
  return places.filter((p) => {
    const key = `${p.page}\n${p.file}\n${p.line}\n${p.region ?? ''}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

const CATEGORY_ORDER = { link: 0, page: 1, external: 2, 'known-unbuilt': 3 } as const;
const RULE_ORDER = ['broken-link', 'broken-asset', 'broken-fragment'];

function sortFindings(findings: Finding[]): Finding[] {
  const firstPage = (f: Finding) => f.places[0]?.page ?? '';
  return findings.sort(
    (a, b) =>
      // A wrong --served-as explains the rest: it comes first.
      Number(b.rule === 'served-as') - Number(a.rule === 'served-as') ||
      CATEGORY_ORDER[a.category] - CATEGORY_ORDER[b.category] ||
      (a.severity === b.severity ? 0 : a.severity === 'error' ? -1 : 1) ||
      (a.category === 'page'
        ? firstPage(a).localeCompare(firstPage(b)) || a.rule.localeCompare(b.rule)
        : (RULE_ORDER.indexOf(a.rule) + 1 || 99) - (RULE_ORDER.indexOf(b.rule) + 1 || 99) ||
          a.rule.localeCompare(b.rule)) ||
      (a.target ?? '').localeCompare(b.target ?? '') ||
      a.message.localeCompare(b.message),
  );
}

/** A broken source URL is fixed in content/sources.yaml: the finding names its `url:` line there. */
async function locateSources(findings: Finding[], root: string, urls: readonly string[]): Promise<void> {
  const broken = findings.filter((f) => f.target !== undefined && urls.includes(f.target));
  if (!broken.length) return;
  const lines = (await readFile(path.join(root, SOURCES_YAML), 'utf8').catch(() => '')).split(/\r?\n/);
  for (const f of broken) {
    const at = lines.findIndex(
      (l) => /^\s*url:\s*/.test(l) && l.replace(/^\s*url:\s*["']?|["']?\s*$/g, '') === f.target,
    );
    if (at >= 0) f.source = { file: SOURCES_YAML, line: at + 1 };
    const fix = `a source's address: correct its url in ${SOURCES_YAML}, or cite another source`;
    f.hint = f.hint ? `${f.hint}; ${fix}` : fix;
  }
}

const SOURCES_YAML = 'content/sources.yaml';

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
  try {
    let dir: string;
    let root: string | null;
    let config: Config | null;
    let pagesByFile = new Map<string, Page>();
    let buildInfo: CheckResult['build'] = null;
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
      };
      pagesByFile = new Map(b.site.pages.map((p) => [p.url.file, p]));
      sourceUrls = Object.values(b.site.config.sources).flatMap((s) => (s.url ? [s.url] : []));
    }

    const t0 = performance.now();
    const { files, symlinks } = await listFiles(dir);
    const fileSet = new Set(files);
    /** Files not read (too large, unreadable): one finding each, however often they are asked for. */
    const unread = new Map<string, Finding>();
    const bytes = (f: string): Buffer | null => {
      if (unread.has(f)) return null;
      const r = readLimited(path.join(dir, f));
      if ('bytes' in r) return r.bytes;
      unread.set(f, unreadFinding(f, r));
      return null;
    };
    const read = (f: string) => (fileSet.has(f) ? (bytes(f)?.toString('utf8') ?? null) : null);
    // A build check made is pa-site's whatever the folder holds; a folder it was given must say so.
    const kind = detectSite(fileSet, read, options.servedAs, options.dir === undefined);
    const { paSite, servedAs } = kind;
    // content/site.yaml describes pa-site's own site: it says nothing about another generator's folder.
    if (!paSite) config = null;
    // --base, else site.yaml's: pa-site wrote every link under it, so nothing outside it is served.
    const base = givenBase ?? config?.base ?? '/';
    // Synchronous reads: for thousands of small files they beat the promise API's per-file overhead.
    // The page rules' state is collected only where they run: pa-site's own builds.
    const htmlFiles: string[] = [];
    const scans: PageScan[] = [];
    for (const f of files.filter((f) => /\.html?$/i.test(f)).sort()) {
      const b = bytes(f);
      if (b === null) continue;
      htmlFiles.push(f);
      scans.push(scanHtml(decodeHtml(b), { rules: paSite }));
    }
    const sitemap = read('sitemap.xml');
    const siteUrl =
      config?.url ??
      (sitemap
        ? (parseSitemap(sitemap)
            .map(originOf)
            .find((o) => o !== null) ?? null)
        : null);
    const siteOrigin = originOf(siteUrl);

    const pages = new Map<string, SitePage>();
    htmlFiles.forEach((file, i) => {
      pages.set(file, { file, url: withBase(base, servedPath(file, servedAs)), scan: scans[i]! });
    });
    /** The file a URL path of the site finds, as the host serves the folder under the base. */
    const lookupUrl = (p: string) => {
      const local = underBase(base, p);
      return local === null ? null : lookup(local, servedAs, fileSet);
    };
    const linkContext = {
      pages,
      files: fileSet,
      siteOrigin,
      servedAs,
      paSite,
      knownUnbuilt: config?.knownUnbuilt ?? [],
      base,
      outsideBase: givenBase === undefined && base !== '/' ? ('broken' as const) : ('skip' as const),
      stylesheets: files
        .filter((f) => /\.css$/i.test(f))
        .flatMap((f) => {
          const css = bytes(f)
            ?.toString('utf8')
            .replace(/^\uFEFF/, '');
          return css === undefined ? [] : [stylesheetPage(f, withBase(base, servedPath(f, servedAs)), css)];
        }),
      skip: skipper([...optionSkip, ...compileSkip(config?.skip ?? [], 'content/site.yaml check.skip')]),
    };
    const links = checkLinks(linkContext);
    const map = checkSitemap({
      text: sitemap,
      required: paSite,
      siteOrigin,
      lookup: lookupUrl,
      read,
    });

    // The redirect pages' canonical-link rule is pa-site's (site.yaml `redirects`); another folder's
    // redirect pages are judged by their refresh links, as any link.
    const redirects = checkRedirectPages(paSite ? pages : new Map(), lookupUrl, siteOrigin);
    // A page reached through a linked redirect page is linked too.
    for (const [from, to] of redirects.targets) if (links.linkedTo.has(from)) links.linkedTo.add(to);
    const findings: Finding[] = [];
    for (const part of [
      links.findings,
      onceEach(redirects.findings, links.findings),
      notFoundRedirects(fileSet, read, redirectFiles(pages), paSite),
      map.findings,
      depthFindings(pages.values()),
    ])
      append(findings, part);
    append(findings, symlinkFindings(symlinks));
    append(findings, unread.values());
    const modeHint = options.dir !== undefined ? servedAsHint(linkContext, links, options.dir) : null;
    if (modeHint) findings.push(modeHint);
    if (paSite) {
      const contentPages = [...pages.values()].filter((p) => !redirects.pages.has(p.file));
      const rulePages: RulePage[] = contentPages.map((p) => {
        const page = pagesByFile.get(p.file);
        const ignore = new Set([...p.scan.ignore, ...(page?.data.checkIgnore ?? [])]);
        for (const id of ignore) {
          if (isPageRule(id)) continue;
          findings.push({
            rule: 'unknown-ignore',
            severity: 'warning',
            category: 'page',
            message: `checkIgnore names "${id}", which is not a page rule`,
            hint: 'use one of the page rule ids in docs/check.md',
            places: [{ page: p.file, url: p.url, file: null, line: null }],
          });
        }
        const route = routeForFile(p.file);
        const canonical = page
          ? page.url.canonical
          : siteUrl && isValidRoute(route)
            ? urlFor(route, siteUrl, canonicalBase(siteUrl, base)).canonical
            : null;
        return { ...p, ignore, canonical };
      });
      append(
        findings,
        checkPages({
          pages: rulePages,
          linkedTo: links.linkedTo,
          listed: map.listed,
          // A build reported each aging offer at its `verified` line; the rule is for folders built earlier.
          offers: builtOffers ? null : { policy: config?.offers ?? DEFAULT_POLICY, today },
        }),
      );
      if ((options.staleOffers ?? config?.offers.stale) === 'error')
        for (const f of findings) if (f.rule === 'offer-stale') f.severity = 'error';
    }

    let externalRefs = 0;
    if (options.external) {
      for (const places of links.external.values()) externalRefs += places.length;
      for (const url of sourceUrls) if (!links.external.has(url)) links.external.set(url, []);
      const { checkExternal } = await import('./external.js');
      const external = await checkExternal(links.external, options.externalOptions);
      if (root) await locateSources(external, root, sourceUrls);
      append(findings, external);
    }
    if (root) {
      await locateFindings(findings, root, new Map([...pagesByFile].map(([file, p]) => [file, p.file])), base);
      // Two spots on one page that map to the same content line (an offer's card and its box) are one place.
      for (const f of findings) f.places = uniquePlaces(f.places);
    }
    sortFindings(findings);
    const errors = findings.filter((f) => f.severity === 'error').length;
    // The build's warnings are printed above the summary, so they are counted in it (report.ts shows
    // a warning a check rule also found once, by that rule, and it is counted once).
    const rules = new Set(findings.map((f) => f.rule));
    const buildWarnings =
      buildInfo?.diagnostics.filter((d) => d.severity === 'warning' && !rules.has(d.code)).length ?? 0;
    return {
      version: 1,
      ok: errors === 0,
      dir,
      root,
      siteUrl,
      site: { builtBy: paSite ? 'pa-site' : 'other', marker: kind.marker, servedAs, servedAsFrom: kind.servedAsFrom },
      summary: {
        pages: pages.size,
        links: links.checked + externalRefs,
        skipped: links.skipped,
        errors,
        warnings: findings.length - errors + buildWarnings,
        ms: Math.round(performance.now() - t0),
        ...(buildMs !== undefined ? { buildMs } : {}),
        offers: builtOffers ?? offersShown(scans, findings),
      },
      build: buildInfo,
      findings,
    };
  } finally {
    temp?.remove();
  }
}

const redirectFiles = (pages: ReadonlyMap<string, SitePage>) =>
  new Set([...pages.values()].filter((p) => isRedirectPage(p.scan)).map((p) => p.file));

/**
 * A redirect page whose target is missing: its refresh link's `broken-link` names it, so the
 * `redirect-target` finding for the same page and target is left out (one break, one finding).
 */
function onceEach(redirectFindings: Finding[], linkFindings: readonly Finding[]): Finding[] {
  const broken = new Set<string>();
  for (const f of linkFindings)
    if (f.rule === 'broken-link') for (const p of f.places) broken.add(`${p.page}\0${f.target}`);
  return redirectFindings.filter((f) => !f.places.some((p) => broken.has(`${p.page}\0${f.target}`)));
}

/** The base canonical URLs of a folder's pages hold: the one it is served under, where url and base agree. */
const canonicalBase = (siteUrl: string, base: string) =>
  basePathProblem(base) || urlBaseProblem(siteUrl, base) ? '/' : base;

/** Pages whose elements nest deeper than browsers build (the scanner stopped reading them there). */
function depthFindings(pages: Iterable<{ file: string; url: string; scan: PageScan }>): Finding[] {
  const findings: Finding[] = [];
  for (const p of pages) {
    if (p.scan.tooDeep === null) continue;
    findings.push({
      rule: 'nesting-depth',
      severity: 'error',
      category: 'page',
      message: `elements nest more than ${MAX_DEPTH} deep; browsers flatten the rest and it was not checked`,
      hint: 'close the elements left open (a missing </div> repeated in a loop is the usual cause)',
      places: [{ page: p.file, url: p.url, file: null, line: p.scan.tooDeep }],
    });
  }
  return findings;
}

/**
 * A given folder's offer counts: offers its pages withhold (one per operator and check date), and
 * offers the `offer-stale` rule found shown past the warn age.
 */
function offersShown(scans: readonly PageScan[], findings: readonly Finding[]): CheckSummary['offers'] {
  const withheld = new Set<string>();
  for (const s of scans)
    for (const o of s.offers) if (o.state === 'withheld') withheld.add(`${o.operator}\n${o.verified}`);
  return { aging: findings.filter((f) => f.rule === 'offer-stale').length, withheld: withheld.size };
}
