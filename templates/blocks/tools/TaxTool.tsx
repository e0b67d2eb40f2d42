import type { BlockOf, SiteConfig } from 'pa-site';
import { money, percent } from '../../lib/odds.js';
import { FIRST_TAX_YEAR, LAST_TAX_YEAR, TAX_YEARS, WIN_TYPES, rulesFor, taxOnWin } from '../../lib/tax.js';
import { Cite } from '../../components/Sources.js';
import { TableScroll } from '../../components/TableScroll.js';
import { incomeTaxIn, jurisdictionName } from '../../lib/pack.js';
import { Field, Result, Select, ToolFrame } from './parts.js';

const T = 'tax';

/** The years a reader may pick: those the rules cover, up to the build's own (never a year not yet begun). */
export const taxYearsFor = (buildYear: number | undefined) => {
  const last = Math.min(buildYear ?? LAST_TAX_YEAR, LAST_TAX_YEAR);
  return TAX_YEARS.filter((r) => r.year <= last && r.year >= FIRST_TAX_YEAR).map((r) => r.year);
};

/** The jurisdiction's name and its income tax on winnings in each year offered: what the tool needs of site.yaml. */
interface IncomeTax {
  where: string;
  rates: Record<number, { rate: number; source: string[] }>;
}

/** The site's income tax data for these years; undefined where the pack lacks it (validation reports the block). */
function incomeTaxOf(site: SiteConfig, years: number[]): IncomeTax | undefined {
  const where = jurisdictionName(site);
  const rates: IncomeTax['rates'] = {};
  for (const y of years) {
    const r = incomeTaxIn(site, y);
    if (r) rates[y] = r;
  }
  return where ? { where, rates } : undefined;
}

