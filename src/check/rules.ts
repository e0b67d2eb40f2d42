/**
 * Page rules: what every page of the site must (or must not) show. Each rule has an id that a
 * page can silence with frontmatter `checkIgnore: [id]` or, in a built page,
 * `<meta name="pa-site-check-ignore" content="id other-id">`, and site.yaml `check.rules` can turn
 * off or make a warning. The gambling pack's rules (src/domain/gambling-rules.ts) run only when
 * the site turns the pack on. 404.html is exempt from all but single-h1.
 */
import { findBannedPhrase } from '../schema/common.js';
import { append } from './append.js';
import type { SitePage } from './site-page.js';
import type { Finding, Place } from './types.js';
import { DISCLOSURE } from './html.js';
import { ageInDays, offerState, verifiedLabel, type StalenessPolicy } from '../domain/staleness.js';
import type { PackSettings } from '../domain/gambling-pack.js';
import {
  ageLine,
  ageLineName,
  BANNED_WORDING_HINT,
  GAMBLING_RULES,
  helplineText,
  isGamblingRule,
} from '../domain/gambling-rules.js';

/**
 * Every page rule id with its one-line explanation (docs/check.md repeats these): the gambling
 * pack's, then the site's.
 */
export const PAGE_RULES = {
  ...GAMBLING_RULES,
  'unique-title': 'every page has a <title> no other page uses',
  'unique-description': 'every page has a meta description no other page uses',
  canonical: "every page's canonical link is its own absolute URL",
  'single-h1': 'every page has exactly one <h1> (404.html included)',
  sitemap: 'every page is listed in sitemap.xml and every sitemap URL has a page',
  'orphan-page': 'every page except the home page is linked from another page',
} as const;
export type PageRule = keyof typeof PAGE_RULES;
export const isPageRule = (id: string): id is PageRule => Object.hasOwn(PAGE_RULES, id);

export interface RulePage extends SitePage {
  /** Page rule ids silenced on this page. */
  ignore: ReadonlySet<string>;
  /** The canonical URL the page must declare, when the site URL is known. */
  canonical: string | null;
}

export interface RuleContext {
  pages: RulePage[];
  /** Built HTML files some other page links to. */
  linkedTo: ReadonlySet<string>;
  /** HTML files sitemap.xml lists (sitemap.ts), or null when there is no sitemap. */
  listed: ReadonlySet<string> | null;
  /**
   * The staleness policy (content/site.yaml `offers`) and the date offers are judged against; null
   * skips `offer-stale` (a build check made already reported each offer at its operator file).
   */
  offers: { policy: StalenessPolicy; today: Date } | null;
  /** The site's compliance pack (site.yaml `compliance:`); null for a plain site: no gambling rule runs. */
  pack: PackSettings | null;
  /** site.yaml `check.rules`: rules turned off or given another severity. */
  settings?: Readonly<Record<string, RuleSetting>>;
}

/** What site.yaml `check.rules` may say of a rule. */
export type RuleSetting = 'off' | 'warning' | 'error';

const placeOf = (p: SitePage, line: number | null = null): Place => ({ page: p.file, url: p.url, file: null, line });
const finding = (rule: PageRule, message: string, places: Place[], hint?: string): Finding => ({
  rule,
  severity: 'error',
  category: 'page',
  message,
  places,
  ...(hint ? { hint } : {}),
});

/** Every banned phrase in the text, each with the sentence it is in. */
export function bannedPhrases(text: string): { phrase: string; excerpt: string }[] {
  const found = new Map<string, string>();
  if (!findBannedPhrase(text)) return []; // the common case: one pass over the page
  for (const sentence of text.split(/(?<=[.!?])\s+/)) {
    let rest = sentence;
    for (let phrase = findBannedPhrase(rest); phrase; phrase = findBannedPhrase(rest)) {
      const re = new RegExp(phrase.replace(/[-\s]/g, '[-\\s]'), 'gi');
      if (!found.has(phrase)) {
        // A few words either side of the first match.
        const at = rest.search(re);
        const from = Math.max(0, sentence.lastIndexOf(' ', Math.max(0, at - 30)));
        const to = sentence.indexOf(' ', Math.min(sentence.length, at + phrase.length + 30));
        const cut = sentence.slice(from, to === -1 ? undefined : to).trim();
        found.set(phrase, `${from > 0 ? '...' : ''}${cut}${to !== -1 ? '...' : ''}`);
      }
      rest = rest.replace(re, (m) => ' '.repeat(m.length));
    }
  }
  return [...found].map(([phrase, excerpt]) => ({ phrase, excerpt }));
}

