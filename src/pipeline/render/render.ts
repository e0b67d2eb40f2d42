import type { Diagnostic } from '../../diagnostics.js';
import type { AssetRefs, Page, RenderedSegment, Site, TemplateProps } from '../../model.js';
import { markdownForPage, type MarkdownContext, type MarkdownEngine } from './markdown.js';
import type { TemplateModule } from './templates.js';
import { socialImageUrl, structuredData } from './structured-data.js';
import { templateFrame } from './template-frame.js';

export interface RenderContext {
  site: Site;
  templates: TemplateModule;
  assets: AssetRefs;
  year: number;
  markdown: MarkdownContext;
  engine: MarkdownEngine;
  reviewRoutes: Record<string, string>;
}

export interface RenderedPage {
  page: Page;
  html: string;
  diagnostics: Diagnostic[];
}

const DOCTYPE = '<!DOCTYPE html>';

/** The top-level menu item a page highlights: its own menu position, or its section by kind. */
function sectionOf(ctx: RenderContext, page: Page): string | undefined {
  const menu = ctx.site.config.header.menu;
  let fallback = page.data.section;
  if (!fallback && page.data.template === 'review') {
    const op = ctx.site.operators.find((o) => o.id === (page.data as { operator: string }).operator);
    fallback = ctx.templates.sectionFor(menu, op?.kind === 'casino' ? '/casino-reviews' : '/sportsbook-reviews');
  }
  return ctx.templates.sectionFor(menu, page.route, fallback);
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
  };
  try {
    const Template = ctx.templates.templates[page.template];
    const html = renderToStaticMarkup(
      createElement(
        ctx.templates.Layout,
        {
          site: ctx.site.config,
          route: page.route,
          title: page.data.title,
          description: page.data.description,
          canonical: page.url.canonical,
          assets: ctx.assets,
          year: ctx.year,
          section: sectionOf(ctx, page),
          jsonLd: structuredData(ctx.site, page),
          content: true,
          ogType: page.route === '/' || page.data.schemaType === 'website' ? 'website' : 'article',
          socialImage: socialImageUrl(ctx.site),
        },
        createElement(Template, props),
      ),
    );
    return { page, html: DOCTYPE + ctx.templates.expandShared(html), diagnostics };
  } catch (e) {
    const error = e as Error;
    const where = templateFrame(error);
    diagnostics.push({
      severity: 'error',
      code: 'render',
      file: page.file,
      line: 1,
      col: 1,
      field: `template ${page.template}`,
      message: `rendering failed: ${error.message}${where ? ` (thrown in ${where})` : ''}`,
      hint:
        `the ${page.template} template (templates/) threw while rendering this page: ` +
        "look for a value this page's frontmatter or data leaves out",
    });
    return { page, html: '', diagnostics };
  }
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
          `The page you asked for does not exist. Return to the ${config.title} home page ` +
          'for Pennsylvania sportsbook and casino guides.',
        canonical: '',
        assets: ctx.assets,
        year: ctx.year,
        jsonLd: [],
        content: false,
        socialImage: socialImageUrl(ctx.site),
        noindex: true,
      },
      createElement(ctx.templates.NotFoundPage),
    ),
  );
  // The not-found script is added next to the site script: no inline code, CSP-safe.
  return (
    DOCTYPE +
    ctx.templates.expandShared(html).replace('</head>', `<script src="${ctx.assets.notFoundScript}"></script></head>`)
  );
}
