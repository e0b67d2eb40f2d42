import path from 'node:path';
import type { Diagnostic } from '../../support/diagnostics/diagnostics.js';
import type { BodySegment, Operator, Page, Site, SourceFile } from '../../model.js';
import { siteSchema, type SiteConfig } from '../../schema/site.js';
import { operatorSchema } from '../../schema/operator.js';
import { authorSchema, type Author } from '../../schema/author.js';
import { issuesToDiagnostics, closest, fieldPath, notAMapping, operatorIdHint } from './issues.js';
import { checkRedirects } from './redirects.js';
import { checkScores } from './scores.js';
import { rateOperators } from '../../domain/ratings.js';
import { attachDraft, err, parsePage, type PageDraft, type ParsedPage } from './parse-page.js';
import {
  citationOf,
  cycleIssue,
  interpolateDeep,
  leftoverIssue,
  lookupDeep,
  lookupReference,
  malformedIssue,
  unknownValue,
  type Malformed,
} from './interpolate.js';
import { checkSourceRefs, reportUnusableSources, validateSources, type SourceRegistry } from './sources.js';
import { parseYaml } from '../load/yaml-source.js';
import { unseenOperators, withOperators } from './visibility.js';
import type { BodyScan } from './body.js';
import { FrontmatterCache } from '../load/frontmatter.js';
import { urlFor } from '../../urls/urls.js';
import type { LoadedContent } from '../load/load.js';
import type { MarkdownSetup } from '../render/markdown/markdown-setup.js';
import { resolveRemarkPlugins } from '../render/markdown/remark-plugins.js';

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
}

/**
 * Offer terms reach readers only through offer boxes, which date them and withhold them once stale
 * (see src/domain/staleness.ts). Prose that types `{{id.bonus.…}}` would state them as current forever.
 */
const isOfferReference = (id: string, keys: readonly string[]) => id !== 'site' && keys[0] === 'bonus';
const offerInProse = (file: string, line: number, col: number, field: string, reference: string): Diagnostic =>
  err(file, line, col, field, 'offer-in-prose', `"${reference}" puts an offer term into prose`, {
    hint:
      'offer terms appear only in offer boxes, which show when they were checked and withhold them once stale: ' +
      'place an offer block (type: offer) or describe the offer without its figures',
  });

const malformedAt = (
  file: string,
  pos: { line: number; col: number },
  m: Malformed & { path: PropertyKey[] },
): Diagnostic => {
  const { message, ...extra } = malformedIssue(m);
  return err(file, pos.line, pos.col, fieldPath(m.path), 'malformed-value', message, extra);
};

/** Authors by id; `broken` holds the ids whose file is invalid (its own errors reported). */
function validateAuthors(
  files: SourceFile[],
  diagnostics: Diagnostic[],
): { byId: Record<string, Author>; broken: Set<string> } {
  const authors: Record<string, Author> = {};
  const broken = new Set<string>();
  for (const file of files) {
    const id = path.basename(file.path).replace(/\.ya?ml$/i, '');
    const src = parseYaml(file.text, file.path);
    if (src.errors.length) {
      diagnostics.push(...src.errors);
      broken.add(id);
      continue;
    }
    const empty = notAMapping(src, 'write name, role and bio as "key: value" lines (see docs/content.md)');
    if (empty) {
      diagnostics.push(empty);
      broken.add(id);
      continue;
    }
    const parsed = authorSchema.safeParse(src.data, { reportInput: true });
    if (!parsed.success) {
      diagnostics.push(...issuesToDiagnostics(parsed.error.issues, src, [], { schema: authorSchema, input: src.data }));
      broken.add(id);
    } else authors[id] = { ...parsed.data, id, file: file.path };
  }
  return { byId: authors, broken };
}

function validateSite(
  root: string,
  file: SourceFile,
  sources: SourceRegistry,
  diagnostics: Diagnostic[],
): { config: SiteConfig; markdown: MarkdownSetup; locate: Locate } | undefined {
  const src = parseYaml(file.text, file.path);
  if (src.errors.length) return void diagnostics.push(...src.errors);
  const empty = notAMapping(
    src,
    'restore content/site.yaml from version control, or see docs/content.md for its fields',
  );
  if (empty) return void diagnostics.push(empty);
  const parsed = siteSchema.safeParse(src.data, { reportInput: true });
  if (!parsed.success)
    return void diagnostics.push(
      ...issuesToDiagnostics(parsed.error.issues, src, [], { schema: siteSchema, input: src.data }),
    );
  checkSourceRefs(parsed.data, file.path, (p) => src.locate(p), sources, diagnostics);
  const plugins = resolveRemarkPlugins(root, parsed.data.markdown, (p) => src.locate(p));
  diagnostics.push(...plugins.diagnostics);
  const config = { ...parsed.data, sources: sources.byId };
  return { config, markdown: plugins.setup, locate: (p) => src.locate(p) };
}

