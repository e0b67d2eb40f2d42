/**
 * The findings grouped by cause, for the reports' opening summary: counts by rule and by the shape
 * of the target (`18,128 missing fragments of the form #N-M in /src/`), what the largest groups
 * have in common and the `--skip` that sets each aside, then the targets linked from the most
 * pages, so thousands of findings read in a screen before the detail.
 */
import { sameDocumentFindings } from './link-findings.js';
import { placeCount } from './place-store.js';
import type { Finding } from './types.js';

/** Findings before which no summary is printed: a short list is its own summary. */
const SUMMARY_FROM = 10;
const GROUPS_SHOWN = 8;
/** The largest groups say what they have in common and which --skip sets them aside. */
const GROUPS_DESCRIBED = 3;
const TARGETS_SHOWN = 5;

export const count = (n: number) => n.toLocaleString('en-US');

/** One group of findings with a common cause. */
export interface FindingGroup {
  /** Findings in the group. */
  findings: number;
  /** Pages they are on, all together (a page with two of them counts twice). */
  places: number;
  rule: string;
  /** `missing fragments of the form \`#N-M\` in /src/`. */
  pattern: string;
  /** What the group's findings have in common, in words. */
  common: string;
  /** A `--skip` pattern that leaves out every link of the group (tested on each), or null when none does. */
  skip: string | null;
}

/** `#10-25` → `#N-M`, `#L3-L9` → `#LN-LM`, `#line-12` → `#line-N`, `#method.run` → `#…`. */
function fragmentShape(fragment: string): string {
  if (/^\d+-\d+$/.test(fragment)) return '#N-M';
  if (/^L\d+-L\d+$/.test(fragment)) return '#LN-LM';
  if (/\d/.test(fragment)) return `#${fragment.replace(/\d+/g, 'N')}`;
  return '#…';
}

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The regular expression of a fragment shape, anchored at the end: `#N-M` → `\d+-\d+$`; `#…` → ''. */
function shapeRe(shape: string): string {
  if (shape === '#…') return '';
  return `${shape
    .slice(1)
    .split('N')
    .map((part) => escapeRe(part))
    .join('\\d+')}$`;
}

/** The rules whose findings are links `--skip` can leave out (besides external links). */
const LINK_RULES = new Set(['broken-link', 'broken-asset', 'broken-fragment', 'known-unbuilt']);

interface Cause {
  key: string;
  rule: string;
  pattern: string;
  common: string;
  /** The skip pattern that fits the cause, and what it is tested on. */
  skip: { re: string; on: 'target' | 'fragment' } | null;
}

