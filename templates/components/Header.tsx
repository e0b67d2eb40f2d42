import type { MenuItem, SiteConfig } from '../../src/model.js';

export function Header({ site, section }: { site: SiteConfig; section?: string }) {
  const { menu, offersButton } = site.header;
  return (
    <header className="site-header">
      <div className="container header-bar">
        <a className="brand" href="/">
          <span className="brand-mark" aria-hidden="true">
            PA
          </span>
          <span className="brand-text">
            <span className="brand-title">{site.title}</span>
            <span className="brand-tagline">{site.tagline}</span>
          </span>
        </a>
        <button type="button" className="menu-toggle" aria-expanded="false" aria-controls="site-nav">
          <span className="menu-icon" aria-hidden="true" />
          <span className="menu-label">Menu</span>
        </button>
        <nav id="site-nav" className="site-nav" aria-label="Main">
          <ul className="nav-list">
            {menu.map((item) => (
              <NavItem key={item.href} item={item} active={item.href === section} />
            ))}
          </ul>
          <a className="btn btn-primary nav-offers" href={offersButton.href}>
            {offersButton.label}
          </a>
        </nav>
      </div>
    </header>
  );
}

function NavItem({ item, active }: { item: MenuItem; active: boolean }) {
  const current = active ? ('page' as const) : undefined;
  if (!item.submenu?.length) {
    return (
      <li className={`nav-item${active ? ' is-active' : ''}`}>
        <a className="nav-link" href={item.href} aria-current={current}>
          {item.name}
        </a>
      </li>
    );
  }
  return (
    <li className={`nav-item has-sub${active ? ' is-active' : ''}`}>
      <a className="nav-link" href={item.href} aria-current={current}>
        {item.name}
        <span className="caret" aria-hidden="true" />
      </a>
      <ul className="sub-menu">
        {item.submenu.map((sub) => (
          <li key={sub.href}>
            <a href={sub.href}>{sub.name}</a>
          </li>
        ))}
      </ul>
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
