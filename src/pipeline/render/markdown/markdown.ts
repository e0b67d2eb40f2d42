import { datedSections } from './dated-sections.js';
import { slug } from 'github-slugger';
import type { Diagnostic } from '../../../support/diagnostics/diagnostics.js';
import type { Heading, TableSpan } from '../../../model.js';
import { renderWithMarkdownIt } from './markdown-it-engine.js';
import { type MarkdownContext, SegmentRules } from './markdown-rules.js';
import {
  isStackOverflow,
  LIMITS,
  type MarkdownLimits,
  nestingDepth,
  TimeoutError,
  withDeadline,
} from './markdown-limits.js';

export type { MarkdownContext } from './markdown-rules.js';

/**
 * The engine a site renders Markdown with: markdown-it (the default), or remark with the site's
 * plugins (loaded on demand by remark-plugins.ts, so markdown-it sites never load remark).
 */
export interface MarkdownEngine {
  name: 'markdown-it' | 'remark';
  render(text: string, rules: SegmentRules): string;
}

export const MARKDOWN_IT: MarkdownEngine = { name: 'markdown-it', render: renderWithMarkdownIt };

/** A site's remark plugin threw while rendering a page (remark-engine.ts): reported at the page, naming it. */
export class PluginFailure extends Error {
  constructor(
    readonly plugin: string,
    /** The plugin's line in content/site.yaml. */
    readonly line: number,
    cause: unknown,
  ) {
    super(
      String(cause instanceof Error ? cause.message : cause)
        .split('\n')[0]!
        .slice(0, 200),
    );
  }
}

/** The diagnostic for a plugin that failed on the segment starting at `line` of `file`. */
const pluginFailed = (file: string, line: number, e: PluginFailure): Diagnostic => ({
  severity: 'error',
  code: 'remark-plugin',
  file,
  line,
  col: 1,
  field: 'body',
  message: `the remark plugin "${e.plugin}" (content/site.yaml:${e.line}) failed on this page: ${e.message}`,
  hint: 'fix the plugin or its options, or remove it from markdown.remarkPlugins in content/site.yaml',
});

export interface MarkdownPage {
  diagnostics: Diagnostic[];
  /** A segment's HTML and its headings. */
  render(text: string, firstLine: number): { html: string; headings: Heading[]; tables?: TableSpan[] };
}

/**
 * A page's heading ids: github-slugger's `slug()` of the text, then `-1`, `-2`… for repeats, as its
 * `GithubSlugger` class does. Slugged afresh every time: a build-wide map from heading text to slug
 * cost more than it saved (bench/markdown.mjs) and, keyed by slices of the pages' sources, kept
 * those sources alive (18 MB more peak memory at 4,000 bench pages).
 */
export class HeadingIds {
  private readonly seen = new Map<string, number>();

  slug(text: string): string {
    const original = slug(text);
    let result = original;
    while (this.seen.has(result)) {
      const n = this.seen.get(original)! + 1;
      this.seen.set(original, n);
      result = `${original}-${n}`;
    }
    this.seen.set(result, 0);
    return result;
  }
}

/** A renderer for one page: heading ids stay unique across all of the page's Markdown segments. */
export function markdownForPage(
  ctx: MarkdownContext,
  file: string,
  engine: MarkdownEngine = MARKDOWN_IT,
  limits: MarkdownLimits = LIMITS,
): MarkdownPage {
  const slugger = new HeadingIds();
  const diagnostics: Diagnostic[] = [];
  let size = 0;
  let spent = 0;
  let stopped = false;
  const fail = (line: number, message: string, hint: string) => {
    diagnostics.push({ severity: 'error', code: 'markdown-limit', file, line, col: 1, field: '', message, hint });
    return { html: '', headings: [] };
  };
  const timedOut = (line: number) => {
    stopped = true;
    return fail(
      line,
      `rendering this page's Markdown was stopped after ${limits.budgetMs / 1000} s, the time a page may take`,
      'split the page, or simplify its Markdown: thousands of block quotes, reference definitions ' +
        'or emphasis markers (*, _) in a row are slow to parse',
    );
  };
  return {
    diagnostics,
    render(source, firstLine) {
      // Once the page is over a limit, its later segments are not rendered either.
      if (stopped) return { html: '', headings: [] };
      // Statements fenced by date show only in a build dated when they are true (dated-sections.ts).
      const text = datedSections(source, ctx.config.today);
      size += text.length;
      if (size > limits.size) {
        stopped = true;
        return fail(
          firstLine,
          `the page's Markdown is ${size.toLocaleString('en-US')} characters long, over the limit of ` +
            `${limits.size.toLocaleString('en-US')}`,
          'split it into several pages',
        );
      }
      const nesting = nestingDepth(text, limits.depth);
      if (nesting.line >= 0) {
        stopped = true;
        return fail(
          firstLine + nesting.line,
          `block quotes and lists nested ${nesting.depth} deep (this line is level ${limits.depth + 1}); ` +
            `at most ${limits.depth} levels are allowed`,
          'nest fewer block quotes (>) and lists inside each other',
        );
      }
      // The budget is the page's, all segments together: segments rendered without the watchdog count too, and
      // once it is spent no further segment starts (150 unwatched segments of 300 ms each took 47 s).
      const left = limits.budgetMs - spent;
      if (left <= 0) return timedOut(firstLine);
      const rules = new SegmentRules(ctx, file, firstLine, text, slugger, diagnostics);
      const started = performance.now();
      try {
        // Near the end of the budget every segment is watched, so the page stops at its deadline.
        const watched = engine.name === 'remark' || text.length > limits.unwatched || left < limits.budgetMs / 10;
        const render = () => engine.render(text, rules);
        const html = watched ? withDeadline(render, limits.budgetMs - spent) : render();
        return { html, headings: rules.headings, tables: rules.tables };
      } catch (e) {
        if (e instanceof PluginFailure) {
          diagnostics.push(pluginFailed(file, firstLine, e));
          return { html: '', headings: [] };
        }
        if (!(e instanceof TimeoutError) && !isStackOverflow(e)) throw e;
        stopped = true;
        return e instanceof TimeoutError
          ? timedOut(firstLine)
          : fail(
              firstLine,
              `this Markdown is nested too deeply to render (${engine.name} ran out of stack)`,
              'nest fewer block quotes, lists, links or emphasis inside each other',
            );
      } finally {
        spent += performance.now() - started;
      }
    },
  };
}