function duplicates(
  ctx: RuleContext,
  rule: 'unique-title' | 'unique-description',
  pick: (p: RulePage) => string[],
  what: string,
): Finding[] {
  const out: Finding[] = [];
  const byValue = new Map<string, RulePage[]>();
  for (const p of ctx.pages) {
    if (p.file === '404.html' || p.ignore.has(rule)) continue;
    const values = pick(p).filter(Boolean);
    if (values.length === 0) out.push(finding(rule, `has no ${what}`, [placeOf(p)]));
    else if (values.length > 1) out.push(finding(rule, `has ${values.length} ${what} elements`, [placeOf(p)]));
    const v = values[0];
    if (v) byValue.set(v, [...(byValue.get(v) ?? []), p]);
  }
  for (const [value, pages] of byValue) {
    if (pages.length < 2) continue;
    out.push(
      finding(
        rule,
        `${pages.length} pages share the ${what} "${value}"`,
        pages.map((p) => placeOf(p)),
        `give each page its own ${what}`,
      ),
    );
  }
  return out;
}

/** `offer-stale` findings: offers shown as current past the warn age (warning) or the hard limit (error). */
function staleOfferFindings(ctx: RuleContext, offers: Map<string, Place[]>): Finding[] {
  if (!ctx.offers) return [];
  const { policy, today } = ctx.offers;
  return [...offers].map(([key, places]) => {
    const [operator, verified] = key.split('\n') as [string, string];
    const hard = offerState(verified, today, policy) === 'withheld';
    const limit = hard ? `hard limit ${policy.hardLimitDays}` : `warn after ${policy.warnAfterDays}`;
    return {
      ...finding(
        'offer-stale',
        `${operator ? `${operator}'s offer` : 'offer'} shown as current with terms checked ` +
          `${verifiedLabel(verified)}, ` +
          `${ageInDays(verified, today)} days ago (${limit} days)`,
        places,
        "check the operator's current terms and update the offer's verified date, or rebuild: " +
          'the build withholds offers past the hard limit',
      ),
      severity: hard ? 'error' : 'warning',
    };
  });
}

/** The page rules' findings, less the rules site.yaml turns off, each with the severity it gives. */
export function checkPages(ctx: RuleContext): Finding[] {
  const settings = ctx.settings ?? {};
  const out: Finding[] = [];
  for (const f of runRules(ctx)) {
    const setting = settings[f.rule];
    if (setting === 'off') continue;
    out.push(setting ? { ...f, severity: setting } : f);
  }
  return out;
}

