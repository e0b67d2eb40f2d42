import * as z from 'zod';
import { copy, href, monthOrDate, text } from './common.js';
import { blockSchema, tagName } from './blocks.js';
import { ROUTE_PATTERN } from '../urls/urls.js';

const base = {
  /** The `<title>`, used verbatim. */
  title: text.max(80, 'titles longer than 80 characters are cut off in search results'),
  // One shorter than SHORT_DESCRIPTION builds, with a warning (validate/page-defaults.ts).
  description: copy.max(170, 'meta descriptions over 170 characters are cut off in search results'),
  /** Last content update: drives the visible date, sitemap lastmod and structured data. */
  // The month is enough (and all most sources give): a day nobody recorded must not be made up.
  updated: monthOrDate('the date the page was last updated'),
  /** When a post was published: blog lists and the feed put the newest first. */
  date: monthOrDate('the date the post was published').optional(),
  /** A post's tags: each tag has a page at /tags/<tag> listing its posts. */
  tags: z.array(tagName).max(20).default([]),
  route: z
    .string()
    .regex(ROUTE_PATTERN, 'expected a route like "/about": lowercase words joined by "-", no trailing slash')
    .optional(),
  /** The page's heading and lede; without one, the title and description (with a warning: page-defaults.ts). */
  hero: z
    .strictObject({
      badge: text.optional(),
      /** The page's single <h1>. */
      heading: copy,
      lede: copy,
      actions: z
        .array(z.strictObject({ label: text, href, variant: z.enum(['primary', 'secondary']).default('primary') }))
        .max(2)
        .default([]),
      showUpdated: z.boolean().default(true),
    })
    .optional(),
  /** Byline (articles and reviews): author ids from content/authors; default: site.yaml `editorial`. */
  author: z
    .string()
    .regex(/^[a-z0-9-]+$/, 'expected an author id: a file name in content/authors')
    .optional(),
  factCheckedBy: z
    .string()
    .regex(/^[a-z0-9-]+$/, 'expected an author id: a file name in content/authors')
    .optional(),
  /** Header menu item (a top-level href such as /betting-guides) to highlight when the page is not in the menu. */
  section: href.optional(),
  /** Short name used in breadcrumbs; defaults to the hero heading. */
  breadcrumb: text.optional(),
  /** Structured-data type for the page. */
  schemaType: z.enum(['website', 'article', 'webpage']).default('article'),
  /** A page not ready to publish: `pa-site dev` builds it, `build` and `check` leave it out. */
  draft: z.boolean().default(false),
  /** Page rules of `pa-site check` to silence on this page, by rule id. */
  checkIgnore: z.array(z.string()).default([]),
  blocks: z
    .record(z.string().regex(/^[a-z][a-z0-9-]*$/, 'block names are lowercase words joined by "-"'), blockSchema)
    .default({}),
};

const guideSchema = z.strictObject({
  template: z.literal('guide'),
  ...base,
  /**
   * The page is about the site itself (an About page): it carries the site's Organization and
   * WebSite structured data rather than an Article's, and its hero keeps the "Last Updated" line, not a byline.
   */
  aboutSite: z
    .boolean({ error: 'expected true or false: true marks the page about the site itself (an About page)' })
    .default(false),
});
const reviewPageSchema = z.strictObject({
  template: z.literal('review'),
  ...base,
  /** The operator id (its file name in content/operators without .yaml). */
  operator: z.string().regex(/^[a-z0-9-]+$/, 'expected an operator id such as "fanduel"'),
});

/** A template's name as `template:` gives it: pa-site's, or one a site registers in templates/index.ts. */
export const TEMPLATE_NAME = /^[a-z][a-z0-9-]*$/;

/**
 * A page of a template the site registers itself: the fields every page has, checked here, and its
 * own fields, which the template's exported schema checks once the templates compile
 * (validate/custom-templates.ts).
 */
export const customPageSchema = z.looseObject({ template: z.string().regex(TEMPLATE_NAME), ...base });

/** The fields every page has, whatever its template: what a template's own schema does not see. */
export const BASE_FIELDS: ReadonlySet<string> = new Set(['template', ...Object.keys(base)]);

/** Every template and the schema its frontmatter must satisfy. */
export const pageSchemas = { guide: guideSchema, review: reviewPageSchema } as const;
export type TemplateName = keyof typeof pageSchemas;
/** A meta description shorter than this builds, with a warning that it says too little. */
export const SHORT_DESCRIPTION = 50;
/** A page's data once validated: the hero is filled in where the page has none. */
export type WithHero<T extends { hero?: unknown }> = Omit<T, 'hero'> & { hero: NonNullable<T['hero']> };
type GuideFrontmatter = WithHero<z.infer<typeof guideSchema>>;
type ReviewFrontmatter = WithHero<z.infer<typeof reviewPageSchema>>;
export type Frontmatter = GuideFrontmatter | ReviewFrontmatter;
