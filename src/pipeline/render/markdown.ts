import GithubSlugger from 'github-slugger';
import type { Diagnostic } from '../../diagnostics.js';
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

export interface MarkdownPage {
  diagnostics: Diagnostic[];
  render(text: string, firstLine: number): string;
}

/** A renderer for one page: heading ids stay unique across all of the page's Markdown segments. */
export function markdownForPage(
  ctx: MarkdownContext,
  file: string,
  engine: MarkdownEngine = MARKDOWN_IT,
): MarkdownPage {
  const slugger = new GithubSlugger();
  const diagnostics: Diagnostic[] = [];
  return {
    diagnostics,
    render(text, firstLine) {
      return engine.render(text, new SegmentRules(ctx, file, firstLine, text, slugger, diagnostics));
    },
  };
}
