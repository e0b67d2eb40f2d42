import type { BlockOf } from 'pa-site';
import * as odds from '../lib/odds.js';
import { TableScroll } from '../components/TableScroll.js';

export function OddsExamples({ block }: { block: BlockOf<'odds-examples'> }) {
  return (
    <section className="table-block">
      {block.heading ? <h3>{block.heading}</h3> : null}
      <TableScroll stack label={block.heading ?? 'Odds examples'}>
        <table>
          <thead>
            <tr>
              <th scope="col">Bet</th>
              <th scope="col">Odds</th>
              <th scope="col">Stake</th>
              <th scope="col">Profit if it wins</th>
              <th scope="col">Total return</th>
              <th scope="col">Implied probability</th>
            </tr>
          </thead>
          <tbody>
            {block.examples.map((e) => {
              const n = odds.parseAmerican(e.odds);
              return (
                <tr key={e.odds + (e.label ?? '')}>
                  <th scope="row">{e.label ?? (n > 0 ? 'Underdog' : 'Favorite')}</th>
                  <td data-label="Odds">{odds.formatAmerican(n)}</td>
                  <td data-label="Stake">{odds.money(block.stake)}</td>
                  <td data-label="Profit if it wins">{odds.money(odds.profit(block.stake, n))}</td>
                  <td data-label="Total return">{odds.money(odds.totalReturn(block.stake, n))}</td>
                  <td data-label="Implied probability">{odds.percent(odds.impliedProbability(n))}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </TableScroll>
    </section>
  );
}

export function OddsFormats({ block }: { block: BlockOf<'odds-formats'> }) {
  return (
    <section className="table-block">
      {block.heading ? <h3>{block.heading}</h3> : null}
      <TableScroll stack label={block.heading ?? 'Odds formats compared'}>
        <table>
          <thead>
            <tr>
              <th scope="col">American</th>
              <th scope="col">Decimal</th>
              <th scope="col">Fractional</th>
              <th scope="col">Implied probability</th>
              <th scope="col">Profit on {odds.money(block.stake)}</th>
            </tr>
          </thead>
          <tbody>
            {block.odds.map((text) => {
              const n = odds.parseAmerican(text);
              const [num, den] = odds.americanToFractional(n);
              return (
                <tr key={text}>
                  <th scope="row">{odds.formatAmerican(n)}</th>
                  <td data-label="Decimal">{odds.americanToDecimal(n).toFixed(2)}</td>
                  <td data-label="Fractional">
                    {num}/{den}
                  </td>
                  <td data-label="Implied probability">{odds.percent(odds.impliedProbability(n))}</td>
                  <td data-label={`Profit on ${odds.money(block.stake)}`}>{odds.money(odds.profit(block.stake, n))}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </TableScroll>
    </section>
  );
}

export function Parlay({ block }: { block: BlockOf<'parlay'> }) {
  const leg = odds.parseAmerican(block.legPrice);
  return (
    <section className="table-block">
      {block.heading ? <h3>{block.heading}</h3> : null}
      <TableScroll stack label={block.heading ?? 'Parlay prices'}>
        <table>
          <thead>
            <tr>
              <th scope="col">Legs at {odds.formatAmerican(leg)}</th>
              <th scope="col">Exact price</th>
              <th scope="col">Commonly quoted</th>
              <th scope="col">Profit on {odds.money(block.stake)}</th>
              <th scope="col">Chance all legs win (no edge)</th>
            </tr>
          </thead>
          <tbody>
            {block.legs.map((l) => {
              const exact = odds.parlayAmerican(leg, l.count);
              const fair = 0.5 ** l.count;
              return (
                <tr key={l.count}>
                  <th scope="row">{l.count} legs</th>
                  <td data-label="Exact price">{odds.formatAmerican(exact)}</td>
                  <td data-label="Commonly quoted">about {l.quoted}</td>
                  <td data-label={`Profit on ${odds.money(block.stake)}`}>
                    {odds.money(odds.profit(block.stake, exact))}
                  </td>
                  <td data-label="Chance all legs win (no edge)">{odds.percent(fair, 1)}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </TableScroll>
    </section>
  );
}
