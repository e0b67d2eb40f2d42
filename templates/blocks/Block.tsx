import type { Block as BlockData, ListedPage, Operator, SiteConfig } from 'pa-site';
import { Faq } from '../components/Faq.js';
import { AppEntry, OperatorCard } from '../components/Operator.js';
import { Alert, Cards, Cta, Stats, Steps, Timeline, Trust } from './Simple.js';
import { ContactEmails, Helpline } from './Site.js';
import { ContactForm } from './ContactForm.js';
import { OddsExamples, OddsFormats, Parlay } from './Odds.js';
import { barRule, LicensedBrands, Methodology, OfferBlock } from './Offers.js';
import { Roster } from './Roster.js';
import { Cite, operatorSources } from '../components/Sources.js';
import { OfferList, PageList, ReviewList, SitemapList } from './Lists.js';
import { ComparisonTable } from '../components/Comparison.js';
import { PostList } from './Posts.js';
import { licenseSources } from '../components/Scores.js';
import { WithheldNotice } from '../components/Withheld.js';
import { Tool } from './tools/Tool.js';

export interface BlockContext {
  site: SiteConfig;
  operators: Operator[];
  reviewRoutes: Record<string, string>;
  /** The route of the page being rendered. */
  route: string;
  /** Every page's route, title and section, for the `pages` and `sitemap` lists. */
  pages: ListedPage[];
  /** The build's year, for tools whose rules depend on it (tax). */
  year?: number;
}

/** Renders one frontmatter block where the body places it. */
export function Block({ block, ctx }: { block: BlockData; ctx: BlockContext }) {
  switch (block.type) {
    case 'operators': {
      // A list with a limit is a "Top N": only operators that meet the published bar (validate/visibility.ts agrees).
      const ofKind = ctx.operators.filter((o) => o.kind === block.kind);
      const list = block.limit
        ? ofKind.filter((o) => o.meetsBar ?? o.rating !== undefined).slice(0, block.limit)
        : ofKind;
      // "Top 3" over two cards would promise a third: the heading says how many meet the bar.
      const heading = block.limit ? block.heading?.replace(`Top ${block.limit}`, `Top ${list.length}`) : block.heading;
      return (
        <section
          className="op-list"
          aria-label={heading ?? `Top ${block.kind === 'casino' ? 'online casinos' : 'sportsbooks'}`}
        >
          {heading ? <h2>{heading}</h2> : null}
          {block.intro ? <p>{block.intro}</p> : null}
          <ol className="op-cards">
            {list.map((o) => (
              <li key={o.id}>
                <Cite refs={operatorSources(o, ['card', 'offer'])} />
                <OperatorCard operator={o} reviewHref={ctx.reviewRoutes[o.id]} site={ctx.site} />
              </li>
            ))}
          </ol>
          {/* The bar follows the cards, so a phone's first screen reaches the first card (phone-first test). */}
          {block.limit && ctx.site.methodology ? (
            <p className="top-bar">{barRule(ctx.site.methodology.bar.minRating, ctx.site)}</p>
          ) : null}
        </section>
      );
    }
    case 'apps': {
      const list = ctx.operators.filter((o) => o.kind === block.kind && o.app);
      return (
        <section className="app-list" aria-label={block.heading ?? 'Apps'}>
          {block.heading ? <h2>{block.heading}</h2> : null}
          {block.intro ? <p>{block.intro}</p> : null}
          <ol className="op-cards">
            {list.map((o) => (
              <li key={o.id}>
                {/* An app entry shows no license holder or card features: only its offer and app. */}
                <Cite refs={operatorSources(o, ['offer', 'app'])} />
                <AppEntry operator={o} />
              </li>
            ))}
          </ol>
        </section>
      );
    }
    case 'offer': {
      const operator = ctx.operators.find((o) => o.id === block.operator)!;
      return (
        <>
          <Cite refs={operatorSources(operator, ['offer'])} />
          <OfferBlock block={block} operator={operator} />
        </>
      );
    }
    case 'roster':
      return <Roster block={block} site={ctx.site} operators={ctx.operators} reviewRoutes={ctx.reviewRoutes} />;
    case 'licensed-brands':
      return <LicensedBrands block={block} site={ctx.site} operators={ctx.operators} reviewRoutes={ctx.reviewRoutes} />;
    case 'reviews': {
      // The list shows each operator's license holder, not its card's features.
      const shown = ctx.operators.filter((o) => o.kind === block.kind).flatMap((o) => licenseSources(o, ctx.site));
      return (
        <>
          <Cite refs={shown} />
          <ReviewList block={block} operators={ctx.operators} reviewRoutes={ctx.reviewRoutes} site={ctx.site} />
        </>
      );
    }
    case 'comparison':
      return (
        <section className="comparison-block" aria-label={block.heading ?? 'Side-by-side comparison'}>
          {block.heading ? <h2>{block.heading}</h2> : null}
          {block.intro ? <p>{block.intro}</p> : null}
          {block.outdatedOffersNote ? (
            <WithheldNotice operators={ctx.operators.filter((o) => o.kind === block.kind)} />
          ) : null}
          <ComparisonTable
            kind={block.kind}
            operators={ctx.operators}
            reviewRoutes={ctx.reviewRoutes}
            site={ctx.site}
          />
        </section>
      );
    case 'offers': {
      const shown = ctx.operators.filter((o) => o.kind === block.kind).flatMap((o) => operatorSources(o, ['offer']));
      return (
        <>
          <Cite refs={shown} />
          <OfferList block={block} operators={ctx.operators} />
        </>
      );
    }
    case 'pages':
      return <PageList block={block} pages={ctx.pages} route={ctx.route} site={ctx.site} />;
    case 'posts':
      return <PostList block={block} pages={ctx.pages} route={ctx.route} />;
    case 'sitemap':
      return <SitemapList block={block} pages={ctx.pages} site={ctx.site} />;
    case 'methodology':
      return <Methodology block={block} site={ctx.site} />;
    case 'faq':
      return <Faq id={block.id} heading={block.heading} items={block.items} />;
    case 'stats':
      return <Stats block={block} />;
    case 'steps':
      return <Steps block={block} />;
    case 'trust':
      return <Trust block={block} />;
    case 'cards':
      return <Cards block={block} />;
    case 'timeline':
      return <Timeline block={block} />;
    case 'alert':
      return <Alert block={block} />;
    case 'cta':
      return <Cta block={block} />;
    case 'helpline':
      return <Helpline block={block} site={ctx.site} />;
    case 'contact-form':
      return <ContactForm block={block} site={ctx.site} route={ctx.route} />;
    case 'contact-emails':
      return <ContactEmails block={block} site={ctx.site} />;
    case 'odds-examples':
      return <OddsExamples block={block} />;
    case 'odds-formats':
      return <OddsFormats block={block} />;
    case 'parlay':
      return <Parlay block={block} />;
    case 'tool':
      return <Tool block={block} site={ctx.site} operators={ctx.operators} year={ctx.year} />;
  }
}
