import type { TemplateProps } from '../../src/model.js';
import { Hero } from '../components/Hero.js';
import { Body } from '../components/Body.js';
import { WithToc, tocEntries } from '../components/Toc.js';
import { PlaySafePanel, TopOffers } from '../components/HeroPanels.js';

/** Ranking pages show their top three in the hero; other guides show who may play and the help line. */
function heroAside({ page, site, operators, reviewRoutes }: TemplateProps) {
  const ranked = Object.values(page.data.blocks).find((b) => b.type === 'operators' || b.type === 'apps');
  if (ranked && 'kind' in ranked)
    return <TopOffers operators={operators} kind={ranked.kind} reviewRoutes={reviewRoutes} />;
  return <PlaySafePanel site={site} />;
}

/** Articles, guides and landing pages: a hero, then Markdown with placed blocks. */
export function GuidePage({ page, site, body, operators, reviewRoutes }: TemplateProps) {
  return (
    <article className={`page page-${page.route === '/' ? 'home' : 'guide'}`}>
      <Hero data={page.data} aside={heroAside({ page, site, body, operators, reviewRoutes })} />
      <WithToc entries={page.route === '/' ? [] : tocEntries(body)}>
        <Body body={body} ctx={{ site, operators, reviewRoutes, route: page.route }} />
      </WithToc>
    </article>
  );
}
