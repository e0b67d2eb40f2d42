/**
 * markdown-it doing less per page, its output unchanged: each piece below stands in for a part of
 * markdown-it that does the same work with more steps, or skips work that cannot change the tokens
 * under the engine's options (linkify and typographer off). markdown-it-engine.test.ts compares the
 * tokens with stock markdown-it's on every CommonMark spec example and on generated text.
 */
import type MarkdownIt from 'markdown-it';
import type StateCore from 'markdown-it/lib/rules_core/state_core.mjs';
import type StateInline from 'markdown-it/lib/rules_inline/state_inline.mjs';
import Token from 'markdown-it/lib/token.mjs';

/** The characters markdown-it's inline rules start at (its `isTerminatorChar`, newline included). */
const TERMINATOR = /[\n!#$%&*+\-:<=>@[\\\]^_`{}~]/;
/** A run of characters none of the inline rules starts at, from a given position (sticky). */
const TEXT_RUN = /[^\n!#$%&*+\-:<=>@[\\\]^_`{}~]+/y;

export function speedUp(md: MarkdownIt): void {
  // Rules that return at once with linkify and typographer off: once per block or per inline position, for nothing.
  md.core.ruler.disable(['linkify', 'replacements', 'smartquotes']);
  md.inline.ruler.disable(['linkify']);
  const normalize = md.core.ruler.getRules('')[0]!; // the core chain's first rule
  md.core.ruler.at('normalize', (state) => normalizeIfNeeded(state, normalize));
  md.core.ruler.at('inline', inlineBlocks);
  md.inline.ruler.at('text', textRun);
  md.inline.skipToken = skipToken;
  md.block.State = blockState(md.block.State);
  const normalizeLink = md.normalizeLink.bind(md);
  md.normalizeLink = (url) => (SITE_LINK.test(url) ? url : normalizeLink(url));
}

/**
 * A link within the site (`/guide-2/`, `/guide-2#fees`, `#top`): letters, digits and `-._~/` only, no
 * host (`//`). markdown-it's normalizeLink (parse, hostname to punycode, format, percent-encode) gives
 * such a link back as it is; it is not called for one (a test checks the two agree on such links).
 */
export const SITE_LINK = /^(?:\/(?!\/)[\w\-.~/]*)?(?:#[\w\-.~]*)?$/;

/**
 * markdown-it's normalize rule (CR LF and CR become LF, NUL becomes U+FFFD), without its two replaces
 * over the whole text when there is nothing to replace: a file saved with LF line ends, the common case.
 * Two searches for one character each take a tenth of the time of one regex for either (bench pages).
 */
function normalizeIfNeeded(state: StateCore, normalize: (state: StateCore) => void): void {
  if (state.src.includes('\r') || state.src.includes('\0')) normalize(state);
}

/**
 * markdown-it's `inline` core rule, which parses each block's inline content, with a short cut for
 * content that is one run of text (a heading, table cell or list item without links, emphasis or a
 * character a rule starts at): markdown-it would make the same one text token, through an inline
 * state, a pass of the inline rules and four post-processing passes.
 */
function inlineBlocks(state: StateCore): void {
  for (const block of state.tokens) {
    if (block.type !== 'inline') continue;
    if (TERMINATOR.test(block.content)) state.md.inline.parse(block.content, state.md, state.env, block.children!);
    else if (block.content) {
      const text = new Token('text', '', 0);
      text.content = block.content;
      block.children!.push(text);
    }
  }
}

/** markdown-it's `text` rule, the run found by one sticky regex instead of a call per character. */
function textRun(state: StateInline, silent: boolean): boolean {
  const pos = state.pos;
  if (pos >= state.posMax) return false;
  TEXT_RUN.lastIndex = pos;
  if (!TEXT_RUN.test(state.src)) return false;
  const end = Math.min(TEXT_RUN.lastIndex, state.posMax);
  if (!silent) state.pending += state.src.slice(pos, end);
  state.pos = end;
  return true;
}

/**
 * markdown-it's `skipToken` (ParserInline's; only a link label's scan calls it), with the end each start
 * position skips to kept in a Map instead of in `state.cache`, a plain object indexed by source position:
 * a link label far into a long paragraph made V8 grow a sparse element store for it on every inline parse.
 * The rules are tried in the same order, in silent mode, with the same nesting limit.
 */
function skipToken(this: MarkdownIt['inline'], state: StateInline): void {
  const pos = state.pos;
  let ends = state.cache as unknown as Map<number, number> | Record<number, number>;
  if (!(ends instanceof Map)) {
    ends = new Map();
    state.cache = ends as unknown as typeof state.cache;
  } else {
    const end = ends.get(pos);
    if (end !== undefined) {
      state.pos = end;
      return;
    }
  }
  let ok = false;
  if (state.level < (state.md.options as { maxNesting: number }).maxNesting) {
    const rules = this.ruler.getRules('');
    for (let i = 0; i < rules.length; i++) {
      // The level counts nesting, as markdown-it counts it here: no token is made in silent mode.
      state.level++;
      ok = rules[i]!(state, true) as boolean;
      state.level--;
      if (ok) {
        if (pos >= state.pos) throw new Error("inline rule didn't increment state.pos");
        break;
      }
    }
  } else state.pos = state.posMax; // too deep: markdown-it skips to the end of the text
  if (!ok) state.pos++;
  ends.set(pos, state.pos);
}

type BlockState = MarkdownIt['block']['State'];

/**
 * markdown-it's block state (StateBlock), whose constructor finds the text's lines and their indents,
 * with each line's end found by indexOf instead of a test of each of its characters. The fields are
 * StateBlock's, made in the same order, and so are the lines, down to markdown-it's own edge: text after
 * the last newline that is only spaces and tabs is no line. The methods are StateBlock's own.
 */
function blockState(StateBlock: BlockState): BlockState {
  function LineMarks(this: InstanceType<BlockState>, src: string, md: MarkdownIt, env: unknown, tokens: Token[]): void {
    this.src = src;
    this.md = md;
    this.env = env;
    this.tokens = tokens;
    const bMarks: number[] = [];
    const eMarks: number[] = [];
    const tShift: number[] = [];
    const sCount: number[] = [];
    const bsCount: number[] = [];
    this.bMarks = bMarks;
    this.eMarks = eMarks;
    this.tShift = tShift;
    this.sCount = sCount;
    this.bsCount = bsCount;
    this.blkIndent = 0;
    this.line = 0;
    this.lineMax = 0;
    this.tight = false;
    this.ddIndent = -1;
    this.listIndent = -1;
    this.parentType = 'root';
    this.level = 0;
    const len = src.length;
    for (let start = 0; start < len; ) {
      let pos = start;
      let indent = 0;
      let offset = 0;
      for (let ch = src.charCodeAt(pos); pos < len && (ch === 0x20 || ch === 0x09); ch = src.charCodeAt(++pos)) {
        indent++;
        offset += ch === 0x09 ? 4 - (offset % 4) : 1;
      }
      if (pos === len) break;
      const newline = src.indexOf('\n', pos);
      const end = newline < 0 ? len : newline;
      bMarks.push(start);
      eMarks.push(end);
      tShift.push(indent);
      sCount.push(offset);
      bsCount.push(0);
      start = end + 1;
    }
    // The entry after the last line, as markdown-it adds it.
    bMarks.push(len);
    eMarks.push(len);
    tShift.push(0);
    sCount.push(0);
    bsCount.push(0);
    this.lineMax = bMarks.length - 1;
  }
  LineMarks.prototype = StateBlock.prototype;
  return LineMarks as unknown as BlockState;
}
