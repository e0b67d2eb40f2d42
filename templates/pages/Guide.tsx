import type { TemplateProps } from '../../src/model.js';
import { Hero } from '../components/Hero.js';
import { Body } from '../components/Body.js';

/** Articles, guides and landing pages: a hero, then Markdown with placed blocks. */
export function GuidePage({ page, site, body, operators, reviewRoutes }: TemplateProps) {
  return (
    <article className={`page page-${page.route === '/' ? 'home' : 'guide'}`}>
      <Hero data={page.data} />
      <div className="container content">
        <Body body={body} ctx={{ site, operators, reviewRoutes, route: page.route }} />
      </div>
    </article>
  );
}
