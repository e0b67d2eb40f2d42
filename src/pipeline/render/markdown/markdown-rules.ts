import type { Diagnostic } from '../../../support/diagnostics/diagnostics.js';
import type { Heading, Operator, Site, SiteConfig, TableSpan } from '../../../model.js';
import {
  BANNED_WORDING,
  BANNED_WORDING_FIX,
  bannedWordingMessage,
  findBannedPhrase,
  mayUseBannedWording,
} from '../../../schema/common.js';
import { INTERPOLATION } from '../../validate/body.js';
import {
  leftoverIssue,
  leftoverReference,
  lookupReference,
  malformedIssue,
  malformedPlaceholders,
  unknownValue,
} from '../../validate/interpolate.js';
import { urlProblem } from '../../../urls/url-safety.js';

/** Everything Markdown may refer to. */
export interface MarkdownContext {
  config: SiteConfig;
  operators: ReadonlyMap<string, Operator>;
  reviewRoutes: ReadonlyMap<string, string>;
  /**
   * Set when checking the bodies of a site that failed validation: references to operators that are
   * missing or invalid were reported there already, so they are left alone here (the cause once).
   */
  uncheckedIds?: boolean;
}

/** What the Markdown rules read of a site: its settings, operators by id and review routes. */
export const markdownContext = (
  site: Site,
  reviewRoutes: ReadonlyMap<string, string>,
  uncheckedIds = false,
): MarkdownContext => ({
  config: site.config,
  operators: new Map(site.operators.map((o) => [o.id, o])),
  reviewRoutes,
  ...(uncheckedIds ? { uncheckedIds } : {}),
});

/** Lines [from, to) of a Markdown segment that hold a block (a paragraph, heading, table row…). */
export type BlockLines = readonly [number, number] | null;

/** Appended inside external links: screen-reader users learn the link opens a new tab. */
export const NEW_TAB_TEXT = ' (opens in a new tab)';
export const NEW_TAB_CLASS = 'visually-hidden';
export const EXTERNAL_REL = 'noopener noreferrer';

const COMMENT = /^<!--[\s\S]*-->$/;
const isExternal = (href: string) => /^https?:\/\//i.test(href);

/** Whether a Markdown link or image target may become a link at all (url-safety.ts decides). */
export function linkAllowed(url: string): boolean {
  return urlProblem(url, { operator: true }) === undefined;
}

/**
 * The text escaping both engines share (hast-util-to-html's): `&` and `<` in text, `"`, `&`, `'`
 * and a backtick in attribute values. Both engines therefore write the same bytes for the same tree.
 */
