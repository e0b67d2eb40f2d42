// The offer value calculator: expected value, wagering and expected loss from templates/lib/offer-value.ts.
// A term that changes the answer and is empty is asked for by name, never guessed.
import { americanToDecimal, formatAmerican, money } from '../lib/odds.js';
import { SPORTS_EDGE, TERMS_USED, offerValue, type OfferTerms, type OfferType } from '../lib/offer-value.js';
import { parseAmericanOdds, parseNumber, type Parsed } from '../lib/tool-input.js';
import { setupTool } from './tools/kit.js';

const CASINO_ONLY: readonly OfferType[] = ['casino-credits', 'spins'];
const DEFAULT_EDGE = String(Math.round(SPORTS_EDGE * 10000) / 100);
const dollars =
  (missing: string, max = 1_000_000) =>
  (raw: string) =>
    parseNumber(raw, { missing, max, tooBig: `Enter at most ${money(max)}.` });

/** An optional term: empty is fine (null), anything typed is checked. */
const optional =
  (parse: (raw: string) => Parsed<number>) =>
  (raw: string): Parsed<number | null> =>
    raw.trim() === '' ? { ok: true, value: null } : parse(raw);

let edgeEdited = false;

setupTool('offer', (t, showAll) => {
  const type = t.text('type') as OfferType;
  const used = new Set<string>(TERMS_USED[type] ?? []);
  for (const wrap of t.form.querySelectorAll<HTMLElement>('[data-uses]'))
    wrap.hidden = !(wrap.dataset.uses ?? '').split(' ').includes(type);
  // The sportsbook default edge is stated on the page; casino games have none, so the reader enters it.
  const edgeField = t.field('edge') as HTMLInputElement;
  if (!edgeEdited) edgeField.value = CASINO_ONLY.includes(type) ? '' : DEFAULT_EDGE;

  let amount: number | undefined;
  if (type === 'spins') {
    const spins = t.read('spins', (raw) =>
      parseNumber(raw, { missing: 'Enter the number of spins from the offer.', max: 10_000, integer: true }),
    );
    const each = t.read('spin-value', dollars('Enter the value of each spin from the terms, such as 0.20.', 1000));
    amount = spins !== undefined && each !== undefined ? spins * each : undefined;
  } else amount = t.read('amount', dollars('Enter the bonus amount from the offer’s terms.'));
  const qualifying = used.has('qualifying')
    ? t.read('qualifying', dollars('Enter the qualifying bet or deposit from the offer’s terms.'))
    : 0;
  const minOdds = used.has('odds')
    ? t.read(
        'min-odds',
        optional((raw) => parseAmericanOdds(raw)),
      )
    : null;
  const odds = used.has('odds')
    ? t.read('odds', (raw): Parsed<number> => {
        const r = parseAmericanOdds(raw, 'Enter the American odds you will bet at, such as +200.');
        if (r.ok && typeof minOdds === 'number' && americanToDecimal(r.value) < americanToDecimal(minOdds))
          return { ok: false, message: `The offer needs odds of ${formatAmerican(minOdds)} or longer.` };
        return r;
      })
    : 100;
  const playthrough = t.read('playthrough', (raw) =>
    parseNumber(raw, {
      missing: 'Enter the playthrough from the offer’s terms (1 if the bonus need only be used once).',
      min: 1,
      max: 100,
      tooBig: 'A playthrough above 100x is not one this tool prices: check the offer’s terms.',
    }),
  );
  const weighting = used.has('weighting')
    ? t.read('weighting', (raw) =>
        parseNumber(raw, {
          missing: 'Enter the game weighting from the terms (100 if your game counts in full).',
          min: 0,
          minExclusive: true,
          max: 100,
          tooBig: 'Weighting is a share of each bet: at most 100%.',
        }),
      )
    : 100;
  const edge = t.read('edge', (raw) =>
    parseNumber(raw, {
      missing: 'Enter the house edge: 100 minus the game’s return to player (RTP).',
      max: 50,
      tooBig: 'A house edge above 50% is not a real game’s: check the figure.',
    }),
  );
  const expiry = t.read(
    'expiry',
    optional((raw) =>
      parseNumber(raw, { missing: '', min: 1, max: 365, integer: true, tooBig: 'Enter at most 365 days.' }),
    ),
  );
  const base = t.text('base') === 'both';
  if ([amount, qualifying, odds, playthrough, weighting, edge].some((v) => v === undefined)) {
    t.result(
      'result',
      [showAll ? 'Enter every term marked above to see the value.' : 'Enter the offer’s terms to see its value.'],
      'ask',
    );
    return;
  }
  const terms: OfferTerms = {
    type,
    amount: amount!,
    qualifying: qualifying!,
    odds: odds!,
    playthrough: playthrough!,
    withDeposit: base,
    weighting: weighting! / 100,
    edge: edge! / 100,
  };
  const v = offerValue(terms);
  const lines: (string | [string, string])[] = [
    ['Expected cash value', `${money(v.value)} of the ${money(v.amount)} bonus, on average`],
    ['Total wagering needed', money(v.wagering)],
    ['Expected loss while clearing it', money(v.expectedLoss)],
  ];
  if (typeof expiry === 'number') lines.push(['Wagering per day to finish in time', money(v.wagering / expiry)]);
  lines.push(...v.steps.map((s, i): [string, string] => [`Step ${i + 1}`, s]));
  t.result('result', lines);
});

// "Fill in from this offer": a current reviewed offer's sourced terms; the rest stays empty and is asked for.
for (const button of document.querySelectorAll<HTMLButtonElement>('[data-tool="offer"] [data-fill]')) {
  button.addEventListener('click', () => {
    const fill = JSON.parse(button.dataset.fill ?? '{}') as Record<string, string>;
    const form = button.closest('form')!;
    for (const [name, value] of Object.entries(fill)) {
      const el = form.querySelector<HTMLInputElement | HTMLSelectElement>(`[data-field="${name}"]`);
      if (el) el.value = value;
    }
    form.dispatchEvent(new Event('input', { bubbles: true }));
  });
}
const edgeInput = document.querySelector<HTMLInputElement>('[data-tool="offer"] [data-field="edge"]');
edgeInput?.addEventListener('input', () => {
  edgeEdited = true;
});
