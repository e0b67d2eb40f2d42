import path from 'node:path';
import type { Diagnostic } from '../../../support/diagnostics/diagnostics.js';
import type { AssetRefs, ListedPage, Page, RenderedSegment, Site, TemplateProps } from '../../../model.js';
import { markdownForPage, type MarkdownContext, type MarkdownEngine } from '../markdown/markdown.js';
import type { TemplateModule } from '../compile/templates.js';
import { socialImageUrl, structuredData } from './structured-data.js';
import { templateFrame } from './template-frame.js';
import { sectionOf } from './listing.js';
import { FEED_PATH } from '../../../urls/urls.js';
import { rebaseHtml } from './rebase.js';
import { homeFor } from '../../../domain/gambling-pack.js';

export interface RenderContext {
  site: Site;
  templates: TemplateModule;
  assets: AssetRefs;
  year: number;
  markdown: MarkdownContext;
  engine: MarkdownEngine;
  reviewRoutes: Record<string, string>;
  /** Every page's route, title and section, for list blocks (listing.ts). */
  listing: ListedPage[];
}

export interface RenderedPage {
  page: Page;
  html: string;
  diagnostics: Diagnostic[];
}

const DOCTYPE = '<!DOCTYPE html>';

/** A page's <title>: site.yaml `titleFormat` ("{title} | {site}") filled in, else the page's title as written. */
const pageTitle = (config: Pick<Site['config'], 'titleFormat' | 'title'>, title: string) =>
  config.titleFormat
    ? config.titleFormat.replace(/\{(title|site)\}/g, (_, k) => (k === 'site' ? config.title : title))
    : title;

/**
 * The page's `checkIgnore` as the meta element check reads in a built folder, so that `check --dir`
 * (what CI runs) skips the same rules on the page as `check` does; nothing when the page silences none.
 */
function withCheckIgnore(html: string, ids: readonly string[]): string {
  if (ids.length === 0) return html;
  const meta = `<meta name="pa-site-check-ignore" content="${ids.join(' ').replace(/[&"<>]/g, '')}"/>`;
  return html.replace(/<head>/, (head) => `${head}${meta}`);
}

/** Stage 4: Markdown → HTML segments, then the page's template inside the layout. */
export function renderPage(ctx: RenderContext, page: Page): RenderedPage {
  const { createElement, renderToStaticMarkup } = ctx.templates;
  const md = markdownForPage(ctx.markdown, page.file, ctx.engine);
  const body: RenderedSegment[] = page.segments.map((seg) =>
    seg.kind === 'markdown'
      ? { kind: 'html', ...md.render(seg.text, seg.line) }
      : { kind: 'block', name: seg.name, block: page.data.blocks[seg.name]! },
  );
  const diagnostics = md.diagnostics;
  if (diagnostics.some((d) => d.severity === 'error')) return { page, html: '', diagnostics };
  const props: TemplateProps = {
    page,
    site: ctx.site.config,
    body,
    operators: ctx.site.operators,
    reviewRoutes: ctx.reviewRoutes,
    authors: ctx.site.authors,
    listing: ctx.listing,
    year: ctx.year,
  };
  try {
    const Template = ctx.templates.templates[page.template];
    const html = renderToStaticMarkup(
      createElement(
        ctx.templates.Layout,
        {
          site: ctx.site.config,
          route: page.route,
          title: pageTitle(ctx.site.config, page.data.title),
          description: page.data.description,
          canonical: page.url.canonical,
          assets: ctx.assets,
          year: ctx.year,
          section: sectionOf(ctx.site, ctx.templates, page),
          jsonLd: structuredData(ctx.site, page),
          content: true,
          ogType: page.route === '/' || page.data.schemaType === 'website' ? 'website' : 'article',
          socialImage: socialImageUrl(ctx.site),
          feed: FEED_PATH,
        },
        createElement(Template, props),
      ),
    );
    const full = withCheckIgnore(
      withToolScripts(ctx.templates.expandShared(html), page, ctx.assets),
      page.data.checkIgnore,
    );
    return { page, html: DOCTYPE + rebaseHtml(full, ctx.site.config.base), diagnostics };
  } catch (e) {
    diagnostics.push(templateThrew(e, ctx.site.root, page.file, page.template));
    return { page, html: '', diagnostics };
  }
}

/** Ends the message of a throw located in a template: the page that was being rendered. */
const RENDERING = ', rendering ';
/** What a throw while rendering the not-found page says it was rendering. */
const NOT_FOUND = 'the not-found page';

/**
 * A template that threw while rendering `pageFile` (a content file, relative to `root`; undefined
 * for the not-found page): at the template's file, line and component when the stack says
 * (template-frame.ts), else at the page.
 */
