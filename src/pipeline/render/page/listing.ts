import type { ListedPage, Page, Site } from '../../../model.js';
import type { TemplateModule } from '../compile/templates.js';

/** The top-level menu item a page belongs to: its own menu position, its `section:`, or its review's kind. */
export function sectionOf(site: Site, templates: Pick<TemplateModule, 'sectionFor'>, page: Page): string | undefined {
  const menu = site.config.header.menu;
  let fallback = page.data.section;
  if (!fallback && page.data.template === 'review') {
    const op = site.operators.find((o) => o.id === (page.data as { operator: string }).operator);
    fallback = templates.sectionFor(menu, op?.kind === 'casino' ? '/casino-reviews' : '/sportsbook-reviews');
  }
  return templates.sectionFor(menu, page.route, fallback);
}

/** Whether a page lists other pages (a `pages` or `sitemap` block): its render depends on every page's entry. */
export const listsPages = (page: Page) =>
  Object.values(page.data.blocks).some((b) => b.type === 'pages' || b.type === 'sitemap' || b.type === 'posts');

/**
 * What list blocks (`pages`, `sitemap`) know of every page: its route, frontmatter title and
 * section, decided once per build on the main thread (render workers hold no pages). The same
 * pages as sitemap.xml, in route order.
 */
export function pageListing(site: Site, templates: Pick<TemplateModule, 'sectionFor'>): ListedPage[] {
  // Render workers receive the listing: a site with no page list sends none.
  if (!site.pages.some(listsPages)) return [];
  return site.pages.map((p) => {
    const data = p.data;
    const operator = data.template === 'review' ? site.operators.find((o) => o.id === data.operator) : undefined;
    const section = sectionOf(site, templates, p);
    return {
      route: p.route,
      title: p.data.hero.heading,
      description: p.data.description,
      template: p.template,
      ...(section ? { section } : {}),
      ...(operator ? { operator: operator.id, kind: operator.kind, rank: operator.rank } : {}),
      ...(data.date ? { date: data.date, updated: data.updated } : {}),
      ...(data.tags.length ? { tags: data.tags } : {}),
    };
  });
}
