import type { MenuItem, SiteConfig } from 'pa-site';
import { Shared } from 'pa-site/shared-parts';
import { LinkList } from './LinkList.js';
import { brandMark } from '../lib/pack.js';

/**
 * The sticky header. The menu sits in a <details> element, so without JavaScript it starts
 * collapsed on small screens and the summary opens it; on desktop the CSS shows its content in
 * one row. The site script adds Escape, closing on a link choice and the dropdown buttons.
 */
export function Header({ site, section, route }: { site: SiteConfig; section?: string; route: string }) {
  // Rendered once per build for each section and each page the header links to (aria-current).
  const linked = route === '/' || route === site.header.offersButton?.href || sectionFor(site.header.menu, route);
  return <Shared of={HeaderBar} props={{ site, section, route: linked ? route : '' }} />;
}

function HeaderBar({ site, section, route }: { site: SiteConfig; section?: string; route: string }) {
  const { menu, offersButton } = site.header;
  return (
    <header className="site-header">
      <div className="container header-bar">
        <a className="brand" href="/" aria-current={route === '/' ? 'page' : undefined}>
          <span className="brand-mark" aria-hidden="true">
            {brandMark(site)}
          </span>
          <span className="brand-text">
            <span className="brand-title">{site.title}</span>
            {site.tagline ? <span className="brand-tagline">{site.tagline}</span> : null}
          </span>
        </a>
        <details className="nav-menu">
          <summary className="menu-toggle">
            <span className="menu-icon" aria-hidden="true" />
            <span className="menu-label">Menu</span>
          </summary>
          <nav id="site-nav" className="site-nav" aria-label="Main">
            <ul className="nav-list">
              {menu.map((item) => (
                <NavItem key={item.href} item={item} route={route} active={item.href === section} />
              ))}
            </ul>
            {offersButton ? (
              <a
                className="btn btn-primary nav-offers"
                href={offersButton.href}
                aria-current={offersButton.href === route ? 'page' : undefined}
              >
                {offersButton.label}
              </a>
            ) : null}
          </nav>
        </details>
      </div>
    </header>
  );
}

/** `page` on the link to this very page, `true` on the top-level item of the section it is in. */
const currentFor = (href: string, route: string, active: boolean) =>
  href === route ? ('page' as const) : active ? ('true' as const) : undefined;

function NavItem({ item, route, active }: { item: MenuItem; route: string; active: boolean }) {
  const className = `nav-item${item.submenu?.length ? ' has-sub' : ''}${active ? ' is-active' : ''}`;
  const link = (
    <a className="nav-link" href={item.href} aria-current={currentFor(item.href, route, active)}>
      {item.name}
    </a>
  );
  if (!item.submenu?.length) return <li className={className}>{link}</li>;
  const subId = `sub-${item.href.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '') || 'home'}`;
  return (
    <li className={className}>
      {link}
      <button type="button" className="sub-toggle" aria-expanded="false" aria-controls={subId} hidden>
        <span className="caret" aria-hidden="true" />
        <span className="visually-hidden">{item.name} pages</span>
      </button>
      <LinkList links={item.submenu} route={route} className="sub-menu" id={subId} />
    </li>
  );
}

/** The top-level menu item a route belongs to: its own link, or the parent of a submenu link. */
export function sectionFor(menu: readonly MenuItem[], route: string, fallback?: string): string | undefined {
  for (const item of menu) {
    if (item.href === route) return item.href;
    if (item.submenu?.some((s) => s.href === route)) return item.href;
  }
  return fallback;
}
