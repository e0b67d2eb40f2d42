import type { Diagnostic } from '../../support/diagnostics/diagnostics.js';
import type { SourceFile } from '../../model.js';
import type { FrontmatterCache } from '../load/frontmatter.js';
import type { BodyScan } from './body.js';
import { attachDraft, parsePage, type PageDraft, type ParsedPage } from './parse-page.js';

/** The pages to build, the bodies of those whose frontmatter failed, and how many drafts were left out. */
export interface PageDrafts {
  drafts: PageDraft[];
  /** Pages whose frontmatter failed: their bodies are still checked, so one run reports every problem. */
  failedBodies: { file: string; body: BodyScan }[];
  draftsLeftOut: number;
  /** The pages left out as drafts: their routes and files. */
  draftPages: { route: string; file: string }[];
}

/**
 * Parses every page, or takes its parse from `parsed` (by index in `pages`) where a render worker
 * already did it. `draft: true` pages are kept only `withDrafts`.
 */
export function readPageDrafts(
  pages: SourceFile[],
  splitter: FrontmatterCache,
  parsed: ReadonlyMap<number, ParsedPage> | undefined,
  withDrafts: boolean,
  diagnostics: Diagnostic[],
): PageDrafts {
  const parsedPages: PageDraft[] = [];
  const failedBodies: PageDrafts['failedBodies'] = [];
  pages.forEach((f, i) => {
    const pre = parsed?.get(i);
    if (!pre) {
      const d = parsePage(f, diagnostics, splitter, (body) => failedBodies.push({ file: f.path, body }));
      if (d) parsedPages.push(d);
      return;
    }
    for (const d of pre.diagnostics) diagnostics.push(d);
    if (pre.draft) parsedPages.push(attachDraft(f, pre.draft));
    if (pre.failedBody) failedBodies.push({ file: f.path, body: pre.failedBody });
  });
  // `draft: true` pages (not PageDrafts: those are every parsed page) exist only where drafts are built.
  const drafts = withDrafts ? parsedPages : parsedPages.filter((d) => !d.data.draft);
  const draftPages = withDrafts
    ? []
    : parsedPages.filter((d) => d.data.draft).map((d) => ({ route: d.route, file: d.file.path }));
  return { drafts, failedBodies, draftsLeftOut: draftPages.length, draftPages };
}
