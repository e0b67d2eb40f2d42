/**
 * The rating method of site.yaml, worked out here from the operator files alone, independently of
 * src/domain: each operator's rating, what it rests on, its rank and Editor's choice on a build's date.
 * Tests compare the built pages with it, so a page that breaks the stated rule fails.
 */
import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { parse } from 'yaml';
import { repoRoot } from './helpers.js';

export interface Fine {
  date: string;
  fine: number;
  party: string;
  against: 'operator' | 'license-holder' | 'group';
  concerned: 'online' | 'land-based' | 'licensing' | 'not stated';
  players?: string;
  reason: string;
}

export interface RatedOperator {
  id: string;
  kind: 'sportsbook' | 'casino';
  name: string;
  shortName: string;
  enforcement?: Fine[];
  market?: { month: string; handle: number; published: string }[];
  bonus?: Record<string, unknown> & { headline: string; termsUrl: string; verified: string };
  termsUrl?: string;
  officialUrl: string;
  affiliateUrl?: string;
  licensee?: string;
  casino?: string;
  app?: { features: string[]; games?: string };
  /** Computed below: the fines shown on the date, each criterion's score, the rating, place and bar. */
  shown: Fine[];
  parts: Record<string, number>;
  rating: number;
  rank: number;
  featured: boolean;
  meetsBar: boolean;
}

/** The first day a dated fact may show: a day on itself, a month from the next month, a year from the next year. */
const from = (d: string) => {
  const [y, m, day] = d.split('-').map(Number);
  return day ? Date.UTC(y!, m! - 1, day) : m ? Date.UTC(y!, m, 1) : Date.UTC(y! + 1, 0, 1);
};
const months = (d: string, today: Date) => {
  const f = new Date(from(d));
  const n = (today.getUTCFullYear() - f.getUTCFullYear()) * 12 + today.getUTCMonth() - f.getUTCMonth();
  return today.getUTCDate() < f.getUTCDate() ? n - 1 : n;
};
const tenth = (n: number) => Math.round(n * 10 + 1e-9) / 10;

/** What a fine takes off 5, as site.yaml `methodology` states it. */
export function finePoints(f: Fine, today: Date): number {
  const size = (f.fine >= 100_000 ? 2 : f.fine >= 25_000 ? 1 : 0.5) + (f.players ? 0.5 : 0);
  const who = ['land-based', 'licensing'].includes(f.concerned) ? 0.25 : f.against === 'operator' ? 1 : 0.5;
  const age = months(f.date, today);
  return size * who * (age < 24 ? 1 : age < 60 ? 0.5 : 0.25);
}

/** Reads content/operators and rates them as the method says on `today` (a date or YYYY-MM-DD). */
export async function ratedOperators(today: Date | string = new Date(), root = repoRoot): Promise<RatedOperator[]> {
  const day = typeof today === 'string' ? new Date(`${today}T00:00:00Z`) : today;
  const dir = path.join(root, 'content/operators');
  const files = (await readdir(dir)).filter((f) => f.endsWith('.yaml'));
  const all = await Promise.all(
    files.map(
      async (f) => ({ id: f.slice(0, -5), ...parse(await readFile(path.join(dir, f), 'utf8')) }) as RatedOperator,
    ),
  );
  const out: RatedOperator[] = [];
  for (const kind of ['sportsbook', 'casino'] as const) {
    const list = all.filter((o) => o.kind === kind);
    const known = (o: RatedOperator) =>
      (o.market ?? []).filter((f) => from(f.published) <= day.getTime()).map((f) => f.month);
    const month = known(list[0]!)
      .filter((m) => list.every((o) => known(o).includes(m)))
      .sort()
      .at(-1);
    const top = month ? Math.max(...list.map((o) => o.market!.find((f) => f.month === month)!.handle)) : 0;
    for (const o of list) {
      o.shown = (o.enforcement ?? []).filter((f) => from(f.date) <= day.getTime());
      o.parts = { record: tenth(Math.max(1, 5 - o.shown.reduce((s, f) => s + finePoints(f, day), 0))) };
      if (month) o.parts.market = tenth(1 + (4 * o.market!.find((f) => f.month === month)!.handle) / top);
      const scores = Object.values(o.parts);
      o.rating = tenth(scores.reduce((a, b) => a + b, 0) / scores.length);
      o.meetsBar =
        o.rating >= 4 &&
        !o.shown.some((f) => f.against === 'operator' && f.fine >= 100_000 && f.players && months(f.date, day) < 24);
    }
    // Strictly by rating; ties: the higher record score, then the name.
    list.sort((a, b) => b.rating - a.rating || b.parts.record! - a.parts.record! || (a.name < b.name ? -1 : 1));
    const first = list.find((o) => o.meetsBar);
    list.forEach((o, i) => {
      o.rank = i + 1;
      o.featured = o === first;
    });
    out.push(...list);
  }
  return out;
}
