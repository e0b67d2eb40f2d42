import MarkdownIt from 'markdown-it';
import Token from 'markdown-it/lib/token.mjs';
import GithubSlugger from 'github-slugger';
import type { Diagnostic } from '../../diagnostics.js';
import type { Operator, SiteConfig } from '../../model.js';
import { INTERPOLATION } from '../validate/body.js';
import { lookupReference } from '../validate/interpolate.js';
import { findBannedPhrase } from '../../schema/common.js';

/** Everything Markdown may refer to. */
export interface MarkdownContext {
  config: SiteConfig;
  operators: ReadonlyMap<string, Operator>;
  reviewRoutes: ReadonlyMap<string, string>;
}

const isExternal = (href: string) => /^https?:\/\//i.test(href);

/** URL schemes a Markdown link or image may use; anything else (javascript:, data:, file:) stays plain text. */
const SAFE_SCHEMES = new Set(['http', 'https', 'mailto', 'tel', 'operator']);
const SCHEME = /^([a-z][a-z0-9+.-]*):/i;

/**
 * CommonMark with GitHub tables and strikethrough (markdown-it's default preset), no typographic
 * replacements, no bare-URL linking. Raw HTML is parsed (html: true) only so that each piece can be
 * reported and dropped: nothing an author writes reaches the page as markup.
 */
const md = new MarkdownIt('default', { html: true, linkify: false, typographer: false });
md.validateLink = (url) => {
  const scheme = SCHEME.exec(url.trim())?.[1]?.toLowerCase();
  return scheme === undefined || SAFE_SCHEMES.has(scheme);
};

/** Text needs only &, < and > escaped; quotes stay readable in the HTML source. */
const TEXT_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;' };
md.renderer.rules.text = (tokens, idx) => tokens[idx]!.content.replace(/[&<>]/g, (c) => TEXT_ESCAPES[c]!);

const NEW_TAB_HINT = '<span class="visually-hidden"> (opens in a new tab)</span>';
const COMMENT = /^<!--[\s\S]*-->$/;

export interface MarkdownPage {
  diagnostics: Diagnostic[];
  render(text: string, firstLine: number): string;
}

/** A renderer for one page: heading ids stay unique across all of the page's Markdown segments. */
export function markdownForPage(ctx: MarkdownContext, file: string): MarkdownPage {
  const slugger = new GithubSlugger();
  const diagnostics: Diagnostic[] = [];
  return {
    diagnostics,
    render(text, firstLine) {
      const tokens = md.parse(text, {});
      transform(tokens, { ctx, file, firstLine, lines: text.split('\n'), slugger, diagnostics });
      return md.renderer.render(tokens, md.options, {});
    },
  };
}

interface Segment {
  ctx: MarkdownContext;
  file: string;
  /** File line of the segment's first line. */
  firstLine: number;
  lines: string[];
  slugger: GithubSlugger;
  diagnostics: Diagnostic[];
}

/**
 * One pass over markdown-it's tokens: fills `{{…}}` values, rejects banned wording, resolves
 * `operator:` links, marks external links, gives headings ids, converts table alignment to the
 * `align` attribute (no style attributes under a strict CSP) and drops raw HTML with a warning.
 */
