/**
 * A page per tag: every tag a page's `tags:` names gets /tags/<tag>, listing its posts newest first
 * (the `posts` block), in the sitemap like any page. A page of the site's own at that route wins.
 */
import type { Page } from '../../model.js';
import type { SiteConfig } from '../../schema/site.js';
import { urlFor } from '../../urls/urls.js';

const TAGS_ROUTE = '/tags';

/** The tag pages of `pages`, none where a page already has the route. */
export function tagPages(pages: readonly Page[], config: SiteConfig): Page[] {
  const byTag = new Map<string, Page[]>();
  for (const p of pages) for (const t of p.data.tags) byTag.set(t, [...(byTag.get(t) ?? []), p]);
  const taken = new Set(pages.map((p) => p.route));
  const out: Page[] = [];
  for (const [tag, tagged] of [...byTag].sort(([a], [b]) => a.localeCompare(b))) {
    const route = `${TAGS_ROUTE}/${tag}`;
    if (taken.has(route)) continue;
    const updated = tagged
      .map((p) => p.data.updated)
      .sort()
      .at(-1)!;
    out.push({
      // Findings on the page point at the first post that names the tag.
      file: tagged[0]!.file,
      route,
      url: urlFor(route, config.url, config.base),
      template: 'guide',
      data: {
        template: 'guide',
        title: `Posts tagged “${tag}”`,
        description: `Every post tagged “${tag}” on ${config.title}, newest first.`,
        updated,
        tags: [],
        hero: {
          heading: `Posts tagged “${tag}”`,
          lede: `${tagged.length} ${tagged.length === 1 ? 'post' : 'posts'}.`,
          actions: [],
          showUpdated: false,
        },
        schemaType: 'webpage',
        draft: false,
        checkIgnore: [],
        aboutSite: false,
        blocks: { posts: { type: 'posts', section: '/', tag } },
      },
      segments: [{ kind: 'block', name: 'posts', line: 1 }],
      operatorRefs: [],
      citations: [],
      sourceHash: `tag:${tag}:${tagged.map((p) => `${p.route}@${p.sourceHash}`).join(',')}`,
    });
  }
  return out;
}
