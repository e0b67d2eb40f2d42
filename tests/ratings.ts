/**
 * The rating method of site.yaml, worked out here from the operator files alone, independently of
 * src/domain/ratings.ts: what each operator's rating, rank and Editor's choice should be on a build whose
 * offers are current or withheld. Tests compare the built pages with it, so a page that breaks the
 * stated rule fails.
 */
import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { parse } from 'yaml';
import { repoRoot } from './helpers.js';

export interface RatedOperator {
  id: string;
  kind: 'sportsbook' | 'casino';
  name: string;
  shortName: string;
  scores: Record<string, { score?: number; reason: string; source?: string | string[] }>;
  enforcement?: { fine: number; selfExclusion?: boolean }[];
  bonus?: Record<string, unknown> & { headline: string; termsUrl: string; verified: string };
  termsUrl?: string;
  officialUrl: string;
  affiliateUrl?: string;
  licensee?: string;
  casino?: string;
  app?: { features: string[]; games?: string };
  /** Computed below: the criteria that count, the rating (undefined: not rated), the place and Editor's choice. */
  scored: string[];
  rating?: number;
  rank: number;
  featured: boolean;
}

/** Reads content/operators and rates them as the method says, with offers `current` or `withheld`. */
export async function ratedOperators(offers: 'current' | 'withheld', root = repoRoot): Promise<RatedOperator[]> {
  const site = parse(await readFile(path.join(root, 'content/site.yaml'), 'utf8')) as {
    methodology: { minScored: number };
  };
  const dir = path.join(root, 'content/operators');
  const files = (await readdir(dir)).filter((f) => f.endsWith('.yaml'));
  const all = await Promise.all(
    files.map(
      async (f) => ({ id: f.slice(0, -5), ...parse(await readFile(path.join(dir, f), 'utf8')) }) as RatedOperator,
    ),
  );
  for (const o of all) {
    o.scored = Object.keys(o.scores).filter(
      (id) => o.scores[id]!.score !== undefined && !(id === 'offer' && offers === 'withheld'),
    );
    const sum = o.scored.reduce((s, id) => s + o.scores[id]!.score!, 0);
    o.rating =
      o.scored.length >= site.methodology.minScored ? Math.round((sum / o.scored.length) * 10 + 1e-9) / 10 : undefined;
  }
  const out: RatedOperator[] = [];
  for (const kind of ['sportsbook', 'casino'] as const) {
    const list = all.filter((o) => o.kind === kind);
    // Rated first, by rating; ties: more scored criteria, higher licensing, then the name.
    list.sort((a, b) => {
      if ((a.rating === undefined) !== (b.rating === undefined)) return a.rating === undefined ? 1 : -1;
      if ((a.rating ?? 0) !== (b.rating ?? 0)) return (b.rating ?? 0) - (a.rating ?? 0);
      if (a.scored.length !== b.scored.length) return b.scored.length - a.scored.length;
      const lic = (o: RatedOperator) => o.scores.licensing?.score ?? 0;
      if (lic(a) !== lic(b)) return lic(b) - lic(a);
      return a.name < b.name ? -1 : 1;
    });
    list.forEach((o, i) => {
      o.rank = i + 1;
      o.featured = i === 0 && o.rating !== undefined;
    });
    out.push(...list);
  }
  return out;
}
