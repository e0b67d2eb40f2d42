import type { Frontmatter } from '../../src/model.js';
import { Actions } from './Links.js';

/** `2025-01-15` → `January 2025`. */
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
export const monthYear = (iso: string) => `${MONTHS[Number(iso.slice(5, 7)) - 1]} ${iso.slice(0, 4)}`;

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
