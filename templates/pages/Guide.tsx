import type { Block, RenderedSegment, TemplateProps } from '../../src/model.js';
import { Hero, bylineFor } from '../components/Hero.js';
import { Body } from '../components/Body.js';
import { WithToc, tocEntries } from '../components/Toc.js';
import { Shared } from 'pa-site/shared-parts';
import { PlaySafePanel, TopOffers } from '../components/HeroPanels.js';

/**
 * Ranking pages show their top three in the hero; other guides show who may play and the help line.
 * Both panels depend on site data alone, so each is rendered once per build (shared-parts.ts).
 */
function heroAside({ page, site, operators, reviewRoutes }: TemplateProps) {
  const ranked = Object.values(page.data.blocks).find((b) => b.type === 'operators' || b.type === 'apps');
  if (ranked && 'kind' in ranked)
    return <Shared of={TopOffers} props={{ operators, kind: ranked.kind, reviewRoutes }} />;
  return <Shared of={PlaySafePanel} props={{ site }} />;
}

/** Block types that show operator links: a page with one carries the short disclosure in its hero. */
const OFFER_BLOCKS: ReadonlySet<Block['type']> = new Set(['operators', 'apps', 'offer', 'offers']);
export const showsOffers = (body: RenderedSegment[]) =>
  body.some((s) => s.kind === 'block' && OFFER_BLOCKS.has(s.block.type));

/** Articles get a byline; the home page, About and plain web pages (contact) keep the "Last Updated" line. */
const isArticle = (props: TemplateProps) =>
  props.page.data.schemaType === 'article' && props.page.route !== '/about' && props.page.route !== '/';

/** Articles, guides and landing pages: a hero, then Markdown with placed blocks. */
export function GuidePage(props: TemplateProps) {
  const { page, site, body, operators, reviewRoutes, authors, listing } = props;
  return (
    <article className={`page page-${page.route === '/' ? 'home' : 'guide'}`}>
      <Hero
        data={page.data}
        byline={isArticle(props) ? bylineFor(page.data, site, authors) : undefined}
        disclosure={showsOffers(body) ? site : undefined}
        aside={heroAside(props)}
      />
      <WithToc entries={page.route === '/' ? [] : tocEntries(body)}>
        <Body body={body} ctx={{ site, operators, reviewRoutes, route: page.route, pages: listing }} />
      </WithToc>
    </article>
  );
}
