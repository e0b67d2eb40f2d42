import type { Author, Frontmatter, SiteConfig } from 'pa-site';
import { Actions } from './Links.js';
import { monthYear } from '../lib/dates.js';
import { AdDisclosure } from './Compliance.js';

/** Byline data for articles and reviews: who wrote and who fact-checked the page. */
export interface BylineData {
  /** Absent when the project has no content/authors: the byline then names the site. */
  author?: Author;
  factChecker?: Author;
  siteTitle: string;
  /** Reviews and rankings link the methodology (on the About page); other articles do not repeat it. */
  methodologyHref?: string;
}

/**
 * Resolves a page's byline: its own `author` / `factCheckedBy`, else site.yaml's `editorial`. Reviews
 * and rankings (`rates`) link how we review.
 */
/** The byline of an author id, if the id is given and content/authors has it. */
const authorOf = (authors: Record<string, Author>, id: string | undefined) =>
  id !== undefined && Object.hasOwn(authors, id) ? authors[id] : undefined;

export function bylineFor(
  data: Frontmatter,
  site: SiteConfig,
  authors: Record<string, Author>,
  rates: boolean,
): BylineData {
  return {
    author: authorOf(authors, data.author ?? site.editorial.author),
    factChecker: authorOf(authors, data.factCheckedBy ?? site.editorial.factCheckedBy),
    siteTitle: site.title,
    methodologyHref: rates ? site.editorial.methodologyHref : undefined,
  };
}

function Byline({ byline, updated }: { byline: BylineData; updated: string }) {
  const { author, factChecker } = byline;
  return (
    <div className="byline">
      <p>
        By <span className="byline-author">{author?.name ?? byline.siteTitle}</span>
        {author ? <span className="byline-role"> ({author.role})</span> : null}
        {factChecker ? (
          <>
            {' · '}Fact-checked by <span className="byline-checker">{factChecker.name}</span>
          </>
        ) : null}
        {' · '}Updated <time dateTime={updated}>{monthYear(updated)}</time>
      </p>
      {byline.methodologyHref ? (
        <p className="byline-bio">
          <a href={byline.methodologyHref}>How we review and rate operators</a>
        </p>
      ) : null}
    </div>
  );
}

/** The page's top band; `aside` (a data panel or a review's scorecard) fills its right column on desktop. */
export function Hero({
  data,
  byline,
  disclosure,
  children,
  aside,
}: {
  data: Frontmatter;
  /** Articles and reviews: the byline replaces the plain "Last Updated" line. */
  byline?: BylineData;
  /** Pages with operator links: the short compensation disclosure, above the first offer. */
  disclosure?: SiteConfig;
  children?: React.ReactNode;
  aside?: React.ReactNode;
}) {
  const { hero } = data;
  return (
    <section className={`hero${aside ? ' has-aside' : ''}`}>
      <div className="container hero-grid">
        <div className="hero-text">
          {hero.badge ? <p className="badge">{hero.badge}</p> : null}
          <h1>{hero.heading}</h1>
          <p className="lede">{hero.lede}</p>
          {byline ? (
            <Byline byline={byline} updated={data.updated} />
          ) : hero.showUpdated ? (
            <p className="updated">
              Last Updated: <time dateTime={data.updated}>{monthYear(data.updated)}</time>
            </p>
          ) : null}
          {disclosure ? <AdDisclosure site={disclosure} /> : null}
          <Actions actions={hero.actions} />
          {children}
        </div>
        {aside ? <div className="hero-aside">{aside}</div> : null}
      </div>
    </section>
  );
}
