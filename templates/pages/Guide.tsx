import type { Block, RenderedSegment, TemplateProps } from 'pa-site';
import { Hero, bylineFor } from '../components/Hero.js';
import { Body } from '../components/Body.js';
import { WithToc, tocEntries } from '../components/Toc.js';
import { Shared } from 'pa-site/shared-parts';
import { PlaySafePanel, TOP_SHOWN, TopOffers, factsSources, topOperators } from '../components/HeroPanels.js';
import { CitationScope, Cite, SourcesList } from '../components/Sources.js';
import { gamblingPack, marketName } from '../lib/pack.js';

/**
 * Ranking pages show their top three in the hero; other guides show who may play and the help line, and
 * so do the home page and hubs, whose short ranking list (`limit` of 3 or fewer) would show the same three again.
 * Both panels depend on site data alone, so each is rendered once per build (shared-parts.ts).
 */
function heroAside({ page, site, operators, reviewRoutes }: TemplateProps) {
  const ranked = rankedKind(page);
  const shortList = Object.values(page.data.blocks).some(
    (b) => b.type === 'operators' && b.limit !== undefined && b.limit <= TOP_SHOWN,
  );
  if (ranked && !shortList) {
    // The panel is rendered once per build (a shared part), so the page cites what it shows.
    const shown = topOperators(operators, ranked).flatMap((o) => factsSources(o, site));
    return (
      <>
        <Cite refs={shown} />
        <Shared
          of={TopOffers}
          props={{
            operators,
            kind: ranked,
            reviewRoutes,
            market: marketName(site),
            names: { compliance: site.compliance, regulator: site.regulator },
          }}
        />
      </>
    );
  }
  // A plain site (no gambling pack) has nothing to say here: the hero has no aside.
  return gamblingPack(site) ? <Shared of={PlaySafePanel} props={{ site }} /> : undefined;
}

/** Ranking pages (and app lists): the kind of operator they rank. */
const rankedKind = (page: TemplateProps['page']) => {
  const ranked = Object.values(page.data.blocks).find((b) => b.type === 'operators' || b.type === 'apps');
  return ranked && 'kind' in ranked ? ranked.kind : undefined;
};

/** Block types that show operator links: a page with one carries the short disclosure in its hero. */
const OFFER_BLOCKS: ReadonlySet<Block['type']> = new Set(['operators', 'apps', 'offer', 'offers', 'comparison']);
export const showsOffers = (body: RenderedSegment[]) =>
  body.some((s) => s.kind === 'block' && OFFER_BLOCKS.has(s.block.type));

/**
 * Articles get a byline; the home page, the page about the site (`aboutSite: true`, an About page) and plain
 * web pages (contact) keep the "Last Updated" line.
 */
const isArticle = ({ page }: TemplateProps) =>
  page.data.schemaType === 'article' && !(page.data.template === 'guide' && page.data.aboutSite) && page.route !== '/';

/** Articles, guides and landing pages, with their Sources list: what renders inside cites the data it shows. */
export function GuidePage(props: TemplateProps) {
  return (
    <CitationScope cited={props.page.citations}>
      <GuideArticle {...props} />
    </CitationScope>
  );
}

/** Articles, guides and landing pages: a hero, then Markdown with placed blocks. */
function GuideArticle(props: TemplateProps) {
  const { page, site, body, operators, reviewRoutes, authors, listing, year } = props;
  return (
    <article className={`page page-${page.route === '/' ? 'home' : 'guide'}`}>
      <Hero
        data={page.data}
        byline={isArticle(props) ? bylineFor(page.data, site, authors, rankedKind(page) !== undefined) : undefined}
        disclosure={showsOffers(body) ? site : undefined}
        aside={heroAside(props)}
      />
      <WithToc entries={page.route === '/' ? [] : tocEntries(body)}>
        <Body body={body} ctx={{ site, operators, reviewRoutes, route: page.route, pages: listing, year }} />
        <SourcesList site={site} />
      </WithToc>
    </article>
  );
}
