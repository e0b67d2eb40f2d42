import type { SiteConfig } from 'pa-site';
import { LinkList } from './LinkList.js';
import { Shared } from 'pa-site/shared-parts';
import { gamblingPack } from '../lib/pack.js';

export function Footer({ site, year, route }: { site: SiteConfig; year: number; route: string }) {
  // Rendered once per build, and once more for each page the footer links to (aria-current).
  const { columns, bottomLinks } = site.footer;
  const linked =
    bottomLinks.some((l) => l.href === route) || columns.some((c) => c.links.some((l) => l.href === route));
  return <Shared of={FooterContent} props={{ site, year, route: linked ? route : '' }} />;
}

function FooterContent({ site, year, route }: { site: SiteConfig; year: number; route: string }) {
  const { footer } = site;
  const helpline = gamblingPack(site)?.helpline;
  return (
    <footer className="site-footer">
      <div className="container">
        {footer.trust.length > 0 ? (
          <ul className="footer-trust">
            {footer.trust.map((t) => (
              <li key={t.title}>
                <span className="footer-trust-title">{t.title}</span>
                <span>{t.text}</span>
              </li>
            ))}
          </ul>
        ) : null}
        {footer.columns.length > 0 ? (
          <div className="footer-columns">
            {footer.columns.map((col) => (
              <nav key={col.title} aria-label={col.title}>
                <h2 className="footer-heading">{col.title}</h2>
                <LinkList links={col.links} route={route} />
              </nav>
            ))}
          </div>
        ) : null}
        {footer.disclaimer || helpline ? (
          <div className="footer-disclaimer">
            {footer.disclaimer ? (
              <p className="help-line">
                <strong>Disclaimer:</strong> {footer.disclaimer}
              </p>
            ) : null}
            {helpline ? (
              <p className="help-line">
                Gambling problem? Call <a href={`tel:${helpline.tel}`}>{helpline.display}</a> ({helpline.numeric}), free
                and confidential, 24/7.
              </p>
            ) : null}
          </div>
        ) : null}
        <div className="footer-bottom">
          <p>
            © {year} {site.title}. All rights reserved.
          </p>
          {footer.bottomLinks.length > 0 ? (
            <LinkList links={footer.bottomLinks} route={route} className="footer-bottom-links" />
          ) : null}
        </div>
      </div>
    </footer>
  );
}
