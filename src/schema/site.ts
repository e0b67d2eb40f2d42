import * as z from 'zod';
import { absoluteUrl, copy, email, href, text } from './common.js';
import { datedFacts, isoDay, type ResolvedFact } from './dated-facts.js';
import { rosterSchema } from './roster.js';
import { sourceRef, type Source } from './sources.js';
import { basePathProblem, ROUTE_PATTERN, siteUrlProblem, urlBaseProblem } from '../urls/urls.js';

const authorId = z.string().regex(/^[a-z0-9-]+$/, 'expected an author id: a file name in content/authors');

const brandSchema = z.strictObject({
  brand: text,
  /** The license holder, when the market's source names it. */
  licensee: text.optional(),
  /**
   * Operator id of our review, when there is one: the table takes the license holder from that
   * operator file and links its review. An id no operator file has shows the brand as not reviewed.
   * Optional: an operator file joins the table by itself, in the row of a brand of its name or in
   * a row of its own (validate/visibility.ts).
   */
  operator: z
    .string()
    .regex(/^[a-z0-9-]+$/)
    .optional(),
  note: copy.optional(),
});

/** A named link: a submenu item, a footer link. */
const linkSchema = z.strictObject({ name: text, href });

const menuItemSchema = z.strictObject({
  name: text,
  href,
  submenu: z.array(linkSchema).optional(),
});

/** A remark plugin: a package name, or [name, options]. */
const remarkPlugin = z.union([
  z.string().min(1, 'expected a package name'),
  z.tuple([z.string().min(1, 'expected a package name'), z.record(z.string(), z.unknown())]),
]);

const markdownSchema = z
  .strictObject({
    /** markdown-it is the fast default; remark runs the remark plugin ecosystem. */
    engine: z.enum(['markdown-it', 'remark']).default('markdown-it'),
    remarkPlugins: z.array(remarkPlugin).optional(),
  })
  .refine((m) => m.engine === 'remark' || m.remarkPlugins === undefined, {
    message: 'remarkPlugins need engine: remark (markdown-it does not run remark plugins)',
    path: ['remarkPlugins'],
  });

const route = z
  .string()
  .regex(ROUTE_PATTERN, 'expected a route like "/about": lowercase words joined by "-", no trailing slash');

/** A redirect: permanent (301) unless `status` says otherwise. */
const redirectSchema = z.strictObject({
  from: route,
  to: route,
  status: z.union([z.literal(301), z.literal(302), z.literal(307), z.literal(308)]).default(301),
});

/** A review criterion, as the methodology lists it. */
const criterion = z.strictObject({
  /** What the method computes: `record` (the regulatory record) or `market` (market position). */
  id: z.enum(['record', 'market'], { error: 'expected a criterion the method computes: "record" or "market"' }),
  title: text,
  text: copy,
});

/** A jurisdiction, a regulator: its full name and the short form pages use ("New Jersey", "NJ"). */
const named = z.strictObject({ name: text, short: text.optional(), url: absoluteUrl.optional() });

/**
 * One rate of the jurisdiction's income tax on gambling winnings: a fraction (0.0307 is 3.07%), its
 * source, and `from`, the day it took effect (the tax tool applies it to tax years from that day's year).
 */
const incomeTaxRate = z.strictObject({
  rate: z.number().gt(0, 'expected a fraction above 0, such as 0.0307 for 3.07%').lt(1, 'expected a fraction below 1'),
  from: isoDay.optional(),
  source: sourceRef,
});

/** The rates over time, oldest first: every rate after the first says when it took effect. */
const incomeTax = z
  .array(incomeTaxRate)
  .min(1, 'list at least one rate')
  .superRefine((list, ctx) => {
    for (const [i, v] of list.entries()) {
      const before = list[i - 1];
      if (before && (!v.from || (before.from && v.from <= before.from)))
        ctx.addIssue({
          code: 'custom',
          path: [i, 'from'],
          message: v.from
            ? `\`from\` must be after ${before.from} (oldest first)`
            : 'every rate after the first needs `from`',
        });
    }
  });

/**
 * `compliance:`: the pack a regulated site turns on (only `gambling` so far), with the
 * jurisdiction's own names, age and wording. The pack needs `helpline` too (siteSchema says so).
 */
