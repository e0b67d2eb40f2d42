import vm from 'node:vm';

/*
 * Limits every page's Markdown is held to, whichever engine renders it (docs/safety.md lists them).
 * remark's parser recurses once per level of nesting (`'> '.repeat(2000)` overflowed the stack) and
 * is slow on some inputs: lists 500 deep took 101 s, 10,000 block quotes 100 s, `*a**` × 4,000 5 s.
 * Nesting and size are checked on the source before any parsing, in one cheap pass; the time a page
 * may take is enforced by running each segment's render under a watchdog that stops it.
 */
export interface MarkdownLimits {
  /** Block quotes and list items nested inside each other, counted together. */
  depth: number;
  /** Characters of Markdown in one page, all segments together. */
  size: number;
  /** Milliseconds one page's Markdown may take to render, all segments together. */
  budgetMs: number;
  /**
   * markdown-it segments up to this many characters render without the watchdog, whose thread costs
   * about 0.09 ms a call (it doubled the Markdown stage on the bench corpus). Within the nesting
   * limit markdown-it is near-linear: the slowest inputs tried (`[` or `*a**` repeated, reference
   * definitions) took at most 90 ms at 16,000 characters and 105 ms at 64,000. remark is always watched.
   */
  unwatched: number;
}

export const LIMITS: Readonly<MarkdownLimits> = { depth: 32, size: 16_000_000, budgetMs: 10_000, unwatched: 16_000 };

const SPACE = 32;
const TAB = 9;
const GT = 62; // >

/** Length of the list marker at `i` (`-`, `+`, `*`, `1.`, `1)` followed by a space, a tab or the end), or 0. */
function listMarker(text: string, i: number, end: number): number {
  const c = text.charCodeAt(i);
  let j = i;
  if (c === 45 || c === 43 || c === 42)
    j = i + 1; // - + *
  else {
    while (j < end && j - i < 9 && text.charCodeAt(j) >= 48 && text.charCodeAt(j) <= 57) j++;
    if (j === i || j >= end || (text.charCodeAt(j) !== 46 && text.charCodeAt(j) !== 41)) return 0; // . )
    j++;
  }
  const next = text.charCodeAt(j);
  return j >= end || next === SPACE || next === TAB ? j - i : 0;
}

/** Length of the code fence (three or more backticks or tildes) at `i`, or 0. */
function fenceAt(text: string, i: number, end: number): number {
  const c = text.charCodeAt(i);
  if (c !== 96 && c !== 126) return 0; // ` ~
  let j = i;
  while (j < end && text.charCodeAt(j) === c) j++;
  return j - i >= 3 ? j - i : 0;
}

/**
 * The deepest nesting of block quotes and list items in `text`, and the 0-based line where it first
 * passes `limit` (or -1). An estimate made line by line without parsing, in one pass over the
 * characters (most lines are decided by their first): quote markers (`>`) at a line's start count
 * one each; a list item counts while lines stay indented to its content, as in CommonMark (a list
 * marker, or any line after a blank one, indented less closes it); fenced code is skipped. The
 * estimate may exceed the true depth (a thematic break `- - -` counts as lists), never fall short of
 * it in the constructs that recurse.
 */
export function nestingDepth(text: string, limit: number): { depth: number; line: number } {
  const open: number[] = []; // content columns of the open list items
  let max = 0;
  let at = -1;
  let fenceChar = 0;
  let fenceLength = 0;
  let afterBlank = false;
  let lineNo = -1;
  // The line being read: its end, the position reached and its column. Made once, with the one
  // closure that reads them, rather than a closure for each line (the scan runs on every segment).
  let end = 0;
  let pos = 0;
  let col = 0;
  const spaces = () => {
    for (let c = text.charCodeAt(pos); pos < end && (c === SPACE || c === TAB); c = text.charCodeAt(++pos))
      col += c === TAB ? 4 - (col % 4) : 1;
  };
  for (let start = 0; start <= text.length; ) {
    lineNo++;
    end = text.indexOf('\n', start);
    if (end < 0) end = text.length;
    pos = start;
    col = 0;
    let quotes = 0;
    spaces();
    while (pos < end && text.charCodeAt(pos) === GT) {
      quotes++;
      pos++;
      col++;
      spaces();
    }
    start = end + 1;
    if (fenceLength) {
      if (text.charCodeAt(pos) === fenceChar && fenceAt(text, pos, end) >= fenceLength) fenceLength = 0;
      continue;
    }
    // spaces() stopped at the first other character: a line is blank when there is none (or a CR).
    if (pos >= end || (pos === end - 1 && text.charCodeAt(pos) === 13)) {
      afterBlank = true;
      if (quotes > max) max = quotes;
      if (quotes > limit && at < 0) at = lineNo;
      continue;
    }
    let marker = listMarker(text, pos, end);
    // A list marker, or any line after a blank one, ends the items it is not indented into.
    if (afterBlank || marker) while (open.length && col < open[open.length - 1]!) open.pop();
    afterBlank = false;
    for (; marker; marker = listMarker(text, pos, end)) {
      pos += marker;
      col += marker;
      spaces();
      open.push(col);
      while (pos < end && text.charCodeAt(pos) === GT) {
        quotes++;
        pos++;
        col++;
        spaces();
      }
    }
    const fence = fenceAt(text, pos, end);
    if (fence) {
      fenceChar = text.charCodeAt(pos);
      fenceLength = fence;
    }
    const depth = quotes + open.length;
    if (depth > max) max = depth;
    if (depth > limit && at < 0) at = lineNo;
  }
  return { depth: max, line: at };
}

const context = vm.createContext({ run: undefined as (() => unknown) | undefined, result: undefined as unknown });
const call = new vm.Script('result = run()');

/**
 * Runs `fn` (synchronous) and returns its result, or throws TimeoutError when it takes more than
 * `ms` milliseconds: V8 stops the running code at the deadline, wherever it is (node:vm's watchdog),
 * on the main thread and in workers alike. Costs about 0.05–0.1 ms a call.
 */
export function withDeadline<T>(fn: () => T, ms: number): T {
  context.run = fn;
  try {
    call.runInContext(context, { timeout: Math.max(1, Math.ceil(ms)) });
    return context.result as T;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ERR_SCRIPT_EXECUTION_TIMEOUT') throw new TimeoutError(ms);
    throw e;
  } finally {
    context.run = undefined;
    context.result = undefined;
  }
}

export class TimeoutError extends Error {
  constructor(readonly ms: number) {
    super(`stopped after ${ms} ms`);
  }
}

/** Whether `e` is V8's stack overflow (a RangeError), which deep nesting the scan missed would cause. */
export const isStackOverflow = (e: unknown) =>
  e instanceof RangeError && /Maximum call stack size exceeded/.test(e.message);
