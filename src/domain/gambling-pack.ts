/**
 * The gambling compliance pack as `check` applies it: on when site.yaml has a `compliance:` block
 * (src/schema/site.ts), with the jurisdiction's name and the age its rules look for. A site without
 * the block is a plain site, and no rule of gambling-rules.ts runs on it.
 */
import type { SiteConfig } from '../schema/site.js';

/** What the pack's rules need: plain data, sent to check's page thread. */
export interface PackSettings {
  /** The minimum age the age line states. */
  age: number;
  /** The jurisdiction the age line names (site.yaml `compliance.jurisdiction.name`); null when the site names none. */
  jurisdiction: string | null;
  /**
   * The help line as readers see it (site.yaml `helpline.display`), or null when site.yaml gives none
   * that can be read: the build refuses such a site.yaml (the pack needs `helpline`), and `check`
   * then has no line to look for.
   */
  helpline: string | null;
}

/** The age the pack assumes when `compliance.age` is left out (site.ts has the same default). */
const DEFAULT_AGE = 21;

/** The pack of a validated site.yaml, or null for a plain site. */
export const packOf = (site: Pick<SiteConfig, 'compliance' | 'helpline'>): PackSettings | null =>
  site.compliance
    ? {
        age: site.compliance.age,
        jurisdiction: site.compliance.jurisdiction?.name ?? null,
        helpline: site.helpline?.display ?? null,
      }
    : null;

/** The pack of site.yaml as parsed, unvalidated (`check --dir` reads no more of it): null without `compliance:`. */
export function packOfYaml(data: { compliance?: unknown; helpline?: unknown } | null | undefined): PackSettings | null {
  const c = data?.compliance;
  const display = (data?.helpline as { display?: unknown } | null | undefined)?.display;
  if (typeof c !== 'object' || c === null || Array.isArray(c)) return null;
  const { age, jurisdiction } = c as { age?: unknown; jurisdiction?: { name?: unknown } };
  return {
    age: typeof age === 'number' && Number.isInteger(age) ? age : DEFAULT_AGE,
    jurisdiction: typeof jurisdiction?.name === 'string' ? jurisdiction.name : null,
    helpline: typeof display === 'string' && display.trim() ? display.trim() : null,
  };
}

/** What the home page offers, as the not-found page says it: " for New Jersey sportsbook and casino guides". */
export const homeFor = (site: Pick<SiteConfig, 'compliance'>): string => {
  const where = site.compliance?.jurisdiction?.name;
  return where ? ` for ${where} sportsbook and casino guides` : '';
};