export function templateThrew(e: unknown, root: string, pageFile: string | undefined, template: string): Diagnostic {
  const where = templateFrame(e);
  const text = e instanceof Error ? e.message : String(e);
  const hint = "a template threw while rendering this page: look for a value the page's data leaves out";
  if (where)
    return {
      severity: 'error',
      code: 'render',
      file: path.relative(root, where.file).split(path.sep).join('/'),
      line: where.line,
      col: where.col,
      field: where.component ?? template,
      message: `${text}${RENDERING}${pageFile ?? NOT_FOUND}`,
      hint,
    };
  return {
    severity: 'error',
    code: 'render',
    file: pageFile ?? 'templates',
    line: 1,
    col: 1,
    field: pageFile ? `template ${template}` : template,
    message: `rendering failed: ${text}`,
    hint,
  };
}

/** A render error's message without the page, and the page (a content file, or the not-found page). */
function splitRendering(d: Diagnostic): { base: string; page: string } {
  if (d.message.startsWith('rendering failed: '))
    return { base: d.message, page: d.field === 'NotFoundPage' ? NOT_FOUND : d.file };
  const at = d.message.lastIndexOf(RENDERING);
  return at < 0
    ? { base: d.message, page: d.file }
    : { base: d.message.slice(0, at), page: d.message.slice(at + RENDERING.length) };
}

/**
 * One error for a template that throws on many pages (a broken footer fails them all), naming how
 * many and the first few, instead of one identical error per page.
 */
export function groupTemplateThrows(diagnostics: Diagnostic[]): Diagnostic[] {
  const keyOf = (d: Diagnostic) => `${d.field}\n${splitRendering(d).base}`;
  const byKey = new Map<string, Diagnostic[]>();
  for (const d of diagnostics) {
    if (d.code !== 'render') continue;
    const list = byKey.get(keyOf(d));
    if (list) list.push(d);
    else byKey.set(keyOf(d), [d]);
  }
  const merged = new Set<Diagnostic>();
  const out: Diagnostic[] = [];
  for (const d of diagnostics) {
    const same = d.code === 'render' ? byKey.get(keyOf(d))! : [d];
    if (same.length < 2) {
      out.push(d);
      continue;
    }
    if (merged.has(same[0]!)) continue;
    merged.add(same[0]!);
    // Pages first, then the not-found page (which has no content file of its own).
    const split = same.map((x) => ({ x, ...splitRendering(x) }));
    const pages = split.filter((s) => s.page !== NOT_FOUND);
    const first = pages[0]?.x ?? same[0]!;
    const files = [...pages.map((s) => s.page), ...(pages.length < same.length ? [NOT_FOUND] : [])];
    const shown = files.length > 3 ? `${files.slice(0, 3).join(', ')} and ${files.length - 3} more` : files.join(', ');
    out.push({
      ...first,
      message: `${splitRendering(first).base}, on ${files.length} pages (${shown})`,
      hint: 'the same template code throws on every one of them: fix the template named above',
    });
  }
  return out;
}

/**
 * Each tool a page places loads its own script, deferred, from a file (no inline code: CSP-safe);
 * a page without a tool loads none.
 */
function withToolScripts(html: string, page: Page, assets: AssetRefs): string {
  const tools = new Set(Object.values(page.data.blocks).flatMap((b) => (b.type === 'tool' ? [b.tool] : [])));
  const tags = [...tools].map((t) => `<script src="${assets.tools[t]}" defer></script>`).join('');
  return tags ? html.replace('</head>', `${tags}</head>`) : html;
}

/** The not-found page: spec §2.17, served by hosts for every unknown path. */
export function renderNotFound(ctx: RenderContext): string {
  const { createElement, renderToStaticMarkup } = ctx.templates;
  const config = ctx.site.config;
  const html = renderToStaticMarkup(
    createElement(
      ctx.templates.Layout,
      {
        site: config,
        route: '/404',
        title: `Page Not Found | ${config.title}`,
        description:
          `The page you asked for does not exist. Return to the ${config.title} home page` + `${homeFor(config)}.`,
        canonical: '',
        assets: ctx.assets,
        year: ctx.year,
        jsonLd: [],
        // Every HTML file carries 21+ and the help line (58 Pa. Code §501a.7), the not-found page too.
        content: true,
        socialImage: socialImageUrl(ctx.site),
        feed: FEED_PATH,
        noindex: true,
      },
      createElement(ctx.templates.NotFoundPage),
    ),
  );
  // The not-found script is added next to the site script: no inline code, CSP-safe.
  const full = ctx.templates
    .expandShared(html)
    .replace('</head>', `<script src="${ctx.assets.notFoundScript}"></script></head>`);
  return DOCTYPE + rebaseHtml(full, config.base);
}
