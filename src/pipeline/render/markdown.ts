import { slug } from 'github-slugger';
import type { Diagnostic } from '../../diagnostics.js';
import type { Heading } from '../../model.js';
import { renderWithMarkdownIt } from './markdown-it-engine.js';
import { type MarkdownContext, SegmentRules } from './markdown-rules.js';

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
  render(text: string, firstLine: number): { html: string; headings: Heading[] };
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
): MarkdownPage {
  const slugger = new HeadingIds();
  const diagnostics: Diagnostic[] = [];
  return {
    diagnostics,
    render(text, firstLine) {
      const rules = new SegmentRules(ctx, file, firstLine, text, slugger, diagnostics);
      try {
        return { html: engine.render(text, rules), headings: rules.headings };
      } catch (e) {
        if (!(e instanceof PluginFailure)) throw e;
        diagnostics.push(pluginFailed(file, firstLine, e));
        return { html: '', headings: [] };
      }
    },
  };
}
