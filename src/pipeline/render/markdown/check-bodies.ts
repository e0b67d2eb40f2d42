import type { Diagnostic } from '../../../support/diagnostics/diagnostics.js';
import type { Page, Site } from '../../../model.js';
import { reviewRoutesOf } from '../../validate/validate.js';
import { markdownForPage, type MarkdownEngine } from './markdown.js';
import { markdownContext } from './markdown-rules.js';

/**
 * The Markdown checks (values, wording, links, raw HTML) for a site that failed validation, so one
 * run reports them beside the validation errors instead of after those are fixed. Nothing is kept:
 * only the diagnostics. `site` holds the pages and operators that validated.
 */
export function checkBodies(
  site: Site,
  engine: MarkdownEngine,
  /** Bodies of pages whose frontmatter failed: checked too, as they would be once it is fixed. */
  more: readonly Pick<Page, 'file' | 'segments'>[] = [],
): Diagnostic[] {
  const ctx = markdownContext(site, reviewRoutesOf(site), true);
  const out: Diagnostic[] = [];
  for (const page of [...site.pages, ...more]) {
    const md = markdownForPage(ctx, page.file, engine);
    for (const seg of page.segments) if (seg.kind === 'markdown') md.render(seg.text, seg.line);
    for (const d of md.diagnostics) out.push(d);
  }
  return out;
}