const complianceSchema = z.strictObject({
  /** The rules and notices the site follows: `gambling` (age line, help line, disclosure, offer terms). */
  pack: z.literal('gambling').default('gambling'),
  /** Where the site's readers may play: named by the age line and the check rule that looks for it. */
  jurisdiction: named.optional(),
  /** Who licenses the operators the site lists (the hero's "play safely" panel names it). */
  regulator: named.optional(),
  /** The regulator's self-exclusion program (`name` as readers type it, `url`): the tools' help panel links it. */
  selfExclusion: named.optional(),
  /** The minimum age to play there. */
  age: z.number().int().min(18).max(25).default(21),
  reminder: copy,
  disclosure: copy,
  /** One sentence shown above the first operator link on a page, linking to the full disclosure. */
  shortDisclosure: copy,
  /** Where the full advertising disclosure is, e.g. /about#advertising-disclosure. */
  disclosureHref: href,
  /** The jurisdiction's income tax on gambling winnings: the tax tool needs it (validate/tool-data.ts). */
  incomeTax: incomeTax.optional(),
});

/** A page rule's id as `check.rules` names it (src/check/rules.ts lists them; check warns on others). */
const ruleId = z.string().regex(/^[a-z0-9-]+$/, 'expected a page rule id such as "orphan-page"');

/** The site's own address: a plain https origin, optionally with a folder (urls.ts siteUrlProblem). */
const siteUrl = z.string().superRefine((s, ctx) => {
  const bad = siteUrlProblem(s);
  if (bad) ctx.addIssue({ code: 'custom', message: bad.problem, params: { hint: bad.fix } });
});

/** The folder the site is served under (urls.ts basePathProblem): `/`, or `/repo/` for a GitHub Pages project. */
const basePath = z
  .string()
  .superRefine((s, ctx) => {
    const bad = basePathProblem(s);
    if (bad) ctx.addIssue({ code: 'custom', message: bad.problem, params: { hint: bad.fix } });
  })
  .default('/');

