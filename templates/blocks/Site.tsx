import type { BlockOf, SiteConfig } from 'pa-site';
import { Cite } from '../components/Sources.js';

/** The help-line block: the pack's help line; nothing on a site without one. */
export function Helpline({ block, site }: { block: BlockOf<'helpline'>; site: SiteConfig }) {
  const { helpline } = site;
  if (!helpline) return null;
  return (
    <section className="helpline" aria-label="Problem gambling help line">
      <Cite refs={[helpline.source]} />
      <h2>{block.heading ?? 'Need help right now?'}</h2>
      <p>
        {block.text ??
          'If gambling has stopped being fun, confidential help is available 24 hours a day' +
            (helpline.organisation ? ` from the ${helpline.organisation}.` : '.')}
      </p>
      <p className="helpline-number help-line">
        <a className="btn btn-primary" href={`tel:${helpline.tel}`}>
          Call {helpline.display}
        </a>
        <span>{helpline.numeric}</span>
      </p>
    </section>
  );
}

export function ContactEmails({ block, site }: { block: BlockOf<'contact-emails'>; site: SiteConfig }) {
  return (
    <section className="contact-emails">
      <h2>{block.heading}</h2>
      <dl>
        <div>
          <dt>General inquiries</dt>
          <dd>
            <a href={`mailto:${site.emails.general}`}>{site.emails.general}</a>
          </dd>
        </div>
        <div>
          <dt>Editorial team (corrections and review questions)</dt>
          <dd>
            <a href={`mailto:${site.emails.editorial ?? site.emails.general}`}>
              {site.emails.editorial ?? site.emails.general}
            </a>
          </dd>
        </div>
      </dl>
    </section>
  );
}
