import MarkdownIt from 'markdown-it';
import type Renderer from 'markdown-it/lib/renderer.mjs';
import Token from 'markdown-it/lib/token.mjs';
import type { TableSpan } from '../../../model.js';
import { speedUp } from './markdown-it-speedups.js';
import {
  type BlockLines,
  EXTERNAL_REL,
  escapeAttribute,
  escapeText,
  linkAllowed,
  NEW_TAB_CLASS,
  NEW_TAB_TEXT,
  type SegmentRules,
} from './markdown-rules.js';

/**
 * CommonMark with GitHub tables and strikethrough (markdown-it's default preset), no typographic
 * replacements, no bare-URL linking. Raw HTML is parsed (html: true) only so that each piece can be
 * reported and dropped: nothing an author writes reaches the page as markup.
 */
const md = new MarkdownIt('default', { html: true, linkify: false, typographer: false });
md.validateLink = linkAllowed;
speedUp(md);

// Escape as the remark engine's serializer does, so both engines write the same bytes.
const rules = md.renderer.rules;
rules.text = (tokens, idx) => escapeText(tokens[idx]!.content);
rules.code_inline = (tokens, idx, _o, _e, self) =>
  `<code${self.renderAttrs(tokens[idx]!)}>${escapeText(tokens[idx]!.content)}</code>`;
rules.code_block = (tokens, idx, _o, _e, self) =>
  `<pre${self.renderAttrs(tokens[idx]!)}><code>${escapeText(tokens[idx]!.content)}</code></pre>\n`;
rules.fence = (tokens, idx) => {
  const t = tokens[idx]!;
  const lang = (t.info ? md.utils.unescapeAll(t.info).trim() : '').split(/\s+/)[0];
  const cls = lang ? ` class="language-${escapeAttribute(lang)}"` : '';
  return `<pre><code${cls}>${escapeText(t.content)}</code></pre>\n`;
};
// An empty block quote keeps its line break, as hast-util-to-html writes it.
rules.blockquote_open = (tokens, idx, options, _e, self) =>
  self.renderToken(tokens, idx, options) + (tokens[idx + 1]?.type === 'blockquote_close' ? '\n' : '');
md.renderer.renderAttrs = (token: Token) => {
  let out = '';
  for (const [name, value] of token.attrs ?? []) out += ` ${name}="${escapeAttribute(String(value))}"`;
  return out;
};
const renderer: Renderer = md.renderer;

/** markdown-it's tokens for `text`, as this engine parses it (a test compares them with stock markdown-it's). */
export const parseMarkdownIt = (text: string): Token[] => md.parse(text, {});

const NEW_TAB_HINT = `<span class="${NEW_TAB_CLASS}">${NEW_TAB_TEXT}</span>`;

/** Renders one Markdown segment with markdown-it, applying the shared rules to its tokens. */
export function renderWithMarkdownIt(text: string, rules: SegmentRules): string {
  const tokens = parseMarkdownIt(text);
  transform(tokens, rules);
  const { html, tables } = renderTokens(tokens);
  rules.tables = tables;
  return html;
}

/**
 * markdown-it's `Renderer.render`, the same calls in the same order, noting where each table's
 * `<table…>…</table>` lies in the HTML and how many headings come before it: the Body template wraps
 * tables without searching the HTML for them (a second pass over every page).
 */
export function renderTokens(tokens: Token[]): { html: string; tables: TableSpan[] } {
  const env = {};
  const tables: TableSpan[] = [];
  let html = '';
  let headings = 0;
  let start = 0;
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    const type = t.type;
    if (type === 'inline') {
      html += renderer.renderInline(t.children!, md.options, env);
      continue;
    }
    const rule = renderer.rules[type];
    const piece = rule ? rule(tokens, i, md.options, env, renderer) : renderer.renderToken(tokens, i, md.options);
    // A tag may follow a newline (after a hidden paragraph of a tight list): find it in its piece.
    if (type === 'heading_open') headings++;
    else if (type === 'table_open') start = html.length + piece.indexOf('<table');
    else if (type === 'table_close')
      tables.push({ start, end: html.length + piece.indexOf(TABLE_END) + TABLE_END.length, headings });
    html += piece;
  }
  return { html, tables };
}

const TABLE_END = '</table>';

/** Stock markdown-it's render loop with this engine's rules, for a test to compare `renderTokens` with. */
export const renderStock = (tokens: Token[]): string => renderer.render(tokens, md.options, {});

