import type { Frontmatter } from '../../src/model.js';
import { Actions } from './Links.js';
import { monthYear } from '../lib/dates.js';

export function Hero({ data, children }: { data: Frontmatter; children?: React.ReactNode }) {
  const { hero } = data;
  return (
    <section className="hero">
      <div className="container">
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
    </section>
  );
}
