// "Did you mean": the known name nearest a misspelt one, for hints on ids, keys, values and routes.

/**
 * Edit distance (insertions, deletions, substitutions, and two neighbours swapped, the commonest
 * typo: "pgbc" for "pgcb"), for "did you mean" hints.
 */
function distance(a: string, b: string): number {
  let prev: number[] = [];
  let row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const next = [i];
    for (let j = 1; j <= b.length; j++) {
      next[j] = Math.min(row[j]! + 1, next[j - 1]! + 1, row[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        next[j] = Math.min(next[j]!, prev[j - 2]! + 1);
    }
    prev = row;
    row = next;
  }
  return row[b.length]!;
}

/**
 * The name in `known` closest to `name`, when it is close enough to be a slip of the keyboard (at
 * most one edit in three characters); ties go to the first.
 */
export function closest(name: string, known: Iterable<string>): string | undefined {
  let best: string | undefined;
  let bestDistance = Math.max(1, Math.floor(name.length / 3)) + 1;
  for (const k of known) {
    const d = distance(name.toLowerCase(), k.toLowerCase());
    if (d < bestDistance && k !== name) [best, bestDistance] = [k, d];
  }
  return best;
}

/**
 * Frontmatter keys other site generators (Hugo, Jekyll, Eleventy, Astro) use for a field pa-site
 * names otherwise: too far apart to be a slip of the keyboard, but what a person moving a site means.
 */
const OTHER_NAMES = new Map([
  ...['published', 'pubdate', 'publishdate', 'publishedat', 'created', 'posted'].map((k) => [k, 'date'] as const),
  ...['lastmod', 'modified', 'lastupdated', 'last_updated', 'updatedat', 'dateModified'].map(
    (k) => [k.toLowerCase(), 'updated'] as const,
  ),
  ...['tag', 'categories', 'category', 'keywords'].map((k) => [k, 'tags'] as const),
  ...['summary', 'excerpt', 'desc'].map((k) => [k, 'description'] as const),
  ['layout', 'template'],
  ...['permalink', 'slug', 'url'].map((k) => [k, 'route'] as const),
  ['authors', 'author'],
]);

/** The allowed key an unknown `key` most likely means: a near spelling, or another generator's name for it. */
export function meantKey(key: string, allowed: readonly string[]): string | undefined {
  const near = closest(key, allowed);
  if (near) return near;
  const other = OTHER_NAMES.get(key.toLowerCase());
  return other !== undefined && other !== key && allowed.includes(other) ? other : undefined;
}

/** The fix for an unknown operator id: the closest id when one is near, then every id, sorted. */
export function operatorIdHint(id: string, ids: Iterable<string>): string {
  const known = [...new Set(ids)].sort();
  if (!known.length) return `add content/operators/${id}.yaml, or use an operator that exists`;
  const near = closest(id, known);
  const all = `operator ids are the file names in content/operators: ${known.join(', ')}`;
  return near ? `did you mean "${near}"? ${all}` : all;
}
