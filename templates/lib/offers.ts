import type { Offer, Operator } from 'pa-site';

/** Whether the offer's amounts may be shown: stated, and not past the staleness hard limit. */
export const offerShown = (o: Operator) => !!o.bonus && (o.offerState ?? 'withheld') !== 'withheld';

/**
 * The terms that limit an offer, which must all be stated before a page pushes it with a "Claim" or
 * "Play Now" button: the cap, the minimum deposit, the playthrough and the expiry, and a sportsbook's
 * minimum odds.
 */
export const limitingTerms = (kind: Operator['kind']) =>
  ['cap', 'minDeposit', 'playthrough', 'expiry', ...(kind === 'sportsbook' ? ['minOdds'] : [])] as (keyof Offer)[];

/** The limiting terms an offer does not state ("not stated" in its data). */
export const unstatedTerms = (o: Operator): (keyof Offer)[] =>
  o.bonus ? limitingTerms(o.kind).filter((t) => o.bonus![t] === undefined || o.bonus![t] === 'not stated') : [];

/** Whether a page may push the offer: shown as current, with every limiting term stated. */
export const offerClaimable = (o: Operator) => offerShown(o) && unstatedTerms(o).length === 0;
