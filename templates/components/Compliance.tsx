import type { SiteConfig } from 'pa-site';

/** The reminder every content page ends with (spec §1; 58 Pa. Code §501a.7). */
export function ComplianceNotice({ site }: { site: SiteConfig }) {
  return (
    <aside className="compliance" aria-label="Responsible gambling">
      <div className="container compliance-inner">
        <span className="age-badge" aria-hidden="true">
          21+
        </span>
        <div>
          <p className="compliance-reminder">{site.compliance.reminder}</p>
          <p className="compliance-help help-line">
            Gambling problem? Call <a href={`tel:${site.helpline.tel}`}>{site.helpline.display}</a> (
            {site.helpline.numeric})
            {site.helpline.page ? (
              <>
                {' '}
                or visit <a href={site.helpline.page}>our responsible gambling page</a>.
              </>
            ) : (
              '.'
            )}
          </p>
          <p className="compliance-disclosure">{site.compliance.disclosure}</p>
        </div>
      </div>
    </aside>
  );
}

/**
 * The short compensation disclosure shown above the first operator link on a page (FTC: clear and
 * conspicuous, before the endorsement), linking to the full disclosure.
 */
export function AdDisclosure({ site }: { site: SiteConfig }) {
  return (
    <p className="ad-disclosure">
      <strong>Advertising disclosure:</strong> {site.compliance.shortDisclosure}{' '}
      <a href={site.compliance.disclosureHref}>How we make money</a>
    </p>
  );
}