/**
 * Author ids named by site.yaml's `editorial` and by pages must be files in content/authors. The
 * position is asked for only when there is an error: finding it parses the YAML a second time.
 */
function checkAuthorRef(
  { byId: authors, broken }: ReturnType<typeof validateAuthors>,
  id: string,
  file: string,
  at: () => { line: number; col: number },
  field: string,
): Diagnostic | undefined {
  // An author whose file is invalid has its own errors: the reference is not a second cause.
  if (Object.hasOwn(authors, id) || broken.has(id)) return undefined;
  const known = Object.keys(authors);
  const pos = at();
  return err(file, pos.line, pos.col, field, 'unknown-author', `no author with id "${id}"`, {
    hint: known.length
      ? `author ids are the file names in content/authors: ${known.join(', ')}`
      : `add content/authors/${id}.yaml with name, role and bio`,
  });
}

type Locate = (path: readonly PropertyKey[]) => { line: number; col: number };

/**
 * Operators whose file is invalid (its errors already reported), each with the files that refer
 * to it. References to them are not reported again: one broken file yields its own errors plus one
 * note of how many files it affects, not an error on every page that uses it.
 */
type Broken = Map<string, { file: string; users: Set<string> }>;

function validateOperators(
  files: SourceFile[],
  sources: SourceRegistry,
  diagnostics: Diagnostic[],
  locators: Map<string, Locate>,
  broken: Broken,
): Operator[] {
  const operators: Operator[] = [];
  for (const file of files) {
    const id = path.basename(file.path).replace(/\.ya?ml$/i, '');
    if (!/^[a-z0-9-]+$/.test(id)) {
      diagnostics.push(
        err(file.path, 1, 1, '', 'operator-id', `operator file name "${id}" is not a valid id`, {
          hint: 'rename the file to lowercase letters, digits and "-", e.g. fanduel.yaml',
        }),
      );
      continue;
    }
    const src = parseYaml(file.text, file.path);
    if (src.errors.length) {
      diagnostics.push(...src.errors);
      broken.set(id, { file: file.path, users: new Set() });
      continue;
    }
    const empty = notAMapping(src, 'copy another operator file and edit it (docs/content.md lists the fields)');
    const parsed = empty ? undefined : operatorSchema.safeParse(src.data, { reportInput: true });
    if (!parsed?.success) {
      diagnostics.push(
        ...(parsed
          ? issuesToDiagnostics(parsed.error.issues, src, [], { schema: operatorSchema, input: src.data })
          : [empty!]),
      );
      broken.set(id, { file: file.path, users: new Set() });
      continue;
    }
    checkSourceRefs(parsed.data, file.path, (p) => src.locate(p), sources, diagnostics);
    // Rank, rating and Editor's choice are set by rateOperators once every operator is read.
    operators.push({ ...parsed.data, id, file: file.path, rank: parsed.data.rank ?? 0, featured: false, scored: [] });
    locators.set(id, (p) => src.locate(p));
  }
  const at = (o: Operator, field: string) => locators.get(o.id)!([field]);
  // A sportsbook's sister casino must exist and be a casino.
  const ids = new Map(operators.map((o) => [o.id, o]));
  for (const o of operators) {
    if (!o.casino) continue;
    const c = ids.get(o.casino);
    if (!c && broken.has(o.casino)) broken.get(o.casino)!.users.add(o.file);
    else if (c?.kind !== 'casino') {
      const pos = at(o, 'casino');
      diagnostics.push(
        err(
          o.file,
          pos.line,
          pos.col,
          'casino',
          'unknown-operator',
          c ? `"${o.casino}" is a ${c.kind}, not a casino` : `no operator with id "${o.casino}"`,
          {
            hint:
              'use the file name of a casino in content/operators, ' +
              `e.g. ${operators.find((x) => x.kind === 'casino')?.id ?? 'fanduel-casino'}`,
          },
        ),
      );
    }
  }
  // Typed ranks (operators without scores) are unique within a kind.
  for (const kind of ['sportsbook', 'casino'] as const) {
    const byRank = new Map<number, Operator>();
    for (const o of operators.filter((x) => x.kind === kind && !x.scores && x.rank)) {
      const other = byRank.get(o.rank);
      if (other)
        diagnostics.push(
          err(
            o.file,
            at(o, 'rank').line,
            at(o, 'rank').col,
            'rank',
            'duplicate-rank',
            `rank ${o.rank} is used by both this file and ${other.file}`,
            { hint: `give each ${kind} its own rank: change it here or in ${other.file}` },
          ),
        );
      else byRank.set(o.rank, o);
    }
  }
  return operators;
}