const siteFields = z.strictObject({
  title: text,
  /** A few words under the title in the header; none when left out. */
  tagline: text.optional(),
  url: siteUrl,
  /** Every link, asset, host rule and canonical is under it; dist/ is what is served there. */
  base: basePath,
  language: z.string().default('en'),
  /** Image for link previews (Open Graph / Twitter), a path under content/public, e.g. /og-image.png. */
  socialImage: z
    .string()
    .regex(/^\/[\w./-]+\.(png|jpe?g)$/, 'expected a path like /og-image.png')
    .optional(),
  /** The site's icon, a path under content/public such as /favicon.svg; no icon link when left out. */
  favicon: z
    .string()
    .regex(/^\/[\w./-]+\.(svg|png|ico)$/, 'expected a path like /favicon.svg')
    .optional(),
  /** Who licenses the operators the site lists, named in the hero's "play safely" panel when given. */
  regulator: text.optional(),
  /** The help line the gambling pack shows on every page (`compliance:`); a site without the pack needs none. */
  helpline: z
    .strictObject({
      /** Shown to readers as the help line writes it: the letters form, when it has one. */
      display: text,
      /** Digits for the tel: link, e.g. +18004262537. */
      tel: z.string().regex(/^\+\d{10,15}$/, 'expected an E.164 number such as +18004262537'),
      /** The number in digits as readers dial it, e.g. 1-800-426-2537. */
      numeric: text,
      /** Who answers the line, in the sentence "from the …" of the help-line block. */
      organisation: text.optional(),
      /** The site's responsible-gambling page, linked from every page's reminder; no link when left out. */
      page: href.optional(),
      /** Where the number and its hours come from: pages that state it (a help-line block, `{{…}}`) cite it. */
      source: sourceRef.optional(),
    })
    .optional(),
  emails: z.strictObject({
    /** Shown by the contact blocks and in structured data; the contact form writes to it. */
    general: email,
    /** For corrections and review questions (the contact-emails block); default: `general`. */
    editorial: email.optional(),
    advertising: email.optional(),
  }),
  /** The contact form block's settings (content/pages/contact.md on the real site). */
  contact: z
    .strictObject({
      /** Where the contact form posts; absent means the form opens the visitor's mail client. */
      formEndpoint: absoluteUrl.optional(),
      /** Netlify only: mark the form for Netlify Forms, which receives posts to the page itself. */
      netlifyForms: z.boolean().default(false),
      /** How soon messages are answered, e.g. "two business days": said after a form is sent. */
      responseTime: text.optional(),
      location: text.optional(),
    })
    .refine((c) => !(c.formEndpoint && c.netlifyForms), {
      message: 'set either formEndpoint or netlifyForms, not both',
      path: ['netlifyForms'],
    })
    .default({ netlifyForms: false }),
  header: z.strictObject({
    menu: z.array(menuItemSchema).min(1),
    /** The highlighted button at the end of the menu, e.g. to the offers page; none when left out. */
    offersButton: z.strictObject({ label: text, href }).optional(),
  }),
  footer: z.strictObject({
    /** Up to three short blurbs at the top of the footer. */
    trust: z
      .array(z.strictObject({ title: text, text: copy }))
      .max(3, 'the footer has room for three trust blurbs')
      .default([]),
    /** Up to four columns of links. */
    columns: z
      .array(z.strictObject({ title: text, links: z.array(linkSchema).min(1) }))
      .max(4, 'the footer has room for four link columns')
      .default([]),
    /** A sentence at the foot of every page; none when left out. */
    disclaimer: copy.optional(),
    /** Links in the footer's last line (privacy policy, terms…). */
    bottomLinks: z.array(linkSchema).default([]),
  }),
  /**
   * The compliance pack (src/domain/gambling-pack.ts): what a regulated site must show on every page
   * and what `check` enforces. Left out, the site is a plain one: no notices, no gambling rules.
   */
  compliance: complianceSchema.optional(),
  /** How old an offer's `verified` date may be (see README, "Offers and staleness"). */
  offers: z
    .strictObject({
      warnAfterDays: z.number().int().min(1).default(30),
      hardLimitDays: z.number().int().min(1).default(90),
      /** `error` fails build and check on an aging or withheld offer (`--stale-offers` overrides it). */
      stale: z.enum(['warning', 'error']).default('warning'),
    })
    .refine((o) => o.warnAfterDays < o.hardLimitDays, {
      message: 'warnAfterDays must be less than hardLimitDays',
      path: ['warnAfterDays'],
    })
    .default({ warnAfterDays: 30, hardLimitDays: 90, stale: 'warning' }),
  /** Default byline of articles and reviews: author ids from content/authors, and the methodology page. */
  editorial: z
    .strictObject({
      author: authorId.optional(),
      factCheckedBy: authorId.optional(),
      /** The page explaining how reviews are scored, linked from rated bylines. */
      methodologyHref: href.optional(),
    })
    .default({}),
  /**
   * Pages of this site the default templates link to (a review points to the laws guide for taxes
   * on winnings): no route is fixed in a template, and a link whose page is not named here is left out.
   */
  links: z
    .strictObject({
      /** The guide to the state's gambling laws and taxes on winnings: linked from reviews. */
      laws: href.optional(),
      /** The beginner's guide that explains how a withdrawal is approved and paid: linked from reviews. */
      beginnersGuide: href.optional(),
      /** The guide to sportsbook promotions (bonus bets, deposit matches): linked from sportsbook reviews. */
      sportsbookBonuses: href.optional(),
      /** The guide to casino bonuses and wagering requirements: linked from casino reviews. */
      casinoBonuses: href.optional(),
    })
    .default({}),
  /**
   * Figures the pages state, each once, with its source: prose and blocks insert the value with
   * `{{site.facts.name}}`, and the page lists the source.
   */
  facts: datedFacts,
  /**
   * Plain words and the site's own guidance that pages repeat but that are not sourced facts (the
   * bankroll rule of thumb, the jurisdiction's neighbours): `{{site.wording.name}}`.
   */
  wording: z.record(z.string().regex(/^[a-zA-Z][a-zA-Z0-9]*$/), z.union([text, z.number()])).default({}),
  /** What reviews are based on: the criteria every review scores (the methodology block lists them). */
  methodology: z
    .strictObject({
      criteria: z.array(criterion).min(1).max(12),
      /** Casinos' criteria, where their text differs: a `kind: casino` methodology block lists them. */
      casinoCriteria: z.array(criterion).min(1).max(12).optional(),
      /** The bar for Editor's choice and every "Top N": the lowest rating picked (the record part is fixed). */
      bar: z.strictObject({ minRating: z.number().min(1).max(5).default(4) }).default({ minRating: 4 }),
      /**
       * How ties are broken and who is Editor's choice (src/domain/ratings.ts applies it): shown with the
       * criteria by every methodology block, so the rule is on each page that ranks.
       */
      ranking: z.array(copy).default([]),
    })
    .optional(),
  /** Every PGCB-licensed online brand, with its license holder when the source names one. */
  market: z
    .strictObject({
      asOf: text,
      source: sourceRef,
      /** Brands listed by the offers blocks; operator files join them by themselves. */
      sportsbooks: z.array(brandSchema).default([]),
      casinos: z.array(brandSchema).default([]),
    })
    // A site that lists no market: no brands, nothing to cite.
    .default({ asOf: '', source: [] as unknown as string, sportsbooks: [], casinos: [] }),
  /** Every PGCB-licensed online brand over time, with dated statuses: the `roster` block (schema/roster.ts). */
  roster: rosterSchema,
  /**
   * Old paths that now live elsewhere: `from` → `to` (routes of this site), written for every
   * supported host and as a small HTML page at `from` for hosts without redirect rules.
   */
  redirects: z.array(redirectSchema).default([]),
  /** The Atom feed (/feed.xml): the pages under `section` (a blog); left out, articles and reviews. */
  feed: z.strictObject({ section: route.optional() }).default({}),
  /**
   * Each page's <title>: `{title}` is the page's own `title:`, `{site}` the site's; left out, the
   * page's title as written.
   */
  titleFormat: z
    .string()
    .refine((s) => s.includes('{title}'), 'expected a format with {title}, such as "{title} | {site}"')
    .optional(),
  markdown: markdownSchema.default({ engine: 'markdown-it' }),
  check: z
    .strictObject({
      /** Paths linked from the layout whose pages do not exist yet: reported as warnings, not errors. */
      knownUnbuilt: z.array(z.string().startsWith('/')).default([]),
      /** Links `check` leaves out: regular expressions tested against the URL (as `--skip`). */
      skip: z.array(z.string().refine(isRegex, 'must be a valid regular expression')).default([]),
      /**
       * Page rules turned off or made warnings, by id (`orphan-page: off`); `check` and `check --dir`
       * read them alike. A rule not named runs as it does by default.
       */
      rules: z.record(ruleId, z.enum(['off', 'warning', 'error'])).default({}),
    })
    .default({ knownUnbuilt: [], skip: [], rules: {} }),
});

