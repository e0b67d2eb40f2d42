import type { Operator } from 'pa-site';

/** Whether the offer's amounts may be shown: stated, and not past the staleness hard limit. */
export const offerShown = (o: Operator) => !!o.bonus && (o.offerState ?? 'withheld') !== 'withheld';
