import type { Operator } from 'pa-site';
import { formatPartialDate } from '../lib/dates.js';
import { offerShown } from './Operator.js';

/**
 * Said once above a list whose offers are all withheld (terms past the staleness limit) or not
 * stated, instead of an empty box on every card: when they were last checked, and where to go.
 */
export function WithheldNotice({ operators }: { operators: readonly Operator[] }) {
  if (!operators.length || operators.some(offerShown)) return null;
  const dates = operators.flatMap((o) => (o.bonus ? [o.bonus.verified] : [])).sort();
  const last = dates.at(-1);
  const when = last ? <time dateTime={last}>{formatPartialDate(last)}</time> : null;
  // A review's notice stands above one button; a list's above one per operator.
  const one = operators.length === 1;
  return (
    <p className="withheld-notice">
      {last ? (
        <>
          {one ? 'Offer' : 'Offers'} last checked {when}, too long ago to show as current.{' '}
        </>
      ) : null}
      {one ? "The operator's site has" : "Each operator's site has"} its current offer and terms.
    </p>
  );
}
