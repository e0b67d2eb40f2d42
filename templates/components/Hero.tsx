import type { Frontmatter } from '../../src/model.js';
import { Actions } from './Links.js';
import { monthYear } from '../lib/dates.js';

/** The page's top band; `aside` (a data panel or a review's scorecard) fills its right column on desktop. */
export function Hero({
  data,
  children,
  aside,
}: {
  data: Frontmatter;
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
          {hero.showUpdated ? (
            <p className="updated">
              Last Updated: <time dateTime={data.updated}>{monthYear(data.updated)}</time>
            </p>
          ) : null}
          <Actions actions={hero.actions} />
          {children}
        </div>
        {aside ? <div className="hero-aside">{aside}</div> : null}
      </div>
    </section>
  );
}
