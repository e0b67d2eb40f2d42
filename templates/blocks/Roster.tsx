import type { BlockOf, Operator, SiteConfig } from 'pa-site';
import { regulatorShort } from '../lib/pack.js';
import { Cite } from '../components/Sources.js';
import { TableScroll } from '../components/TableScroll.js';
import { formatPartialDate } from '../lib/dates.js';

type Brand = NonNullable<SiteConfig['roster']>['sportsbooks'][number];

/** A brand as a build of `today` may show it: the events dated on or before that day, and its name then. */
function brandOn(brand: Brand, today: string | undefined) {
  const events = brand.events.filter((e) => !today || e.date <= today);
  const name = events.reduce((n, e) => e.name ?? n, brand.brand);
  return { name, events, status: events.at(-1)?.status };
}

/** The heading's anchor, so other pages can link the list: "Every online sportsbook…" → every-online-sportsbook…. */
const anchor = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/**
 * Every online brand of a kind the PGCB has licensed (site.yaml `roster`), as of the build's date: its
 * name then, its license holder, each dated change with its source, and whether we review it. A brand
 * whose first event is after the build's date is not listed.
 */
export function Roster({
  block,
  site,
  reviewRoutes,
}: {
  block: BlockOf<'roster'>;
  site: SiteConfig;
  operators: Operator[];
  reviewRoutes: Record<string, string>;
}) {
  const all = (block.kind === 'sportsbook' ? site.roster?.sportsbooks : site.roster?.casinos) ?? [];
  const rows = all.map((b) => ({ b, on: brandOn(b, site.today) })).filter((r) => r.on.events.length);
  const what = block.kind === 'sportsbook' ? 'online sportsbooks' : 'online casinos';
  // Only a closure is a status as of the build's date; an open brand's events say when it was seen open.
  const closed = rows.filter((r) => r.on.status === 'closed').length;
  const refs = rows.flatMap(({ b, on }) => [...(b.holder ? [b.holder.source] : []), ...on.events.map((e) => e.source)]);
  return (
    <section className="licensed-brands roster" aria-label={block.heading ?? `Licensed ${what}`}>
      <Cite refs={refs} />
      {block.heading ? <h2 id={anchor(block.heading)}>{block.heading}</h2> : null}
      {block.intro ? <p>{block.intro}</p> : null}
      <TableScroll stack label={`Licensed ${what}`}>
        <table>
          <caption>
            {regulatorShort(site) ? `${regulatorShort(site)}-licensed ` : 'Licensed '}
            {what}
            {site.today ? `, as of ${formatPartialDate(site.today)}` : ''}: {rows.length} brands, {closed} of them
            closed
          </caption>
          <thead>
            <tr>
              <th scope="col">Brand</th>
              <th scope="col">License holder</th>
              <th scope="col">Status and dates</th>
              <th scope="col">Our review</th>
            </tr>
          </thead>
          <tbody>
            {rows.map(({ b, on }) => {
              const review = b.operator ? reviewRoutes[b.operator] : undefined;
              return (
                <tr key={b.brand}>
                  <th scope="row">{on.name}</th>
                  <td data-label="License holder">{b.holder?.licensee ?? 'Not published'}</td>
                  <td data-label="Status and dates">
                    {on.status === 'closed' ? <strong>Closed. </strong> : null}
                    {on.events.map((e) => e.says).join('. ')}.
                  </td>
                  <td data-label="Our review">{review ? <a href={review}>Read our review</a> : 'Not reviewed'}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </TableScroll>
    </section>
  );
}
