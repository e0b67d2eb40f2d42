import type { BlockOf, ListedPage, Operator, SiteConfig } from 'pa-site';
import { Stars } from '../components/Operator.js';
import { licenseHolder } from '../components/Scores.js';
import { jurisdictionName } from '../lib/pack.js';
import { readLabel } from '../lib/read-label.js';
import { TableScroll } from '../components/TableScroll.js';
import { OfferBlock } from './Offers.js';
import { Cards } from './Simple.js';

const kindName = (kind: 'sportsbook' | 'casino') => (kind === 'casino' ? 'online casinos' : 'sportsbooks');

/** Every href of the header menu and footer, in reading order: "menu" order for lists of pages. */
function menuOrder(site: SiteConfig): Map<string, number> {
  const hrefs = [
    ...site.header.menu.flatMap((m) => [m.href, ...(m.submenu ?? []).map((s) => s.href)]),
    ...site.footer.columns.flatMap((c) => c.links.map((l) => l.href)),
    ...site.footer.bottomLinks.map((l) => l.href),
  ];
  const order = new Map<string, number>();
  for (const h of hrefs) if (!order.has(h)) order.set(h, order.size);
  return order;
}

/** Pages in menu order (pages the menus do not link come after, by title), by title, or by operator rank. */
function sortPages(pages: ListedPage[], order: 'menu' | 'title' | 'rank', site: SiteConfig): ListedPage[] {
  const menu = menuOrder(site);
  const byTitle = (a: ListedPage, b: ListedPage) => a.title.localeCompare(b.title);
  const key = (p: ListedPage) =>
    order === 'rank' ? (p.rank ?? Number.MAX_SAFE_INTEGER) : order === 'menu' ? (menu.get(p.route) ?? 1e9) : 0;
  return [...pages].sort((a, b) => key(a) - key(b) || byTitle(a, b));
}

/** The pages a `pages` block selects: its filters, never the page it is on. */
export function selectPages(block: BlockOf<'pages'>, pages: ListedPage[], route: string, site: SiteConfig) {
  const chosen = pages.filter(
    (p) =>
      p.route !== route &&
      (block.section === undefined || p.section === block.section) &&
      (block.template === undefined || p.template === block.template) &&
      (block.kind === undefined || p.kind === block.kind),
  );
  return sortPages(chosen, block.order, site).slice(0, block.limit);
}

/** Pages from their frontmatter (title, description), as cards linking each. */
export function PageList({
  block,
  pages,
  route,
  site,
}: {
  block: BlockOf<'pages'>;
  pages: ListedPage[];
  route: string;
  site: SiteConfig;
}) {
  const items = selectPages(block, pages, route, site).map((p) => ({
    title: p.title,
    text: p.description,
    href: p.route,
    linkLabel: readLabel(p),
  }));
  return <Cards block={{ type: 'cards', tone: 'default', heading: block.heading, intro: block.intro, items }} />;
}

/** Every operator of a kind, best rank first, with its rating, license holder and review page. */
export function ReviewList({
  block,
  operators,
  reviewRoutes,
  site,
}: {
  block: BlockOf<'reviews'>;
  operators: Operator[];
  reviewRoutes: Record<string, string>;
  site: SiteConfig;
}) {
  const list = operators.filter((o) => o.kind === block.kind);
  const label = block.heading ?? `Our reviews of ${kindName(block.kind)}`;
  return (
    <section className="licensed-brands review-list" aria-label={label}>
      {block.heading ? <h2>{block.heading}</h2> : null}
      {block.intro ? <p>{block.intro}</p> : null}
      <TableScroll stack label={`Ratings, license holders and reviews of ${kindName(block.kind)}`}>
        <table>
          <caption>
            {jurisdictionName(site) ? `${jurisdictionName(site)} ` : ''}
            {kindName(block.kind)} we rank, best first, with our rating out of 5
          </caption>
          <thead>
            <tr>
              <th scope="col">Rank</th>
              <th scope="col">Operator</th>
              <th scope="col">Our rating</th>
              <th scope="col">License holder</th>
              <th scope="col">Review</th>
            </tr>
          </thead>
          <tbody>
            {list.map((o) => {
              const own = reviewRoutes[o.id];
              return (
                <tr key={o.id}>
                  <td data-label="Rank">{o.rating === undefined ? '—' : o.rank}</td>
                  <th scope="row">{o.name}</th>
                  <td data-label="Our rating">
                    <Stars rating={o.rating} />
                  </td>
                  <td data-label="License holder">{licenseHolder(o, site)}</td>
                  <td data-label="Review">{own ? <a href={own}>Read our {o.shortName} review</a> : 'No review yet'}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </TableScroll>
    </section>
  );
}

/** Every operator of a kind, best rank first, with its offer box as the staleness policy allows. */
export function OfferList({ block, operators }: { block: BlockOf<'offers'>; operators: Operator[] }) {
  const list = operators.filter((o) => o.kind === block.kind);
  return (
    <section className="offer-list" aria-label={block.heading ?? `Welcome offers of ${kindName(block.kind)}`}>
      {block.heading ? <h2>{block.heading}</h2> : null}
      {block.intro ? <p>{block.intro}</p> : null}
      {list.map((o) => (
        <OfferBlock key={o.id} block={{ type: 'offer', operator: o.id }} operator={o} />
      ))}
    </section>
  );
}

/** Every page, grouped under the header menu item it belongs to (then the rest), linked by its title. */
export function SitemapList({
  block,
  pages,
  site,
}: {
  block: BlockOf<'sitemap'>;
  pages: ListedPage[];
  site: SiteConfig;
}) {
  const groups = site.header.menu.map((m) => ({ name: m.name, pages: pages.filter((p) => p.section === m.href) }));
  const menuHrefs = new Set(site.header.menu.map((m) => m.href));
  groups.push({ name: 'More pages', pages: pages.filter((p) => !p.section || !menuHrefs.has(p.section)) });
  const Heading = block.heading ? 'h3' : 'h2';
  return (
    <section className="sitemap-list" aria-label={block.heading ?? 'Every page of this site'}>
      {block.heading ? <h2>{block.heading}</h2> : null}
      {block.intro ? <p>{block.intro}</p> : null}
      {groups
        .filter((g) => g.pages.length)
        .map((g) => (
          <div key={g.name} className="sitemap-group">
            <Heading>{g.name}</Heading>
            <ul>
              {sortPages(g.pages, 'menu', site).map((p) => (
                <li key={p.route}>
                  <a href={p.route}>{p.title}</a>
                </li>
              ))}
            </ul>
          </div>
        ))}
    </section>
  );
}