function runRules(ctx: RuleContext): Finding[] {
  const out: Finding[] = [];
  const staleOffers = new Map<string, Place[]>();
  const { pack } = ctx;
  const settings = ctx.settings ?? {};
  const on = (p: RulePage, rule: PageRule) =>
    settings[rule] !== 'off' &&
    (pack !== null || !isGamblingRule(rule)) &&
    !p.ignore.has(rule) &&
    (p.file !== '404.html' || rule === 'single-h1');

  // Null without the pack, or when site.yaml gives no help line (the build refuses that site.yaml).
  const helpline = pack && helplineText(pack);
  for (const p of ctx.pages) {
    const s = p.scan;
    const is404 = p.file === '404.html';
    if (pack && on(p, 'compliance-age') && !ageLine(pack).test(s.text))
      out.push(
        finding(
          'compliance-age',
          `does not show ${ageLineName(pack)}`,
          [placeOf(p)],
          'the layout adds it on content pages; a page built without the layout misses it',
        ),
      );
    if (helpline && on(p, 'compliance-helpline') && !helpline.test(s.text))
      out.push(finding('compliance-helpline', `does not show the help line ${pack.helpline}`, [placeOf(p)]));
    if (on(p, 'compliance-disclosure') && !DISCLOSURE.test(s.text))
      out.push(finding('compliance-disclosure', 'does not show the compensation disclosure', [placeOf(p)]));
    if (on(p, 'cta-terms')) {
      for (const c of s.ctas.filter((c) => !c.terms || !c.termsLink)) {
        const missing = [c.terms ? '' : "'T&Cs apply'", c.termsLink ? '' : "a link to the operator's terms"];
        out.push({
          ...finding(
            'cta-terms',
            `operator link to ${c.href} lacks ${missing.filter(Boolean).join(' and ')} in its card or section`,
            [placeOf(p, c.line)],
            'give the offer a termsUrl in its operator file; the offer box links it',
          ),
          target: c.href,
        });
      }
    }
    if (on(p, 'disclosure-order') && s.sponsoredBeforeDisclosure) {
      const b = s.sponsoredBeforeDisclosure;
      out.push({
        ...finding(
          'disclosure-order',
          `sponsored link to ${b.href} comes before the compensation disclosure`,
          [placeOf(p, b.line)],
          'show the short disclosure (site.yaml compliance.shortDisclosure) above the first offer',
        ),
        target: b.href,
      });
    }
    if (ctx.offers && on(p, 'offer-stale')) {
      for (const o of s.offers) {
        if (o.state === 'withheld' || !/^\d{4}-\d{2}(-\d{2})?$/.test(o.verified)) continue;
        if (offerState(o.verified, ctx.offers.today, ctx.offers.policy) === 'current') continue;
        // One finding per offer, listing every page that shows it.
        const key = `${o.operator}\n${o.verified}`;
        staleOffers.set(key, [...(staleOffers.get(key) ?? []), placeOf(p, o.line)]);
      }
    }
    if (on(p, 'cta-sponsored')) {
      for (const c of s.ctas.filter((c) => !c.sponsored))
        out.push({
          ...finding('cta-sponsored', `operator link to ${c.href} has no rel="sponsored"`, [placeOf(p, c.line)]),
          target: c.href,
        });
    }
    if (on(p, 'banned-wording')) {
      for (const b of bannedPhrases(s.text))
        out.push(finding('banned-wording', `uses "${b.phrase}": "${b.excerpt}"`, [placeOf(p)], BANNED_WORDING_HINT));
    }
    if (on(p, 'single-h1') && s.h1 !== 1)
      out.push(
        finding(
          'single-h1',
          s.h1 === 0 ? 'has no <h1>' : `has ${s.h1} <h1> elements`,
          [placeOf(p)],
          'a page has exactly one <h1>: the hero heading',
        ),
      );
    if (!is404 && !s.noindex) {
      if (on(p, 'canonical')) {
        if (s.canonicals.length === 0) out.push(finding('canonical', 'has no <link rel="canonical">', [placeOf(p)]));
        else if (s.canonicals.length > 1)
          out.push(finding('canonical', `has ${s.canonicals.length} canonical links`, [placeOf(p)]));
        else if (p.canonical && s.canonicals[0] !== p.canonical)
          out.push(finding('canonical', `canonical is ${s.canonicals[0]}, expected ${p.canonical}`, [placeOf(p)]));
      }
      if (ctx.listed && on(p, 'sitemap') && !ctx.listed.has(p.file))
        out.push(finding('sitemap', 'is not listed in sitemap.xml', [placeOf(p)]));
    }
    if (!is404 && p.file !== 'index.html' && on(p, 'orphan-page') && !ctx.linkedTo.has(p.file)) {
      out.push(
        finding(
          'orphan-page',
          'no other page links to it',
          [placeOf(p)],
          'link it from a related page or the header/footer, or remove it',
        ),
      );
    }
  }
  if (pack && settings['offer-stale'] !== 'off') append(out, staleOfferFindings(ctx, staleOffers));
  append(
    out,
    duplicates(ctx, 'unique-title', (p) => p.scan.titles, '<title>'),
  );
  append(
    out,
    duplicates(ctx, 'unique-description', (p) => p.scan.descriptions, 'meta description'),
  );
  return out;
}