/** The cause a finding belongs to: its rule, the shape of its target, its top folder. */
function causeOf(f: Finding): Cause {
  const t = f.target;
  if (t === undefined)
    return {
      key: f.rule,
      rule: f.rule,
      pattern: f.rule,
      common: `${f.rule} findings (not links: --skip does not apply)`,
      skip: null,
    };
  if (f.category === 'external') {
    const origin = /^[a-z][a-z0-9+.-]*:\/\/[^/?#]+/i.exec(t)?.[0];
    const host = origin ? ` on ${origin}` : '';
    return {
      key: `${f.rule}\0${origin ?? ''}`,
      rule: f.rule,
      pattern: `${f.rule}${host}`,
      common: `links to other sites${host} that did not answer as they should`,
      skip: origin ? { re: `^${escapeRe(origin)}([/?#]|$)`, on: 'target' } : null,
    };
  }
  const hash = t.indexOf('#');
  const pathPart = hash === -1 ? t : t.slice(0, hash);
  const folder = /^\/[^/]+\//.exec(pathPart)?.[0];
  const rooted = pathPart.startsWith('/');
  const where = rooted ? ` in ${folder ?? '/'}` : '';
  const prefix = rooted && folder ? `^${escapeRe(folder)}` : '';
  if (f.rule === 'broken-fragment' && hash !== -1) {
    const shape = fragmentShape(t.slice(hash + 1));
    const pattern = `missing fragments of the form \`${shape}\`${where}`;
    const of = shape === '#…' ? '' : ` of the form \`${shape}\``;
    if (sameDocumentFindings.has(f))
      return {
        key: `self\0${pattern}`,
        rule: f.rule,
        pattern: `${pattern}, on the linking page itself`,
        common: `links from a page to an id${of} on itself that no element of it has (the generator never wrote it)`,
        skip: { re: `^#${shapeRe(shape)}`, on: 'fragment' },
      };
    return {
      key: pattern,
      rule: f.rule,
      pattern,
      common: `links to ids${of} that the target pages${where} do not have`,
      // Every fragment link of the whole site would be too wide a net: offered only with a folder or a shape.
      skip: prefix || shape !== '#…' ? { re: `${prefix || '^'}[^#]*#${shapeRe(shape)}`, on: 'target' } : null,
    };
  }
  const ext = /\.[a-z0-9]+$/i.exec(pathPart)?.[0];
  const layout = f.allPages ? ' on every page (the layout)' : '';
  const what = f.rule === 'broken-asset' ? 'files the pages load' : f.rule === 'broken-link' ? 'links' : null;
  const words = what
    ? `${what}${layout} to${ext ? ` *${ext}` : ''} paths${where} that are not there`
    : `${f.rule} findings${ext ? ` on *${ext}` : ''}${where}` +
      (LINK_RULES.has(f.rule) ? '' : ' (not links: --skip does not apply)');
  return {
    key: `${f.rule}\0${ext ?? ''}\0${where}\0${layout}`,
    rule: f.rule,
    pattern: `${f.rule}${ext ? ` to *${ext}` : ''}${where}${layout}`,
    common: words,
    skip:
      LINK_RULES.has(f.rule) && (prefix || ext)
        ? { re: `${prefix}${ext ? `.*${escapeRe(ext)}$` : ''}`, on: 'target' }
        : null,
  };
}

/** The groups of a list of findings, largest first. */
export function findingGroups(findings: Iterable<Finding>): FindingGroup[] {
  const tally = new SummaryTally();
  for (const f of findings) tally.add(f);
  return tally.groups();
}

/** The summary's counts, a finding at a time: the groups by cause and the targets linked from the most pages. */
export class SummaryTally {
  private readonly causes = new Map<
    string,
    { cause: Cause; findings: number; places: number; skipFits: boolean; re: RegExp | null }
  >();
  /** The targets linked from the most pages, as they go by: of equal ones, the first stay. */
  readonly top: Finding[] = [];

  add(f: Finding): void {
    const cause = causeOf(f);
    let g = this.causes.get(cause.key);
    if (!g) {
      g = {
        cause,
        findings: 0,
        places: 0,
        skipFits: cause.skip !== null,
        re: cause.skip && new RegExp(cause.skip.re, 'u'),
      };
      this.causes.set(cause.key, g);
    }
    g.findings++;
    g.places += placeCount(f);
    // The skip offered must leave out every finding of the group.
    if (g.skipFits && g.re && f.target !== undefined) {
      const tested = cause.skip!.on === 'fragment' ? f.target.slice(f.target.indexOf('#')) : f.target;
      if (!g.re.test(tested)) g.skipFits = false;
    }
    const c = placeCount(f);
    if (f.target !== undefined && c > 1) {
      let at = this.top.findIndex((t) => placeCount(t) < c);
      if (at === -1) at = this.top.length;
      if (at < TARGETS_SHOWN) {
        this.top.splice(at, 0, f);
        this.top.length = Math.min(this.top.length, TARGETS_SHOWN);
      }
    }
  }

  /** The groups, largest first. */
  groups(): FindingGroup[] {
    return [...this.causes.values()]
      .sort((a, b) => b.findings - a.findings || a.cause.pattern.localeCompare(b.cause.pattern))
      .map((g) => ({
        findings: g.findings,
        places: g.places,
        rule: g.cause.rule,
        pattern: g.cause.pattern,
        common: g.cause.common,
        skip: g.skipFits && g.cause.skip ? g.cause.skip.re : null,
      }));
  }
}

/** A pattern quoted for a POSIX shell. */
const shellQuote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

/** The summary lines (none for a short list) of `n` findings tallied, for a site of `pages` pages. */
export function summaryLines(tally: SummaryTally, n: number, pages: number): string[] {
  if (n < SUMMARY_FROM) return [];
  const ranked = tally.groups();
  const width = count(ranked[0]!.findings).length;
  const pad = ' '.repeat(width + 4);
  const out = [`Summary: ${count(n)} findings`];
  ranked.slice(0, GROUPS_SHOWN).forEach((g, i) => {
    out.push(`  ${count(g.findings).padStart(width)}  ${g.pattern}`);
    if (i >= GROUPS_DESCRIBED) return;
    out.push(`${pad}${g.common}`);
    if (g.skip) out.push(`${pad}set aside with --skip ${shellQuote(g.skip)}`);
  });
  if (ranked.length > GROUPS_SHOWN) out.push(`  … and ${count(ranked.length - GROUPS_SHOWN)} more kinds`);
  if (tally.top.length) {
    out.push('  linked from the most pages:');
    for (const f of tally.top) out.push(`    ${f.target}  on ${count(placeCount(f))} of ${count(pages)} pages`);
  }
  out.push('');
  return out;
}
