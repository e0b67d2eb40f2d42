/**
 * What check does while the pages are in memory: reads and scans every page, resolves every link
 * (broken references go to the link scan's spill, not to findings yet), and runs the sitemap,
 * redirect, depth and page rules. It returns no page: once it returns they can all be let go, and
 * the link findings are made from the spill afterwards (check.ts), so the memory the findings take
 * is never added to the memory the pages take.
 */
import path from 'node:path';
import { isValidRoute, routeForFile, urlFor } from '../urls/urls.js';
import { DEFAULT_POLICY, type StaleSeverity } from '../domain/staleness.js';
import { append } from './append.js';
import { underBase, withBase } from './base.js';
import type { Config } from './config.js';
import { decodeHtml } from './decode-html.js';
import { detectSite, type SiteKind } from './detect.js';
import { listFiles, symlinkFindings } from './files.js';
import { type FileNames, NameTable } from './name-table.js';
import { MAX_DEPTH, scanHtml } from './html.js';
import { LeanPages } from './lean-pages.js';
import { LeanStore } from './lean-store.js';
import { type LinkScan, scanLinks } from './links.js';
import { servedAsHint } from './mode-hint.js';
import { readLimited, unreadFinding } from './read-limited.js';
import { checkRedirectPages, isRedirectPage, notFoundRedirects } from './redirect-pages.js';
import { checkPages, isPageRule, type RulePage } from './rules.js';
import { lookup, type ServedAs, servedPath } from './served.js';
import { leanPage, type Pages, type SitePage } from './site-page.js';
import { checkSitemap, parseSitemap } from './sitemap.js';
import { compileSkip, skipper } from './skip.js';
import type { SpillPath } from './spill-folder.js';
import { stylesheetPage } from './stylesheets.js';
import type { Finding } from './types.js';
import { canonicalBase, originOf } from './site-url.js';

export interface InspectInput {
  dir: string;
  /** The folder as the user gave it (`--dir`); undefined when check built it. */
  givenDir: string | undefined;
  servedAs: ServedAs | undefined;
  config: Config | null;
  /** `--base`, normalized. */
  givenBase: string | undefined;
  skip: ReturnType<typeof compileSkip>;
  /** The built pages by file (a build check): their checkIgnore and canonical URLs. */
  built: ReadonlyMap<string, BuiltPage>;
  /** The build judged the offers (the offer-stale rule is for folders built earlier). */
  offersJudged: boolean;
  staleOffers: StaleSeverity | undefined;
  today: Date;
  spill: SpillPath;
}

/** What the page rules take from a page the build made (plain data: it is sent to check's page thread). */
interface BuiltPage {
  checkIgnore: readonly string[];
  canonical: string;
}

export interface Inspection {
  kind: SiteKind;
  /** site.yaml's settings, null for another generator's folder. */
  config: Config | null;
  base: string;
  siteUrl: string | null;
  pages: number;
  links: LinkScan;
  /** The redirect pages' `redirect-target` findings (a broken link that repeats one replaces it). */
  redirects: Finding[];
  /** Every other finding, in report order before sorting. */
  others: Finding[];
  /** Offers the pages withhold: one per operator and check date. */
  withheld: number;
}

/**
 * Pages from which a folder whose page rules do not run keeps lean pages: below it, everything stays in
 * memory and no spill folder is made for the pages.
 */
export const LEAN_PAGES = 500;

