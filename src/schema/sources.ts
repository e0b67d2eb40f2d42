import * as z from 'zod';
import { absoluteUrl, monthOrDate, text } from './common.js';

/** A source id: lowercase words joined by "-" (`pgcb`, `pa-code-815a`). */
export const sourceId = z
  .string()
  .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'expected a source id from content/sources.yaml, such as "pgcb"');

const NEEDS_SOURCE = 'every fact names its source: add "source: <id>" with an id from content/sources.yaml';

/** Where a fact comes from: one source id, or a list of them. Required wherever a fact is stated. */
export const sourceRef = z.union([sourceId, z.array(sourceId).min(1)], { error: NEEDS_SOURCE });

/** A figure or statement the pages insert with `{{site.facts.name}}`, and where it comes from. */
export const citedFact = z.strictObject({ value: z.union([text, z.number()]), source: sourceRef });

/**
 * One entry of content/sources.yaml: a publisher's page behind the site's facts. `checked` is the
 * month it was checked (never later than the check really happened); `url` is left out for a source
 * cited by section, such as a statute with no single page.
 */
/** The longest source title: a page's or statute's name, shown in every page's source list (docs/content.md). */
const MAX_SOURCE_TITLE = 300;

const sourceSchema = z.strictObject({
  id: sourceId,
  title: text.refine((s) => s.length <= MAX_SOURCE_TITLE, {
    message: `a source title is at most ${MAX_SOURCE_TITLE} characters (a page's or statute's name)`,
    params: { hint: `shorten it to the page's or statute's name, ${MAX_SOURCE_TITLE} characters at most` },
  }),
  publisher: text,
  url: absoluteUrl.optional(),
  /** Left out only when no check of this page is on record: never write a month that did not happen. */
  checked: monthOrDate('the month the source was checked').optional(),
});

export const sourcesFileSchema = z.array(sourceSchema).min(1, 'list at least one source');

export type Source = z.infer<typeof sourceSchema>;