function transform(tokens: Token[], seg: Segment): void {
  const { ctx, file, slugger, diagnostics } = seg;
  /** File position of `needle` within the block spanning `map`, else of the block's first character. */
  const at = (map: [number, number] | null, needle?: string | RegExp) => {
    const [from, to] = map ?? [0, 1];
    const block = seg.lines.slice(from, Math.max(to, from + 1)).join('\n');
    const index = needle === undefined ? -1 : typeof needle === 'string' ? block.indexOf(needle) : block.search(needle);
    const offset = index >= 0 ? index : block.length - block.trimStart().length;
    const before = block.slice(0, offset);
    const line = before.split('\n').length - 1;
    return { line: seg.firstLine + from + line, col: offset - (before.lastIndexOf('\n') + 1) + 1 };
  };
  const report = (
    pos: { line: number; col: number },
    severity: Diagnostic['severity'],
    code: string,
    message: string,
    extra: Partial<Diagnostic> = {},
  ) => diagnostics.push({ severity, code, file, ...pos, field: 'body', message, ...extra });
  const rawHtml = (map: [number, number] | null, content: string) => {
    if (COMMENT.test(content.trim())) return;
    report(
      at(map, content.trim().split('\n')[0]),
      'warning',
      'raw-html',
      'raw HTML in Markdown is removed from the output',
      {
        received: JSON.stringify(content.trim().slice(0, 60)),
        hint: 'use Markdown syntax or a frontmatter block instead',
      },
    );
  };
  const interpolate = (map: [number, number] | null, value: string) =>
    value.replace(INTERPOLATION, (whole, id: string, dotted: string) => {
      const found = lookupReference(id, dotted.slice(1).split('.'), ctx.config, ctx.operators);
      if (found !== undefined) return found;
      report(at(map, whole), 'error', 'unknown-value', `"${whole}" does not name a text or number field`, {
        hint: `see content/operators/${id}.yaml (or content/site.yaml for "site") for the field names`,
      });
      return whole;
    });
  const checkWording = (map: [number, number] | null, value: string) => {
    const banned = findBannedPhrase(value);
    if (banned)
      report(
        at(map, new RegExp(banned.replace(/[-\s]/g, '[-\\s]+'), 'i')),
        'error',
        'banned-wording',
        `uses "${banned}", wording the PGCB banned in March 2023`,
        {
          received: JSON.stringify(value.slice(0, 60)),
          hint: 'say "bonus bets" or "second-chance bet"; to mention the phrase itself, put it in quotation marks',
        },
      );
  };

  const kept: Token[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    if (t.type === 'html_block') {
      rawHtml(t.map, t.content);
      continue;
    }
    if (t.type === 'inline') inline(t);
    else if (t.type === 'th_open' || t.type === 'td_open') alignAttribute(t);
    else if (t.type === 'heading_open') {
      const content = tokens[i + 1];
      if (content?.type === 'inline') {
        inline(content);
        t.attrSet('id', slugger.slug(plainText(content.children ?? [])));
        kept.push(t, content);
        i++;
        continue;
      }
    }
    kept.push(t);
  }
  tokens.splice(0, tokens.length, ...kept);

  function inline(block: Token): void {
    const map = block.map;
    const out: Token[] = [];
    let run = '';
    let external = false;
    const endRun = () => {
      if (run) checkWording(map, run);
      run = '';
    };
    for (const c of block.children ?? []) {
      switch (c.type) {
        case 'text':
          if (c.content.includes('{{')) c.content = interpolate(map, c.content);
          run += c.content;
          break;
        case 'softbreak':
          run += '\n';
          break;
        case 'html_inline':
          rawHtml(map, c.content);
          continue;
        case 'link_open': {
          endRun();
          let href = String(c.attrGet('href') ?? '');
          if (href.includes('%7B%7B') || href.includes('{{')) href = interpolate(map, safeDecode(href));
          if (href.startsWith('operator:')) href = ctx.reviewRoutes.get(href.slice('operator:'.length)) ?? '/';
          c.attrSet('href', href);
          external = isExternal(href);
          if (external) {
            c.attrSet('rel', 'noopener noreferrer');
            c.attrSet('target', '_blank');
          }
          break;
        }
        case 'link_close':
          endRun();
          if (external) {
            // Tell screen-reader users the link opens a new tab, as block links do.
            const hint = new Token('html_inline', '', 0);
            hint.content = NEW_TAB_HINT;
            out.push(hint);
            external = false;
          }
          break;
        default:
          endRun();
      }
      out.push(c);
    }
    endRun();
    block.children = out;
  }
}

function alignAttribute(t: Token): void {
  const align = /text-align:\s*(left|right|center)/.exec(String(t.attrGet('style') ?? ''))?.[1];
  if (!align) return;
  t.attrs = (t.attrs ?? []).filter(([name]: [string, string]) => name !== 'style');
  t.attrSet('align', align);
}

/** A heading's text as readers see it: what its slug is made from. */
function plainText(children: Token[]): string {
  let s = '';
  for (const c of children) {
    if (c.type === 'text' || c.type === 'code_inline') s += c.content;
    else if (c.type === 'softbreak' || c.type === 'hardbreak') s += '\n';
    else if (c.type === 'image') s += plainText(c.children ?? []);
  }
  return s;
}

function safeDecode(href: string): string {
  try {
    return decodeURI(href);
  } catch {
    return href;
  }
}
