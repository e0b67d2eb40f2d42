import type { SiteConfig } from 'pa-site';
import { ageMark, gamblingPack } from '../lib/pack.js';

/**
 * The reminder every content page ends with when the site turns the gambling pack on (site.yaml
 * `compliance:`; on the guide this package was first built for, spec §1 and 58 Pa. Code §501a.7).
 * Nothing on a plain site.
 */
export function ComplianceNotice({ site }: { site: SiteConfig }) {
  const pack = gamblingPack(site);
  if (!pack) return null;
  const { helpline } = pack;
  return (
    <aside className="compliance" aria-label="Responsible gambling">
      <div className="container compliance-inner">
        <span className="age-badge" aria-hidden="true">
          {ageMark(site)}
        </span>
        <div>
          <p className="compliance-reminder">{pack.reminder}</p>
          <p className="compliance-help help-line">
            Gambling problem? Call <a href={`tel:${helpline.tel}`}>{helpline.display}</a> ({helpline.numeric})
            {helpline.page ? (
              <>
                {' '}
                or visit <a href={helpline.page}>our responsible gambling page</a>.
              </>
            ) : (
              '.'
            )}
          </p>
          <p className="compliance-disclosure">{pack.disclosure}</p>
        </div>
      </div>
    </aside>
  );
}

/**
 * The short compensation disclosure shown above the first operator link on a page (FTC: clear and
 * conspicuous, before the endorsement), linking to the full disclosure; none without the pack.
 */
export function AdDisclosure({ site }: { site: SiteConfig }) {
  if (!site.compliance) return null;
  return (
    <p className="ad-disclosure">
      <strong>Advertising disclosure:</strong> {site.compliance.shortDisclosure}{' '}
      <a href={site.compliance.disclosureHref}>How we make money</a>
    </p>
  );
}
