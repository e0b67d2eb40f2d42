/**
 * What a page may leave out or keep short, with a warning rather than an error: the build still
 * succeeds. A page without a hero gets its title as the heading and its description as the lede
 * (what a hero usually repeats); a meta description under SHORT_DESCRIPTION characters is kept as
 * it is, and the warning says search results will show little of the page.
 */
import type { Diagnostic } from '../../support/diagnostics/diagnostics.js';
import { SHORT_DESCRIPTION, type Frontmatter, type WithHero } from '../../schema/page.js';

type Position = { line: number; col: number };

/** `data` with its hero filled in where the page has none, and the warnings the defaults come with. */
export function withPageDefaults<T extends { title: string; description: string; hero?: Frontmatter['hero'] }>(
  data: T,
  file: string,
  locate: (path: PropertyKey[]) => Position,
  diagnostics: Diagnostic[],
): WithHero<T> {
  const n = [...data.description].length;
  if (n < SHORT_DESCRIPTION)
    diagnostics.push({
      severity: 'warning',
      code: 'short-description',
      file,
      ...locate(['description']),
      field: 'description',
      message:
        `the meta description is ${n} character${n === 1 ? '' : 's'} long: expected at least ${SHORT_DESCRIPTION}, ` +
        'or search results show little of the page (it is used as it is)',
      received: JSON.stringify(data.description),
      hint: `say in ${SHORT_DESCRIPTION} to 170 characters what the page offers a reader`,
    });
  if (data.hero) return data as WithHero<T>;
  diagnostics.push({
    severity: 'warning',
    code: 'missing-hero',
    file,
    ...locate(['hero']),
    field: 'hero',
    message:
      'no hero (expected "hero:" with "heading:" and "lede:"): the page shows its title as the heading and ' +
      'its description as the lede',
    received: 'nothing',
    hint: 'add "hero:" with "heading:" (the page\'s <h1>) and "lede:" (the sentence under it)',
  });
  const hero = { heading: data.title, lede: data.description, actions: [], showUpdated: true };
  return { ...data, hero } as WithHero<T>;
}