type Where = () => { line: number; col: number };
type CheckRef = (id: string, where: Where, field: string, via: string, needsReview: boolean) => void;

/**
 * Checks one reference to an operator from `file`: it must exist (a broken one only counts the
 * file as a user), and a link to its review needs a review page. Known ids are added to `refs`.
 * Positions are found only for an error: locating a key runs the position-tracking YAML parser.
 */
function refChecker(
  filePath: string,
  operators: Map<string, Operator>,
  reviewRoutes: Map<string, string>,
  diagnostics: Diagnostic[],
  broken: Broken,
  refs: Set<string>,
): CheckRef {
  const file = { path: filePath };
  return (id, where, field, via, needsReview) => {
    if (id === 'site' && !needsReview) return;
    if (!operators.has(id) && broken.has(id)) {
      broken.get(id)!.users.add(file.path);
      return;
    }
    if (!operators.has(id)) {
      diagnostics.push(
        err(file.path, where().line, where().col, field, 'unknown-operator', `no operator with id "${id}"`, {
          received: JSON.stringify(via),
          hint: operatorIdHint(id, [...operators.keys(), ...broken.keys()]),
        }),
      );
      return;
    }
    refs.add(id);
    if (needsReview && !reviewRoutes.has(id))
      diagnostics.push(
        err(
          file.path,
          where().line,
          where().col,
          field,
          'no-review-page',
          `operator "${id}" has no review page to link to`,
          {
            hint: `add a page with "template: review" and "operator: ${id}", or link elsewhere`,
          },
        ),
      );
  };
}

/** The field names of a body reference as written: `{{ fanduel.review.minDeposit }}` → review, minDeposit. */
const referenceKeys = (via: string) =>
  via
    .replace(/^\{\{\s*|\s*\}\}$/g, '')
    .split('.')
    .slice(1);

/** The body's `{{id.…}}` values and `operator:` links: known operators, and no offer terms in prose. */
function checkBodyReferences(
  filePath: string,
  body: BodyScan,
  operators: Map<string, Operator>,
  diagnostics: Diagnostic[],
  checkRef: CheckRef,
): void {
  for (const r of body.references) {
    checkRef(r.id, () => r, 'body', r.via, r.via.startsWith('operator:'));
    const keys = referenceKeys(r.via);
    if (!r.via.startsWith('operator:') && isOfferReference(r.id, keys) && operators.has(r.id))
      diagnostics.push(offerInProse(filePath, r.line, r.col, 'body', r.via));
  }
}