const TEXT = /[&<]/g;
const ATTRIBUTE = /[&"'`]/g;
const ANY_ATTRIBUTE = /[&"'`]/;
const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '"': '&quot;', "'": '&#x27;', '`': '&#x60;' };
// Most text needs no escaping: a plain search first is cheaper than a replace (called for every text run).
export const escapeText = (s: string) =>
  s.indexOf('&') < 0 && s.indexOf('<') < 0 ? s : s.replace(TEXT, (c) => ESCAPES[c]!);
export const escapeAttribute = (s: string) => (ANY_ATTRIBUTE.test(s) ? s.replace(ATTRIBUTE, (c) => ESCAPES[c]!) : s);

/**
 * The rules every Markdown engine applies, written once: `{{…}}` values, banned wording, `operator:`
 * links, external-link marks, heading ids, and raw HTML reported and dropped. Engines walk their own
 * trees and call these with the block a node sits in, so diagnostics land on the same line and column.
 */
export class SegmentRules {
  /** The segment's lines, split when a diagnostic needs a position (most segments have none). */
  private lines?: string[];
  /**
   * Whether a run of this segment's text can use banned wording at all: the phrases' words are in
   * its source, or a `{{…}}` value or an entity (`&…;`) could bring them in. Most segments have
   * none of these, and the per-run check (`wording`) is skipped for them.
   */
  readonly checksWording: boolean;
  /**
   * Whether a markdown-it text token of this segment can hold a `{{…}}` value. Its text is the source's
   * own characters, but for an escaped character (`\{`) or an entity (`&#123;`): without `{{`, `\{` and
   * `&` in the source there is none, and the per-token call to `interpolate` is skipped.
   */
  readonly mayHoldValues: boolean;

  constructor(
    private readonly ctx: MarkdownContext,
    private readonly file: string,
    /** File line of the segment's first line. */
    private readonly firstLine: number,
    private readonly text: string,
    private readonly slugger: { slug(text: string): string },
    private readonly diagnostics: Diagnostic[],
  ) {
    // Banned wording is a rule of the gambling pack (site.yaml `compliance:`): a plain site may say "free play".
    this.checksWording =
      Boolean(ctx.config.compliance) && (text.includes('{{') || text.includes('&') || mayUseBannedWording(text));
    this.mayHoldValues = text.includes('{{') || text.includes('\\{') || text.includes('&');
  }

  /** File position of `needle` within the block's lines, else of the block's first character. */
  at(block: BlockLines, needle?: string | RegExp, nth = 1): { line: number; col: number } {
    const [from, to] = block ?? [0, 1];
    this.lines ??= this.text.split('\n');
    const text = this.lines.slice(from, Math.max(to, from + 1)).join('\n');
    let index = needle === undefined ? -1 : typeof needle === 'string' ? text.indexOf(needle) : text.search(needle);
    // The nth occurrence of a string needle (falls back to the first when there are fewer).
    for (let n = 1; n < nth && typeof needle === 'string' && index >= 0; n++) {
      const next = text.indexOf(needle, index + needle.length);
      if (next < 0) break;
      index = next;
    }
    const offset = index >= 0 ? index : text.length - text.trimStart().length;
    const before = text.slice(0, offset);
    const line = before.split('\n').length - 1;
    return { line: this.firstLine + from + line, col: offset - (before.lastIndexOf('\n') + 1) + 1 };
  }

  private report(
    pos: { line: number; col: number },
    severity: Diagnostic['severity'],
    code: string,
    message: string,
    extra: Partial<Diagnostic> = {},
  ): void {
    this.diagnostics.push({ severity, code, file: this.file, ...pos, field: 'body', message, ...extra });
  }

  /** Fills `{{id.field}}` values; an unknown one is an error and stays as written. */
  interpolate(block: BlockLines, value: string): string {
    if (!value.includes('{{')) return value;
    const seen = new Map<string, number>();
    for (const bad of malformedPlaceholders(value)) {
      // The same text twice on a line: the second report points at the second one.
      const nth = (seen.get(bad.found) ?? 0) + 1;
      seen.set(bad.found, nth);
      const { message, ...extra } = malformedIssue(bad);
      this.report(this.at(block, bad.found, nth), 'error', 'malformed-value', message, extra);
    }
    return value.replace(INTERPOLATION, (whole, id: string, dotted: string) => {
      const keys = dotted.slice(1).split('.');
      const found = lookupReference(id, keys, this.ctx.config, this.ctx.operators);
      const left = found && leftoverReference(found);
      if (left) {
        const { message, hint } = leftoverIssue(whole, left);
        this.report(this.at(block, whole), 'error', 'unresolved-value', message, { hint });
      }
      if (found !== undefined) return found;
      if (this.ctx.uncheckedIds && id !== 'site' && !this.ctx.operators.has(id)) return whole;
      const { message, hint } = unknownValue({ reference: whole, id, keys }, this.ctx.config, this.ctx.operators);
      this.report(this.at(block, whole), 'error', 'unknown-value', message, { hint });
      return whole;
    });
  }

  /** Checks a run of adjacent text (soft line breaks included) for wording the regulator banned. */
  wording(block: BlockLines, run: string): void {
    const banned = this.checksWording ? findBannedPhrase(run) : undefined;
    if (!banned) return;
    this.report(
      this.at(block, new RegExp(banned.replace(/[-\s]/g, '[-\\s]+'), 'i')),
      'error',
      BANNED_WORDING,
      bannedWordingMessage(banned),
      { received: JSON.stringify(run.slice(0, 60)), hint: BANNED_WORDING_FIX },
    );
  }

  /** A link's final target (values filled, `operator:` resolved) and whether it leaves the site. */
  link(block: BlockLines, href: string): { href: string; external: boolean } {
    let out = href.includes('%7B%7B') || href.includes('{{') ? this.interpolate(block, safeDecode(href)) : href;
    const unsafe = out !== href ? urlProblem(out, { operator: true }) : undefined;
    if (unsafe) {
      // A `{{…}}` value made the target: check what it became, as the written target was checked.
      this.report(this.at(block, '{{'), 'error', 'unsafe-link', `the link's {{…}} value is unsafe: ${unsafe.problem}`, {
        received: JSON.stringify(out.slice(0, 60)),
        hint: unsafe.fix,
      });
      return { href: '#', external: false };
    }
    if (out.startsWith('operator:')) out = this.ctx.reviewRoutes.get(out.slice('operator:'.length)) ?? '/';
    return { href: out, external: isExternal(out) };
  }

  /** The segment's headings so far, in order (the table of contents reads them). */
  readonly headings: Heading[] = [];

  /** Where the segment's tables are in its HTML, set by an engine that knows it from its tree (markdown-it). */
  tables?: TableSpan[];

  /** A heading's id from its text as readers see it; unique across the page's segments. */
  headingId(text: string, depth: number): string {
    const id = this.slugger.slug(text);
    this.headings.push({ depth, id, text });
    return id;
  }

  /** Raw HTML never reaches the page: each piece is reported (comments are dropped silently). */
  rawHtml(block: BlockLines, content: string): void {
    const trimmed = content.trim();
    if (COMMENT.test(trimmed)) return;
    this.report(
      this.at(block, trimmed.split('\n')[0]),
      'warning',
      'raw-html',
      'raw HTML in Markdown is removed from the output',
      {
        received: JSON.stringify(trimmed.slice(0, 60)),
        hint: 'use Markdown syntax or a frontmatter block instead',
      },
    );
  }
}

function safeDecode(href: string): string {
  try {
    return decodeURI(href);
  } catch {
    return href;
  }
}