export async function inspectFolder(input: InspectInput): Promise<Inspection> {
  const { dir } = input;
  const listing = await listFiles(dir);
  const { symlinks, aliases } = listing;
  let htmlFiles = listing.files.filter((f) => /\.html?$/i.test(f)).sort();
  const cssFiles = listing.files.filter((f) => /\.css$/i.test(f));
  // A large folder's names are packed (name-table.ts), and the listing's strings let go.
  const large = htmlFiles.length >= LEAN_PAGES;
  const fileSet: FileNames = large ? new NameTable(listing.files) : new Set(listing.files);
  const htmlNames = large ? new NameTable(htmlFiles) : null;
  listing.files = [];
  if (htmlNames) htmlFiles = [];
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
  const kind = detectSite(fileSet, read, input.servedAs, input.givenDir === undefined);
  const { paSite, servedAs } = kind;
  // content/site.yaml describes pa-site's own site: it says nothing about another generator's folder.
  const config = paSite ? input.config : null;
  // --base, else site.yaml's: pa-site wrote every link under it, so nothing outside it is served.
  const base = input.givenBase ?? config?.base ?? '/';
  // Synchronous reads: for thousands of small files they beat the promise API's per-file overhead.
  // The page rules' state is collected only where they run: pa-site's own builds.
  // A large folder whose page rules do not run keeps lean pages (site-page.ts): links on disk, ids hashed,
  // and the pages as columns (lean-pages.ts) instead of an object and a URL a page.
  const store = !paSite && htmlNames ? new LeanStore(input.spill) : null;
  const urlOf = (f: string) => withBase(base, servedPath(f, servedAs));
  const whole = new Map<string, SitePage>();
  const lean = store && htmlNames ? new LeanPages(htmlNames, urlOf) : null;
  const pages: Pages = lean ?? whole;
  // A page reached by two paths (a symbolic link to its folder) is read once, at the path where it really
  // is: the other path shares its scan (its ids answer fragments) but adds no finding of its own. Only
  // such pages' scans are remembered here.
  const shared = new Set(aliases.values());
  const scans = new Map<string, Pick<SitePage, 'scan' | 'lean'> | null>();
  // Closed however the phase ends: the thread that reads the pages may be one of many in a long-lived process.
  try {
    const readScan = (f: string) => {
      const b = bytes(f);
      const scan = b === null ? null : scanHtml(decodeHtml(b), { rules: paSite });
      return scan === null ? null : store ? leanPage(scan, store) : { scan };
    };
    const scanOf = (f: string) => {
      if (!shared.has(f)) return readScan(f);
      if (!scans.has(f)) scans.set(f, readScan(f));
      return scans.get(f)!;
    };
    const count = htmlNames?.length ?? htmlFiles.length;
    for (let i = 0; i < count; i++) {
      const f = htmlNames ? htmlNames.name(i) : htmlFiles[i]!;
      const real = aliases.get(f);
      const seen = scanOf(real ?? f);
      if (seen === null) continue;
      const alias = real ? { aliasOf: real } : {};
      if (lean) lean.add(i, { ...seen, ...alias });
      else whole.set(f, { file: f, url: urlOf(f), ...seen, ...alias });
    }
    scans.clear();
    store?.filled();
    const sitemap = read('sitemap.xml');
    const siteUrl =
      config?.url ??
      (sitemap
        ? (parseSitemap(sitemap)
            .map(originOf)
            .find((o) => o !== null) ?? null)
        : null);
    const siteOrigin = originOf(siteUrl);

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
      outsideBase: input.givenBase === undefined && base !== '/' ? ('broken' as const) : ('skip' as const),
      stylesheets: cssFiles.flatMap((f) => {
        const css = bytes(f)
          ?.toString('utf8')
          .replace(/^\uFEFF/, '');
        return css === undefined ? [] : [stylesheetPage(f, withBase(base, servedPath(f, servedAs)), css)];
      }),
      skip: skipper([...input.skip, ...compileSkip(config?.skip ?? [], 'content/site.yaml check.skip')]),
      ...(store ? { lean: store } : {}),
      // The set of linked pages is for the page rules (orphans): another generator's folder needs none.
      collectLinked: paSite,
    };
    const links = scanLinks(linkContext, input.spill);
    const map = checkSitemap({ text: sitemap, required: paSite, siteOrigin, lookup: lookupUrl, read });

    // The redirect pages' canonical-link rule is pa-site's (site.yaml `redirects`); another folder's
    // redirect pages are judged by their refresh links, as any link.
    const redirects = checkRedirectPages(paSite ? whole : new Map(), lookupUrl, siteOrigin);
    // A page reached through a linked redirect page is linked too.
    for (const [from, to] of redirects.targets) if (links.linkedTo.has(from)) links.linkedTo.add(to);
    const others: Finding[] = [];
    const redirectPages = new Set<string>();
    for (const p of pages.values()) if (isRedirectPage(p.scan)) redirectPages.add(p.file);
    for (const part of [notFoundRedirects(fileSet, read, redirectPages, paSite), map.findings, depthFindings(pages)])
      append(others, part);
    append(others, symlinkFindings(symlinks));
    append(others, unread.values());
    const modeHint = input.givenDir !== undefined ? servedAsHint(linkContext, links, input.givenDir) : null;
    if (modeHint) others.push(modeHint);
    if (paSite) {
      append(
        others,
        pageRuleFindings(input, whole, redirects.pages, links.linkedTo, map.listed, siteUrl, base, config),
      );
      if ((input.staleOffers ?? config?.offers.stale) === 'error')
        for (const f of others) if (f.rule === 'offer-stale') f.severity = 'error';
    }
    const withheld = new Set<string>();
    for (const p of whole.values())
      for (const o of p.scan.offers) if (o.state === 'withheld') withheld.add(`${o.operator}\n${o.verified}`);
    return {
      kind,
      config,
      base,
      siteUrl,
      pages: pages.size - aliases.size,
      links,
      redirects: redirects.findings,
      others,
      withheld: withheld.size,
    };
  } finally {
    store?.close();
  }
}