function checkPage(
  draft: PageDraft,
  operators: Map<string, Operator>,
  reviewRoutes: Map<string, string>,
  diagnostics: Diagnostic[],
  broken: Broken,
): string[] {
  const { data, file, body } = draft;
  const refs = new Set<string>();
  const placed = new Set<string>();
  for (const seg of body.segments) {
    if (seg.kind !== 'block') continue;
    if (!(seg.name in data.blocks)) {
      const known = Object.keys(data.blocks);
      diagnostics.push(
        err(
          file.path,
          seg.line,
          1,
          'body',
          'unknown-block',
          `"::: ${seg.name}" places a block that the frontmatter does not define`,
          {
            hint: known.length
              ? `define blocks.${seg.name} in the frontmatter, or use one of: ${known.join(', ')}`
              : `define it under "blocks:" in the frontmatter`,
          },
        ),
      );
    } else if (placed.has(seg.name)) {
      diagnostics.push(
        err(file.path, seg.line, 1, 'body', 'duplicate-block', `block "${seg.name}" is placed twice`, {
          hint: 'place each block once; define a second block with another name',
        }),
      );
    }
    placed.add(seg.name);
  }
  for (const [name, block] of Object.entries(data.blocks)) {
    if (!placed.has(name)) {
      const pos = draft.locate(['blocks', name]);
      diagnostics.push(
        err(
          file.path,
          pos.line,
          pos.col,
          `blocks.${name}`,
          'unplaced-block',
          `block "${name}" is defined but not placed in the body`,
          { hint: `add a line "::: ${name}" where it should appear` },
        ),
      );
    }
    // Licensed-brands tables show reviewed brands' license holders from their operator files.
    if (
      block.type === 'operators' ||
      block.type === 'apps' ||
      block.type === 'licensed-brands' ||
      block.type === 'offers' ||
      block.type === 'comparison'
    ) {
      for (const o of operators.values()) if (o.kind === block.kind) refs.add(o.id);
    }
    // A review list names a casino's sister sportsbook when its review covers the casino.
    if (block.type === 'reviews') for (const o of operators.values()) refs.add(o.id);
  }
  const checkRef = refChecker(file.path, operators, reviewRoutes, diagnostics, broken, refs);
  for (const [name, block] of Object.entries(data.blocks)) {
    if (block.type !== 'offer') continue;
    checkRef(
      block.operator,
      () => draft.locate(['blocks', name, 'operator']),
      `blocks.${name}.operator`,
      block.operator,
      false,
    );
  }
  checkBodyReferences(file.path, body, operators, diagnostics, checkRef);
  if (data.template === 'review') {
    let located: { line: number; col: number } | undefined;
    const operatorAt = () => {
      located ??= draft.locate(['operator']);
      return located;
    };
    checkRef(data.operator, operatorAt, 'operator', data.operator, false);
    const op = operators.get(data.operator);
    if (op?.casino) refs.add(op.casino);
    // A review compares its operator with every other of its kind and links its brand's other review.
    for (const o of operators.values()) if (o.kind === op?.kind || o.casino === op?.id) refs.add(o.id);
    if (op && !op.review)
      diagnostics.push(
        err(
          file.path,
          operatorAt().line,
          operatorAt().col,
          'operator',
          'no-review-data',
          `operator "${op.id}" has no review data`,
          {
            hint: `add a "review:" section to ${op.file}`,
          },
        ),
      );
  }
  return [...refs].sort();
}

const menuHrefs = (config: SiteConfig) => config.header.menu.map((m) => m.href).join(', ');