/**
 * One pass over markdown-it's tokens, calling the shared rules; table alignment becomes `align`.
 * Edits in place: raw HTML blocks are dropped by compacting the array, and a block's children are
 * copied only when one is dropped or a hint added (most blocks keep theirs as they are).
 */
function transform(tokens: Token[], rules: SegmentRules): void {
  let kept = 0;
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    if (t.type === 'html_block') {
      rules.rawHtml(t.map, t.content);
      continue;
    }
    if (t.type === 'inline') inline(t, rules);
    else if (t.type === 'th_open' || t.type === 'td_open') alignAttribute(t);
    else if (t.type === 'heading_open') {
      const content = tokens[i + 1];
      if (content?.type === 'inline') {
        inline(content, rules);
        t.attrSet('id', rules.headingId(plainText(content.children ?? []), Number(t.tag.slice(1))));
        tokens[kept++] = t;
        tokens[kept++] = content;
        i++;
        continue;
      }
    }
    tokens[kept++] = t;
  }
  tokens.length = kept;
}

function inline(block: Token, rules: SegmentRules): void {
  const map: BlockLines = block.map;
  const children = block.children ?? [];
  // Made on the first change: the children so far, then every kept one.
  let out: Token[] | undefined;
  // The run of adjacent text (soft line breaks included) checked for banned wording: its first
  // token, or -1 when no run is open. Its text is only put together when the rules need to read it.
  let runFrom = -1;
  let external = false;
  for (let k = 0; k < children.length; k++) {
    const c = children[k]!;
    // Any token but text, a soft break or raw HTML (dropped) ends the run: a link, emphasis, code.
    if (runFrom >= 0 && c.type !== 'text' && c.type !== 'softbreak' && c.type !== 'html_inline') {
      checkRun(rules, map, children, runFrom, k);
      runFrom = -1;
    }
    switch (c.type) {
      case 'text':
        if (rules.mayHoldValues) c.content = rules.interpolate(map, c.content);
        if (runFrom < 0) runFrom = k;
        break;
      case 'softbreak':
        if (runFrom < 0) runFrom = k;
        break;
      case 'html_inline':
        rules.rawHtml(map, c.content);
        out ??= children.slice(0, k);
        continue;
      case 'link_open': {
        const link = rules.link(map, String(c.attrGet('href') ?? ''));
        c.attrSet('href', link.href);
        external = link.external;
        if (external) {
          c.attrSet('rel', EXTERNAL_REL);
          c.attrSet('target', '_blank');
        }
        break;
      }
      case 'link_close':
        if (external) {
          const hint = new Token('html_inline', '', 0);
          hint.content = NEW_TAB_HINT;
          out ??= children.slice(0, k);
          out.push(hint);
          external = false;
        }
        break;
    }
    out?.push(c);
  }
  checkRun(rules, map, children, runFrom, children.length);
  if (out) block.children = out;
}

/**
 * Checks the wording of the run of text tokens `from`..`to` (none when `from` is -1). A function of its
 * own, not a closure over `inline`'s locals: that closure was made for every inline block.
 */
function checkRun(rules: SegmentRules, map: BlockLines, children: Token[], from: number, to: number): void {
  if (from >= 0 && rules.checksWording) rules.wording(map, runText(children, from, to));
}

/** A run's text as readers see it: its text tokens (values filled in) with soft breaks as newlines. */
function runText(children: Token[], from: number, to: number): string {
  let run = '';
  for (let k = from; k < to; k++) {
    const c = children[k]!;
    if (c.type === 'text') run += c.content;
    else if (c.type === 'softbreak') run += '\n';
  }
  return run;
}

/** The styles markdown-it's table rule gives an aligned cell, and the alignment each says. */
const ALIGNED = new Map([
  ['text-align:left', 'left'],
  ['text-align:right', 'right'],
  ['text-align:center', 'center'],
]);

function alignAttribute(t: Token): void {
  if (!t.attrs) return; // a cell without alignment
  const first = t.attrs[0]!;
  const only = t.attrs.length === 1 && first[0] === 'style' ? ALIGNED.get(first[1]) : undefined;
  if (only) {
    // The common case, as markdown-it writes it: the style is the cell's one attribute, in a pair
    // of its own (made for this cell), which becomes the `align` pair in place.
    first[0] = 'align';
    first[1] = only;
    return;
  }
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
