import type { Diagnostic } from '../../support/diagnostics/diagnostics.js';
import type { BodySegment, Page, Site } from '../../model.js';
import { rateOperators } from '../../domain/ratings.js';
import { localeOrder } from '../../support/text/text-order.js';
import { urlFor } from '../../urls/urls.js';
import type { LoadedContent } from '../load/load.js';
import { FrontmatterCache } from '../load/frontmatter.js';
import type { ParsedPage } from './parse-page.js';
import { reportUnusableSources, validateSources } from './sources.js';
import { validateSite } from './site-config.js';
import { checkEditorialAuthors, checkPageAuthors, validateAuthors } from './authors.js';
import { collapseUnknownOperators, validateOperators } from './operators.js';
import { interpolateOperators } from './operator-values.js';
import { checkScores } from './scores.js';
import { readPageDrafts } from './page-drafts.js';
import { withKnownTemplates } from './custom-templates.js';
import { claimPages } from './unique-pages.js';
import { tagPages } from './tag-pages.js';
import { checkBlockPlacement } from './block-placement.js';
import { checkFailedBodyReferences, pageOperatorRefs } from './operator-refs.js';
import { checkSections } from './sections.js';
import { checkToolData } from './tool-data.js';
import { interpolatePageValues } from './page-values.js';
import { reportBrokenUsers, type Broken } from './broken-operators.js';
import { checkRedirects } from './redirects.js';
import { unseenOperators, withOperators } from './visibility.js';
import { parseYaml, type Locate, type YamlSource } from '../load/yaml-source.js';
import { packOfYaml } from '../../domain/gambling-pack.js';
import { BANNED_WORDING, withWordingRule } from '../../schema/common.js';

export interface Validated {
  site: Site | undefined;
  diagnostics: Diagnostic[];
  /**
   * When validation failed but site.yaml did not: what did validate (its operators, its pages), for
   * the later stages' checks, so one run reports every problem. Never rendered or written.
   */
  checkable?: Site;
  /** With `checkable`: the bodies of pages whose frontmatter failed, checked like the others. */
  failedBodies?: { file: string; segments: BodySegment[] }[];
  /** Pages with `draft: true` left out of the site (none when drafts are built). */
  draftsLeftOut: number;
  draftPages: { route: string; file: string }[];
}

/**
 * Stage 2: parse and validate everything, reporting every problem in every file. `splitter` splits
 * pages' frontmatter (pass a cache-backed one to skip pages whose text has not changed).
 */
export function validateContent(
  root: string,
  loaded: LoadedContent,
  splitter: FrontmatterCache = new FrontmatterCache(),
  /** Pages already parsed (by render workers on a cold build), by index in `loaded.pages`. */
  parsed?: ReadonlyMap<number, ParsedPage>,
  /** Build the pages marked `draft: true` too (dev does); otherwise they are left out, and counted. */
  withDrafts = false,
  /** The build's date, YYYY-MM-DD: which dated facts are in force (validate/site-config.ts). */
  today?: string,
): Validated {
  // Banned wording is a rule of the gambling pack: content is judged by it only where site.yaml turns the pack on.
  const siteSrc = loaded.site && parseYaml(loaded.site.text, loaded.site.path);
  const wording = packOfYaml(siteSrc?.data as Parameters<typeof packOfYaml>[0]) !== null;
  return withWordingRule(wording, () =>
    validateWith(root, loaded, splitter, wording ? parsed : strictPartsLeftOut(parsed), withDrafts, today, siteSrc),
  );
}

/**
 * Pages parsed elsewhere (render workers, a dev session's memo) were judged with the wording rule on:
 * on a plain site, those it failed are parsed again here, without it.
 */
function strictPartsLeftOut(parsed?: ReadonlyMap<number, ParsedPage>): ReadonlyMap<number, ParsedPage> | undefined {
  if (!parsed) return parsed;
  const kept = new Map(parsed);
  for (const [i, page] of parsed) if (page.diagnostics.some((d) => d.code === BANNED_WORDING)) kept.delete(i);
  return kept;
}

