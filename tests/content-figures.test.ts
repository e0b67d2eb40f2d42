/**
 * Figures are stated once, in data (content/site.yaml `facts`, `market`, `methodology`, the
 * operator files), and prose inserts them with `{{…}}`. This test reads every page and every
 * operator's prose fields with their `{{…}}` references removed, and fails on any figure still
 * typed by hand: counts of sportsbooks, casino brands, games or review criteria, payout and
 * minimum ranges, the border states, ratings, and any value written in `facts`.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { repoRoot } from './helpers.js';

const STATES = 'New Jersey|New York|Ohio|Delaware|Maryland|West Virginia';

/** Shapes of the figures the site states more than once; each belongs in data. */
const SHAPES: [what: string, re: RegExp][] = [
  // "Top 5 Casinos" is the ranking's length, not a count of the market.
  [
    'a count of sportsbooks',
    /(?<!\btop\s)\b(\d+|eleven|twelve|a dozen|fifteen)\+?\s+(licensed\s+)?(online\s+)?sportsbooks?\b/i,
  ],
  ['a count of casino brands', /(?<!\btop\s)\b(\d+|twenty)\+?\s+(licensed\s+)?(online\s+)?casino(s| brands| apps)\b/i],
  ['a statewide count of casino games', /\b\d{1,2},\d{3}\+?\s+(total\s+)?(online\s+)?casino games\b/i],
  ['a count of review criteria', /\b(\d+|five|six|seven|eight)\s+(review\s+|ranking\s+)?criteria\b/i],
  ['a payout or waiting time', /\b\d+\s*(to|-)\s*\d+\s*(business\s+)?(hours|days)\b/i],
  ['a minimum range', /\$\d+(\.\d+)?\s*(to|-)\s*\$\d+(\.\d+)?\s+(on|minimum|deposits?|withdrawals?|single|parlays?)/i],
  ['a list of border states', new RegExp(`(${STATES}),?\\s+(or\\s+)?(${STATES})`)],
  ['a cool-off range', /\b24 hours (up )?to 6 months\b/i],
  ['a rating', /\b[1-5]\.\d\s*(\/\s*5|out of 5)\b/i],
];

/** Every figure in `text` that should come from data, with a few words of context. */
function typedFigures(text: string, values: readonly string[] = []): string[] {
  const prose = text.replace(/\{\{[^}]*\}\}/g, '{{}}');
  const found: string[] = [];
  for (const [what, re] of SHAPES)
    for (const m of prose.matchAll(new RegExp(re.source, `${re.flags.replace('g', '')}g`)))
      found.push(`${what}: "${m[0]}"`);
  for (const v of values) {
    // Not inside a larger number: "54%" is no part of "99.54%".
    const re = new RegExp(`(^|[^\\w$])(?<!\\d[.,])${v.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\w])`, 'i');
    if (re.test(prose)) found.push(`a value from data: "${v}"`);
  }
  return found;
}

const read = (rel: string) => readFileSync(path.join(repoRoot, rel), 'utf8');
const site = parse(read('content/site.yaml')) as { facts: Record<string, string | number> };
/**
 * Data values searched for literally. Bare years and single quantities ("24 hours") also occur in
 * unrelated prose ("May 2019", "24 hours a day"); the shapes above catch their ranges instead.
 */
const FACT_VALUES = Object.values(site.facts)
  .map(String)
  .filter((v) => !/^\d{4}$/.test(v) && !/^\d+ \w+$/.test(v));

const operatorIds = readdirSync(path.join(repoRoot, 'content/operators'))
  .filter((f) => f.endsWith('.yaml'))
  .map((f) => f.replace(/\.yaml$/, ''));
const operators = operatorIds.map((id) => ({ id, data: parse(read(`content/operators/${id}.yaml`)) }));
/** Operator figures prose must reference rather than type: payout times as written (not references), game counts. */
const OPERATOR_VALUES = [
  ...new Set(
    operators.flatMap(({ data }) =>
      [...(data.review?.withdrawals ?? []).map((w: { time: string }) => w.time), data.app?.games].filter(
        (v): v is string => !!v && !v.includes('{{') && v !== 'Instant',
      ),
    ),
  ),
];

describe('figures are stated once, in data', () => {
  it('finds typed figures in a sample (the check can fail)', () => {
    expect(
      typedFigures(
        'Eleven online sportsbooks and about 20 online casino brands. PayPal pays in 24 to 48 hours; ' +
          'minimums are $5 to $10 on deposits. Scored on six criteria. Near Ohio, Delaware or Maryland. ' +
          'Rated 4.8/5 with 700+ games.',
        ['about 20', '700+'],
      ),
    ).toEqual([
      'a count of sportsbooks: "Eleven online sportsbooks"',
      'a count of casino brands: "20 online casino brands"',
      'a count of review criteria: "six criteria"',
      'a payout or waiting time: "24 to 48 hours"',
      'a minimum range: "$5 to $10 on"',
      'a list of border states: "Ohio, Delaware"',
      'a rating: "4.8/5"',
      'a value from data: "about 20"',
      'a value from data: "700+"',
    ]);
    // A value inside a larger number is another figure.
    expect(typedFigures('a return of 99.54%', ['54%'])).toEqual([]);
    expect(typedFigures('operators pay 54% in tax', ['54%'])).toEqual(['a value from data: "54%"']);
    expect(typedFigures('{{site.market.sportsbooks.length}} online sportsbooks, {{site.facts.ewalletPayout}}')).toEqual(
      [],
    );
  });

  it.each(readdirSync(path.join(repoRoot, 'content/pages')).filter((f) => f.endsWith('.md')))(
    'content/pages/%s types no figure that data holds',
    (file) => {
      // `title` and `description` are used verbatim (no `{{…}}`): search results show them as written.
      const source = read(`content/pages/${file}`).replace(/^(title|description): .*$/gm, '');
      expect(typedFigures(source, [...FACT_VALUES, ...OPERATOR_VALUES])).toEqual([]);
    },
  );

  it.each(operatorIds)('content/operators/%s.yaml: prose fields type no figure that data holds', (id) => {
    const { data } = operators.find((o) => o.id === id)!;
    const prose = [
      ...(data.features ?? []),
      ...(data.app?.features ?? []),
      ...(data.review ? [...data.review.pros, ...data.review.cons, data.review.fees, data.review.verdict] : []),
      ...(data.review?.faqs ?? []).map((f: { answer: string }) => f.answer),
    ].join('\n');
    expect(typedFigures(prose, [...FACT_VALUES, ...OPERATOR_VALUES])).toEqual([]);
  });
});