/** A `section:` that is not a top-level header menu href, with the nearest one; undefined when it is one. */
function unknownSection(
  config: SiteConfig,
  section: string,
  file: string,
  where: () => { line: number; col: number },
  at: PropertyKey[],
): Diagnostic | undefined {
  const hrefs = config.header.menu.map((m) => m.href);
  if (hrefs.includes(section)) return undefined;
  const near = closest(section, hrefs);
  // Located only on an error: finding the position parses the YAML a second time.
  const pos = where();
  return err(file, pos.line, pos.col, fieldPath(at), 'unknown-section', 'section is not a top-level header menu link', {
    received: JSON.stringify(section),
    hint:
      `${near ? `did you mean "${near}"? ` : ''}` +
      `use one of the header menu hrefs in content/site.yaml: ${menuHrefs(config)}`,
  });
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
): Validated {
  const diagnostics: Diagnostic[] = [...loaded.diagnostics];
  const sources = validateSources(loaded.sources, diagnostics);
  const siteResult = loaded.site ? validateSite(root, loaded.site, sources, diagnostics) : undefined;
  const config = siteResult?.config;
  const authors = validateAuthors(loaded.authors, diagnostics);
  // A project without content/authors gets a byline in the site's own name (see templates/components/Hero.tsx).
  const checkAuthors = loaded.authors.length > 0;
  if (siteResult && checkAuthors) {
    const { config: c, locate } = siteResult;
    for (const field of ['author', 'factCheckedBy'] as const) {
      const id = c.editorial[field];
      if (id === undefined) continue; // no default byline: pages name their own, or the site signs them
      const d = checkAuthorRef(
        authors,
        id,
        loaded.site!.path,
        () => locate(['editorial', field]),
        `editorial.${field}`,
      );
      if (d) diagnostics.push(d);
    }
  }
  const locators = new Map<string, Locate>();
  const broken: Broken = new Map();
  const rawOperators = validateOperators(loaded.operators, sources, diagnostics, locators, broken);
  reportUnusableSources(sources, diagnostics);
  const rawById = new Map(rawOperators.map((o) => [o.id, o]));
  // `{{id.field}}` in operator text (review FAQs, verdicts…) resolves against the data as written.
  /** Each cycle of references once (by its members), however many of its fields are filled in. */
  const cycles = new Set<string>();
  let operators = config
    ? rawOperators.map((o) => {
        const offerRefs: { ref: string; path: PropertyKey[] }[] = [];
        const interpolated: Record<string, string[]> = {};
        const { value, unresolved, malformed, leftover } = interpolateDeep(o, (id, keys, at) => {
          if (isOfferReference(id, keys) && at[0] !== 'bonus')
            offerRefs.push({ ref: `{{${[id, ...keys].join('.')}}}`, path: at });
          // The sources of the value and of any values it quotes, for the pages that show this field (a
          // review's by its part: a ranking row shows its banking, not its FAQ).
          const field = at[0] === 'review' ? `review.${String(at[1])}` : String(at[0]);
          const cited = interpolated[field] ?? [];
          // A value may quote another that quotes others, but never come back to itself.
          const found = lookupDeep(id, keys, config, rawById, [[o.id, ...at].join('.')], (sources) => {
            for (const s of sources) if (!cited.includes(s)) cited.push(s);
          });
          if (cited.length) interpolated[field] = cited;
          if (!found.cycle) return found.value;
          const members = [...new Set(found.cycle)].sort().join(' ');
          if (!cycles.has(members)) {
            cycles.add(members);
            const pos = locators.get(o.id)!(at);
            const { message, hint } = cycleIssue(found.cycle);
            diagnostics.push(err(o.file, pos.line, pos.col, fieldPath(at), 'value-cycle', message, { hint }));
          }
          // Reported here, once: the build fails, and pages quoting the field see no second {{…}}.
          return '';
        });
        for (const l of leftover) {
          const pos = locators.get(o.id)!(l.path);
          const { message, hint } = leftoverIssue(l.reference, l.left);
          diagnostics.push(err(o.file, pos.line, pos.col, fieldPath(l.path), 'unresolved-value', message, { hint }));
        }
        for (const m of malformed) diagnostics.push(malformedAt(o.file, locators.get(o.id)!(m.path), m));
        for (const r of offerRefs) {
          const pos = locators.get(o.id)!(r.path);
          diagnostics.push(offerInProse(o.file, pos.line, pos.col, fieldPath(r.path), r.ref));
        }
        for (const u of unresolved) {
          if (broken.has(u.id)) {
            broken.get(u.id)!.users.add(o.file);
            continue;
          }
          const pos = locators.get(o.id)!(u.path);
          diagnostics.push(
            err(
              o.file,
              pos.line,
              pos.col,
              fieldPath(u.path),
              'unknown-value',
              unknownValue(u, config, rawById).message,
              {
                hint:
                  u.id === 'site' || rawById.has(u.id)
                    ? unknownValue(u, config, rawById).hint
                    : operatorIdHint(u.id, [...rawById.keys(), ...broken.keys()]),
              },
            ),
          );
        }
        return Object.keys(interpolated).length ? { ...value, interpolated } : value;
      })
    : rawOperators;
  if (config) checkScores(operators, config, locators, diagnostics);
  operators = rateOperators(operators, config);
  const operatorsById = new Map(operators.map((o) => [o.id, o]));

  const parsedPages: PageDraft[] = [];
  // Pages whose frontmatter failed: their bodies are still checked, so one run reports every problem.
  const failedBodies: { file: string; body: BodyScan }[] = [];
  loaded.pages.forEach((f, i) => {
    const pre = parsed?.get(i);
    if (!pre) {
      const d = parsePage(f, diagnostics, splitter, (body) => failedBodies.push({ file: f.path, body }));
      if (d) parsedPages.push(d);
      return;
    }
    for (const d of pre.diagnostics) diagnostics.push(d);
    if (pre.draft) parsedPages.push(attachDraft(f, pre.draft));
    if (pre.failedBody) failedBodies.push({ file: f.path, body: pre.failedBody });
  });
  // `draft: true` pages (not PageDrafts: those are every parsed page) exist only where drafts are built.
  const drafts = withDrafts ? parsedPages : parsedPages.filter((d) => !d.data.draft);
  const draftsLeftOut = parsedPages.length - drafts.length;

  const byRoute = new Map<string, PageDraft>();
  const byTitle = new Map<string, PageDraft>();
  const reviewRoutes = new Map<string, string>();
  for (const d of drafts) {
    const first = byRoute.get(d.route);
    if (first) {
      diagnostics.push(
        err(
          d.file.path,
          // A route from the file name has no line of its own; a `route:` line is looked up (parsing again) only here.
          d.data.route ? d.locate(['route']).line : 1,
          1,
          'route',
          'duplicate-route',
          `route "${d.route}" is already claimed by ${first.file.path}`,
          { hint: 'rename one of the files, or set a different "route:" in its frontmatter' },
        ),
      );
      continue;
    }
    byRoute.set(d.route, d);
    const sameTitle = byTitle.get(d.data.title);
    if (sameTitle) {
      const pos = d.locate(['title']);
      diagnostics.push(
        err(
          d.file.path,
          pos.line,
          pos.col,
          'title',
          'duplicate-title',
          `title is already used by ${sameTitle.file.path}`,
          { received: JSON.stringify(d.data.title), hint: 'every page needs its own <title>' },
        ),
      );
    } else byTitle.set(d.data.title, d);
    if (d.data.template === 'review') {
      const other = reviewRoutes.get(d.data.operator);
      if (other) {
        const pos = d.locate(['operator']);
        diagnostics.push(
          err(
            d.file.path,
            pos.line,
            pos.col,
            'operator',
            'duplicate-review',
            `operator "${d.data.operator}" already has a review page at ${other}`,
          ),
        );
      } else reviewRoutes.set(d.data.operator, d.route);
    }
  }
  if (loaded.site && drafts.length && !byRoute.has('/')) {
    diagnostics.push(
      err('content/pages', 1, 1, '', 'no-home', 'no page for the home route "/"', {
        hint: 'add content/pages/index.md',
      }),
    );
  }

  const pages: Page[] = [];
  for (const d of byRoute.values()) {
    const operatorRefs = checkPage(d, operatorsById, reviewRoutes, diagnostics, broken);
    if (!config) continue;
    // A page's `section:` and a page list's are each a top-level header menu href.
    const sections: [PropertyKey[], string | undefined][] = [
      [['section'], d.data.section || undefined],
      ...Object.entries(d.data.blocks).map(([name, block]): [PropertyKey[], string | undefined] => [
        ['blocks', name, 'section'],
        block.type === 'pages' ? block.section : undefined,
      ]),
    ];
    for (const [at, section] of sections) {
      const bad =
        section === undefined ? undefined : unknownSection(config, section, d.file.path, () => d.locate(at), at);
      if (bad) diagnostics.push(bad);
    }
    // The sources of every value the page inserts with `{{…}}` (its Sources list adds what templates show).
    const citations = new Set<string>();
    const cite = (id: string, keys: readonly string[]) => {
      for (const s of citationOf(id, keys, config, operatorsById)) citations.add(s);
    };
    for (const r of d.body.references) if (!r.via.startsWith('operator:')) cite(r.id, referenceKeys(r.via));
    // `{{id.field}}` in frontmatter text (title, description, hero, blocks) resolves like it does in the body,
    // so a title's date comes from data (`{{site.wording.sourcesChecked}}`), never typed into twenty titles.
    for (const key of ['title', 'description', 'hero', 'blocks'] as const) {
      const offerRefs: { ref: string; path: PropertyKey[] }[] = [];
      const { value, unresolved, ids, malformed, leftover } = interpolateDeep(
        d.data[key],
        (id, keys, at) => {
          if (isOfferReference(id, keys) && operatorsById.has(id))
            offerRefs.push({ ref: `{{${[id, ...keys].join('.')}}}`, path: at });
          cite(id, keys);
          return lookupReference(id, keys, config, operatorsById);
        },
        [key],
      );
      for (const r of offerRefs) {
        const pos = d.locate(r.path);
        diagnostics.push(offerInProse(d.file.path, pos.line, pos.col, fieldPath(r.path), r.ref));
      }
      for (const m of malformed) diagnostics.push(malformedAt(d.file.path, d.locate(m.path), m));
      for (const l of leftover) {
        const pos = d.locate(l.path);
        const { message, hint } = leftoverIssue(l.reference, l.left);
        diagnostics.push(err(d.file.path, pos.line, pos.col, fieldPath(l.path), 'unresolved-value', message, { hint }));
      }
      (d.data as Record<string, unknown>)[key] = value;
      for (const id of ids) if (operatorsById.has(id) && !operatorRefs.includes(id)) operatorRefs.push(id);
      for (const u of unresolved) {
        if (broken.has(u.id)) {
          broken.get(u.id)!.users.add(d.file.path);
          continue;
        }
        const pos = d.locate(u.path as PropertyKey[]);
        diagnostics.push(
          err(
            d.file.path,
            pos.line,
            pos.col,
            fieldPath(u.path),
            operatorsById.has(u.id) || u.id === 'site' ? 'unknown-value' : 'unknown-operator',
            unknownValue(u, config, operatorsById).message,
            {
              hint:
                u.id === 'site' || operatorsById.has(u.id)
                  ? unknownValue(u, config, operatorsById).hint
                  : `${operatorIdHint(u.id, [...operatorsById.keys(), ...broken.keys()])}; ` +
                    '"site" is content/site.yaml',
            },
          ),
        );
      }
    }
    for (const field of ['author', 'factCheckedBy'] as const) {
      const id = d.data[field];
      if (id === undefined || !checkAuthors) continue;
      const bad = checkAuthorRef(authors, id, d.file.path, () => d.locate([field]), field);
      if (bad) diagnostics.push(bad);
    }
    pages.push({
      file: d.file.path,
      route: d.route,
      url: urlFor(d.route, config.url, config.base),
      template: d.data.template,
      data: d.data,
      segments: d.body.segments,
      operatorRefs,
      citations: [...citations].sort(),
      sourceHash: d.sourceHash,
    });
  }
  for (const { file, body } of failedBodies)
    checkBodyReferences(
      file,
      body,
      operatorsById,
      diagnostics,
      refChecker(file, operatorsById, reviewRoutes, diagnostics, broken, new Set()),
    );
  for (const [id, { file, users }] of broken) {
    if (!users.size) continue;
    const list = [...users].sort();
    const shown = list.length > 3 ? `${list.slice(0, 3).join(', ')} and ${list.length - 3} more` : list.join(', ');
    diagnostics.push({
      severity: 'warning',
      code: 'broken-operator-users',
      file,
      line: 1,
      col: 1,
      field: '',
      message:
        `${list.length} file${list.length === 1 ? '' : 's'} use operator "${id}" (${shown}); ` +
        'their references to it are not checked until this file is valid',
      hint: "fix this file's errors first",
    });
  }
  if (siteResult && loaded.site && drafts.length)
    diagnostics.push(
      ...checkRedirects(siteResult.config.redirects, new Set(byRoute.keys()), loaded.site.path, siteResult.locate),
    );
  pages.sort((a, b) => (a.route === '/' ? -1 : b.route === '/' ? 1 : a.route.localeCompare(b.route)));
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
  if (!hasErrors) return { site: whole, diagnostics, draftsLeftOut };
  const bodies = failedBodies.map(({ file, body }) => ({ file, segments: body.segments }));
  return { site: undefined, diagnostics, checkable: whole, failedBodies: bodies, draftsLeftOut };
}

