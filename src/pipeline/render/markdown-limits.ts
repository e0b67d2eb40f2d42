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
}

export const LIMITS: Readonly<MarkdownLimits> = { depth: 32, size: 16_000_000, budgetMs: 10_000 };

const LIST_MARKER = /^(?:[-+*]|\d{1,9}[.)])(?=[ \t]|$)/;
const FENCE = /^(`{3,}|~{3,})/;

/**
 * The deepest nesting of block quotes and list items in `text`, and the 0-based line where it first
 * passes `limit` (or -1). An estimate made line by line without parsing: quote markers (`>`) at a
 * line's start count one each; a list item counts while lines stay indented to its content, as in
 * CommonMark (a line after a blank one that is indented less closes it; fenced code is skipped).
 * Every nesting a parser would build is counted, so the estimate may exceed the truth, never fall short
 * of it in the constructs that recurse.
 */
export function nestingDepth(text: string, limit: number): { depth: number; line: number } {
  const open: number[] = []; // content columns of the open list items
  let max = 0;
  let at = -1;
  let fence = '';
  let afterBlank = false;
  let lineNo = 0;
  for (let start = 0; start <= text.length; lineNo++) {
    let end = text.indexOf('\n', start);
    if (end < 0) end = text.length;
    const line = text.slice(start, end);
    start = end + 1;
    let pos = 0;
    let col = 0;
    let quotes = 0;
    const spaces = () => {
      for (; pos < line.length && (line[pos] === ' ' || line[pos] === '\t'); pos++)
        col += line[pos] === '\t' ? 4 - (col % 4) : 1;
    };
    spaces();
    while (line[pos] === '>') {
      quotes++;
      pos++;
      col++;
      spaces();
    }
    const rest = line.slice(pos);
    if (fence) {
      if (rest.startsWith(fence)) fence = '';
      continue;
    }
    if (!rest.trim()) {
      afterBlank = true;
      if (quotes > max) max = quotes;
      if (quotes > limit && at < 0) at = lineNo;
      if (end === text.length) break;
      continue;
    }
    // A list marker, or any line after a blank one, ends the items it is not indented into.
    if (afterBlank || LIST_MARKER.test(rest)) while (open.length && col < open[open.length - 1]!) open.pop();
    afterBlank = false;
    for (let m = LIST_MARKER.exec(line.slice(pos)); m; m = LIST_MARKER.exec(line.slice(pos))) {
      pos += m[0].length;
      col += m[0].length;
      spaces();
      open.push(col);
      while (line[pos] === '>') {
        quotes++;
        pos++;
        col++;
        spaces();
      }
    }
    const f = FENCE.exec(line.slice(pos));
    if (f) fence = f[1]!;
    const depth = quotes + open.length;
    if (depth > max) max = depth;
    if (depth > limit && at < 0) at = lineNo;
    if (end === text.length) break;
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
