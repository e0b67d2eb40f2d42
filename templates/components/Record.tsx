import type { Operator, SiteConfig } from 'pa-site';
import { money } from '../lib/odds.js';
import { SourceLinks } from './SourceLinks.js';
import { Cite } from './Sources.js';

/** A fine's sources, each its publisher linked to the report. */
function Reported({ refs, site }: { refs: string | readonly string[]; site: SiteConfig }) {
  return (
    <>
      {' '}
      (<SourceLinks refs={refs} site={site} />)
    </>
  );
}

/**
 * The operator's regulatory record: each PGCB fine against the company that runs it online, from its
 * `enforcement:` data (the licensing score's rule reads the same list), with the reports linked.
 */
export function RegulatoryRecord({ operator, site }: { operator: Operator; site: SiteConfig }) {
  const o = operator;
  return (
    <div className="regulatory-record">
      <h3>Regulatory record</h3>
      <Cite refs={o.enforcement.map((e) => e.source)} />
      {o.enforcement.length ? (
        <ul>
          {o.enforcement.map((e) => (
            <li key={`${e.date}-${e.fine}`}>
              {e.date}: a PGCB fine of {money(e.fine)} on {e.party}
              {e.reason ? `, for ${e.reason}` : ''}.{e.disputed ? ` ${e.disputed}` : null}
              <Reported refs={e.source} site={site} />
            </li>
          ))}
        </ul>
      ) : (
        <p>No PGCB fine against the company that runs it online in the reports this site cites.</p>
      )}
    </div>
  );
}