/** pa-site's page rules, on every page but the redirect pages, and the checkIgnore names that are no rule. */
function pageRuleFindings(
  input: InspectInput,
  pages: ReadonlyMap<string, SitePage>,
  redirectPages: ReadonlySet<string>,
  linkedTo: ReadonlySet<string>,
  listed: Parameters<typeof checkPages>[0]['listed'],
  siteUrl: string | null,
  base: string,
  config: Config | null,
): Finding[] {
  const findings: Finding[] = [];
  for (const id of Object.keys(config?.rules ?? {}).filter((id) => !isPageRule(id)))
    findings.push({
      rule: 'unknown-ignore',
      severity: 'warning',
      category: 'page',
      message: `site.yaml check.rules names "${id}", which is not a page rule`,
      hint: 'use one of the page rule ids in docs/check.md',
      places: [{ page: 'content/site.yaml', url: '', file: 'content/site.yaml', line: null }],
    });
  const contentPages = [...pages.values()].filter((p) => !redirectPages.has(p.file) && p.aliasOf === undefined);
  const rulePages: RulePage[] = contentPages.map((p) => {
    const page = input.built.get(p.file);
    const ignore = new Set([...p.scan.ignore, ...(page?.checkIgnore ?? [])]);
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
      ? page.canonical
      : siteUrl && isValidRoute(route)
        ? urlFor(route, siteUrl, canonicalBase(siteUrl, base)).canonical
        : null;
    return { ...p, ignore, canonical };
  });
  append(
    findings,
    checkPages({
      pages: rulePages,
      linkedTo,
      listed,
      // A build reported each aging offer at its `verified` line; the rule is for folders built earlier.
      offers: input.offersJudged ? null : { policy: config?.offers ?? DEFAULT_POLICY, today: input.today },
      // No site.yaml: nothing says the site follows a pack, so no gambling rule runs.
      pack: config?.pack ?? null,
      settings: config?.rules ?? {},
    }),
  );
  return findings;
}

/** Pages whose elements nest deeper than browsers build (the scanner stopped reading them there). */
function depthFindings(pages: Pages): Finding[] {
  const findings: Finding[] = [];
  for (const p of pages.values()) {
    if (p.scan.tooDeep === null || p.aliasOf !== undefined) continue;
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