function RulesTable({ years, tax }: { years: number[]; tax: IncomeTax }) {
  // One row per distinct set of figures: years with the same rules share a row ("2018–2025").
  const figures = (y: number) => JSON.stringify({ ...rulesFor(y), year: 0, tax: tax.rates[y] });
  const groups: { from: number; to: number }[] = [];
  for (const y of years) {
    const last = groups[groups.length - 1];
    const same = last && figures(last.to) === figures(y);
    if (same) last.to = y;
    else groups.push({ from: y, to: y });
  }
  return (
    <>
      <TableScroll stack label="Tax rules by year">
        <table>
          <caption>Form W-2G lines and tax rates by tax year</caption>
          <thead>
            <tr>
              <th scope="col">Tax year</th>
              <th scope="col">Slots and bingo</th>
              <th scope="col">Keno (less the wager)</th>
              <th scope="col">Poker tournaments (less the buy-in)</th>
              <th scope="col">Other wins (sports, table games)</th>
              <th scope="col">Deductible share of losses</th>
            </tr>
          </thead>
          <tbody>
            {groups.map((g) => {
              const r = rulesFor(g.to)!;
              return (
                <tr key={g.from}>
                  <th scope="row">{g.from === g.to ? g.from : `${g.from}–${g.to}`}</th>
                  <td data-label="Slots and bingo">{money(r.slotsBingo)} or more</td>
                  <td data-label="Keno (less the wager)">{money(r.keno)} or more</td>
                  <td data-label="Poker tournaments (less the buy-in)">over {money(r.poker)}</td>
                  <td data-label="Other wins (sports, table games)">
                    {money(r.other)} or more and at least {r.otherMultiple} times the wager
                  </td>
                  <td data-label="Deductible share of losses">{percent(r.lossShare, 0)}, up to your winnings</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </TableScroll>
      {groups.slice(1).map((g, i) => {
        const [was, now] = [rulesFor(groups[i]!.to)!, rulesFor(g.from)!];
        return now.slotsBingo === was.slotsBingo ? null : (
          <p key={g.from} className="tool-hint">
            From {g.from} the slot and bingo line is {money(now.slotsBingo)} (it was {money(was.slotsBingo)}); the other
            lines are unchanged as far as published.
          </p>
        );
      })}
    </>
  );
}

function TaxExample({ year, years, tax }: { year: number; years: number[]; tax: IncomeTax }) {
  const rate = tax.rates[year]!.rate;
  const r = taxOnWin({ type: 'slots', year, winnings: 1500, wager: 5, losses: 1000, incomeTaxRate: rate })!;
  const rules = r.rules;
  return (
    <>
      <h3>How it works, with a worked example</h3>
      <p>
        Federal regular withholding takes {percent(rules.withholdingRate, 0)} of a sports or table win of more than{' '}
        {money(rules.withholdingOver)} (less the wager) that is at least {rules.otherMultiple} times the wager; wins
        from slots, bingo, keno and poker tournaments are not subject to it, though the same rate of backup withholding
        applies when you do not give the payer your taxpayer number. {tax.where} taxes gambling winnings, net of what
        you wagered, at {percent(rate)}. Winnings are taxable whether or not a form is issued.
      </p>
      <p>
        <strong>Example ({year}):</strong> a {money(1500)} slot win on a {money(5)} spin{' '}
        {r.w2g ? 'gets' : 'does not get'} a Form W-2G (the line is {money(rules.slotsBingo)}); nothing is withheld;{' '}
        {tax.where}&apos;s {percent(rate)} of the {money(r.net)} net win is {money(r.incomeTax)}. With {money(1000)} of
        losses, an itemizer deducts {money(r.deductibleLosses)}
        {rules.lossShare < 1 ? ` (${percent(rules.lossShare, 0)} of the losses)` : ''}.
      </p>
      <RulesTable years={years} tax={tax} />
    </>
  );
}

export function TaxTool({ block, site, year }: { block: BlockOf<'tool'>; site: SiteConfig; year?: number }) {
  // The years both the federal rules and the site's income tax rates cover.
  const years = taxYearsFor(year).filter((y) => incomeTaxIn(site, y));
  const current = years[years.length - 1];
  const tax = incomeTaxOf(site, years);
  if (!tax || current === undefined) return null; // validation refused the block already (validate/tool-data.ts)
  // Each year's sources in the order its figures are stated: the W-2G lines, withholding, the income tax, losses.
  const sources = TAX_YEARS.filter((r) => years.includes(r.year)).flatMap((r) => [
    ...r.sources.w2g,
    ...r.sources.withholding,
    ...tax.rates[r.year]!.source,
    ...r.sources.losses,
  ]);
  // What the script needs to say the same: the jurisdiction's name and each year's rate.
  const data = { where: tax.where, rates: Object.fromEntries(years.map((y) => [y, tax.rates[y]!.rate])) };
  return (
    <ToolFrame
      tool={T}
      data={{ 'data-income-tax': JSON.stringify(data) }}
      block={block}
      site={site}
      heading="Tax on Winnings Estimator"
      what={
        'An estimate, not tax advice: your own return depends on all your income and deductions, so check it ' +
        'with a tax professional or the IRS instructions.'
      }
      example={
        <>
          <Cite refs={[...new Set(sources)]} />
          <TaxExample year={current} years={years} tax={tax} />
        </>
      }
    >
      <Select
        tool={T}
        name="year"
        label="Tax year of the win"
        options={years.map((y) => ({ id: y, label: String(y) }))}
        value={current}
      />
      <Select tool={T} name="type" label="Type of win" options={WIN_TYPES} value="sports" />
      <Field
        tool={T}
        name="winnings"
        label="Amount paid to you"
        unit="$"
        hint="Everything the win paid, including the stake a sports bet returns."
      />
      <Field tool={T} name="wager" label="Wager or buy-in" unit="$" />
      <Field
        tool={T}
        name="losses"
        label="Gambling losses this year (optional)"
        unit="$"
        hint="Only if you itemize deductions; leave it empty otherwise."
      />
      <Result tool={T} />
    </ToolFrame>
  );
}