/** validateContent's work, with site.yaml's YAML read already. */
function validateWith(
  root: string,
  loaded: LoadedContent,
  splitter: FrontmatterCache,
  parsed: ReadonlyMap<number, ParsedPage> | undefined,
  withDrafts: boolean,
  today: string | undefined,
  siteSrc: YamlSource | undefined,
): Validated {
  const diagnostics: Diagnostic[] = [...loaded.diagnostics];
  const sources = validateSources(loaded.sources, diagnostics);
  const siteResult =
    loaded.site && siteSrc ? validateSite(root, loaded.site, sources, diagnostics, today, siteSrc) : undefined;
  const config = siteResult?.config;
  const authors = validateAuthors(loaded.authors, diagnostics);
  // A project without content/authors gets a byline in the site's own name (see templates/components/Hero.tsx).
  const checkAuthors = loaded.authors.length > 0;
  if (siteResult && checkAuthors)
    checkEditorialAuthors(authors, siteResult.config, loaded.site!.path, siteResult.locate, diagnostics);

  const locators = new Map<string, Locate>();
  const broken: Broken = new Map();
  const rawOperators = validateOperators(loaded.operators, sources, diagnostics, locators, broken);
  reportUnusableSources(sources, diagnostics);
  let operators = config ? interpolateOperators(rawOperators, config, locators, broken, diagnostics) : rawOperators;
  if (config) checkScores(operators, config, locators, diagnostics);
  operators = rateOperators(operators, config);
  const operatorsById = new Map(operators.map((o) => [o.id, o]));

  const { drafts, failedBodies, draftsLeftOut, draftPages } = readPageDrafts(
    loaded.pages,
    splitter,
    parsed,
    withDrafts,
    diagnostics,
  );
  const known = withKnownTemplates(root, drafts, diagnostics);
  // A page of an unknown template still has its body checked, like one whose frontmatter failed.
  for (const d of drafts) if (!known.includes(d)) failedBodies.push({ file: d.file.path, body: d.body });
  const { byRoute, reviewRoutes } = claimPages(known, loaded.site !== undefined, diagnostics);
  const pages: Page[] = [];
  for (const d of byRoute.values()) {
    checkBlockPlacement(d, diagnostics);
    const operatorRefs = pageOperatorRefs(d, operatorsById, reviewRoutes, diagnostics, broken);
    if (!config) continue;
    checkSections(d, config, diagnostics);
    checkToolData(d, config, diagnostics);
    const citations = interpolatePageValues(d, config, operatorsById, operatorRefs, broken, diagnostics);
    if (checkAuthors) checkPageAuthors(authors, d, diagnostics);
    pages.push({
      file: d.file.path,
      route: d.route,
      url: urlFor(d.route, config.url, config.base),
      template: d.data.template,
      data: d.data,
      segments: d.body.segments,
      operatorRefs,
      citations,
      sourceHash: d.sourceHash,
    });
  }
  for (const { file, body } of failedBodies)
    checkFailedBodyReferences(file, body, operatorsById, reviewRoutes, diagnostics, broken);
  reportBrokenUsers(broken, diagnostics);
  if (siteResult && loaded.site && drafts.length)
    diagnostics.push(
      ...checkRedirects(siteResult.config.redirects, new Set(byRoute.keys()), loaded.site.path, siteResult.locate),
    );
  if (config) pages.push(...tagPages(pages, config));
  pages.sort((a, b) => (a.route === '/' ? -1 : b.route === '/' ? 1 : localeOrder(a.route, b.route)));
  if (loaded.operators.length === 0) collapseUnknownOperators(diagnostics);
  const hasErrors = diagnostics.some((d) => d.severity === 'error');
  // Only on a whole site: with errors, some pages (and the lists on them) are missing.
  if (!hasErrors && config)
    diagnostics.push(...unseenOperators(operators, pages, (id, p) => locators.get(id)?.(p) ?? { line: 1, col: 1 }));
  const whole = siteResult && {
    root,
    config: { ...siteResult.config, market: withOperators(siteResult.config.market, operators) },
    markdown: siteResult.markdown,
    operators,
    authors: authors.byId,
    pages,
  };
  if (!hasErrors) return { site: whole, diagnostics, draftsLeftOut, draftPages };
  const bodies = failedBodies.map(({ file, body }) => ({ file, segments: body.segments }));
  return { site: undefined, diagnostics, checkable: whole, failedBodies: bodies, draftsLeftOut, draftPages };
}

/** Route of each operator's review page, for links and cards. */
export function reviewRoutesOf(site: Site): Map<string, string> {
  const m = new Map<string, string>();
  for (const p of site.pages) if (p.data.template === 'review') m.set(p.data.operator, p.route);
  return m;
}