function isRegex(s: string): boolean {
  try {
    new RegExp(s, 'u');
    return true;
  } catch {
    return false;
  }
}

/** site.yaml as validated, with content/sources.yaml's sources by id (every `source:` names one). */
export type SiteConfig = Omit<z.infer<typeof siteSchema>, 'facts'> & {
  sources: Record<string, Source>;
  /** Each fact as in force on the build's date (dated-facts.ts factsOn): the one variant pages insert. */
  facts: Record<string, ResolvedFact>;
  /** The build's date (YYYY-MM-DD), which chose the facts and dated sections in force; absent outside a build. */
  today?: string;
  /** Facts none of whose values is in force yet on `today`: text quoting them is left out (dated-facts.ts). */
  laterFacts?: string[];
};
export type MarkdownConfig = z.infer<typeof markdownSchema>;
export type MenuItem = z.infer<typeof menuItemSchema>;
export type Link = z.infer<typeof linkSchema>;
export type Brand = z.infer<typeof brandSchema>;
export type Redirect = z.infer<typeof redirectSchema>;

/** site.yaml: its fields, and `url` and `base` naming one folder. */
export const siteSchema = siteFields.superRefine((site, ctx) => {
  const bad = urlBaseProblem(site.url, site.base);
  if (bad)
    ctx.addIssue({ code: 'custom', path: ['url'], input: site.url, message: bad.problem, params: { hint: bad.fix } });
  if (site.compliance && !site.helpline)
    ctx.addIssue({
      code: 'custom',
      path: ['compliance'],
      message: 'the gambling pack needs a help line: every page shows it',
      params: { hint: 'add helpline: { display, tel, numeric } to site.yaml, or remove compliance: for a plain site' },
    });
});

/** The criteria an operator of this kind is scored on (`methodology`): casinos' own where given. */
export const criteriaFor = (site: Pick<SiteConfig, 'methodology'>, kind: 'sportsbook' | 'casino') =>
  (kind === 'casino' ? site.methodology?.casinoCriteria : undefined) ?? site.methodology?.criteria ?? [];
