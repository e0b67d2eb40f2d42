/**
 * What the templates say about the site's jurisdiction, read from site.yaml `compliance:` (the
 * gambling pack) so that no template names a state, a regulator or an age of its own. Each reader
 * returns undefined (or a neutral word) when the site has no pack: a plain site shows no notice.
 */
import type { SiteConfig } from 'pa-site';
import { incomeTaxRateIn } from './tax.js';

type Site = Pick<SiteConfig, 'compliance' | 'helpline' | 'regulator'>;

/** The pack's settings with the help line it needs, when the site turns the gambling pack on. */
export function gamblingPack(site: Site) {
  const { compliance, helpline } = site;
  return compliance && helpline ? { ...compliance, helpline } : undefined;
}

/** The jurisdiction's full name ("New Jersey"), when the pack names one. */
export const jurisdictionName = (site: Site): string | undefined => site.compliance?.jurisdiction?.name;

/** The market's short name as pages use it before a noun ("PA sportsbooks"): the short form, else the name. */
export const marketName = (site: Site): string | undefined =>
  site.compliance?.jurisdiction?.short ?? jurisdictionName(site);

/** The regulator's full name: the pack's, else the older top-level `regulator:`. */
export const regulatorName = (site: Site): string | undefined => site.compliance?.regulator?.name ?? site.regulator;

/** The regulator's short name ("PGCB"), else its full name. */
export const regulatorShort = (site: Site): string | undefined =>
  site.compliance?.regulator?.short ?? regulatorName(site);

/** The regulator's short name for sentences that always need one ("PGCB fine"; "regulator fine" without a pack). */
export const regulatorWord = (site: Site): string => regulatorShort(site) ?? 'regulator';

/** "in PA" after a verb, or nothing on a site that names no jurisdiction. */
export const inMarket = (site: Site): string => {
  const m = marketName(site);
  return m ? ` in ${m}` : '';
};

/** The pack's age mark ("21+"), when the pack is on. */
export const ageMark = (site: Site): string | undefined => (site.compliance ? `${site.compliance.age}+` : undefined);

/** "21 or older, physically inside New Jersey": who may play, in the pack's words. */
export const whoMayPlay = (site: Site): string | undefined => {
  if (!site.compliance) return undefined;
  const where = jurisdictionName(site);
  return `${site.compliance.age} or older${where ? `, physically inside ${where}` : ''}`;
};

/** The header's mark: the market's short name, else the initials of the site's title (two letters at most). */
export const brandMark = (site: Site & Pick<SiteConfig, 'title'>): string =>
  marketName(site) ??
  (site.title
    .split(/\s+/)
    .filter((w) => /^\p{L}/u.test(w))
    .slice(0, 2)
    .map((w) => w[0]!.toUpperCase())
    .join('') ||
    site.title.slice(0, 1));

/**
 * The jurisdiction's income tax on gambling winnings in a tax year (site.yaml `compliance.incomeTax`):
 * the newest rate whose `from` falls in or before that year, with its source ids; undefined without one.
 */
export const incomeTaxIn = (site: Site, year: number) => incomeTaxRateIn(site.compliance?.incomeTax, year);