/**
 * With no operator files at all, every reference to an operator fails for one cause: the folder is
 * missing or empty. Its errors become one, at the folder, saying how many references it broke.
 */
function collapseUnknownOperators(diagnostics: Diagnostic[]): void {
  const refs = diagnostics.filter((d) => d.code === 'unknown-operator');
  if (!refs.length) return;
  const files = new Set(refs.map((d) => d.file)).size;
  const kept = diagnostics.filter((d) => d.code !== 'unknown-operator');
  diagnostics.length = 0;
  diagnostics.push(
    ...kept,
    err(
      'content/operators',
      1,
      1,
      '',
      'no-operators',
      `content/operators has no operator files, and ${refs.length} reference${refs.length === 1 ? '' : 's'} ` +
        `in ${files} file${files === 1 ? '' : 's'} name${refs.length === 1 ? 's' : ''} an operator`,
      {
        hint:
          'restore content/operators from version control, or add one YAML file per operator ' +
          '(content/operators/<id>.yaml; docs/content.md lists the fields)',
      },
    ),
  );
}

/** Route of each operator's review page, for links and cards. */
export function reviewRoutesOf(site: Site): Map<string, string> {
  const m = new Map<string, string>();
  for (const p of site.pages) if (p.data.template === 'review') m.set(p.data.operator, p.route);
  return m;
}
