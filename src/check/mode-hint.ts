/**
 * The wrong `--served-as`: when most internal links find no file in the mode used and another
 * mode resolves them, one warning says so, first, with the command to try.
 */
import { withBase } from './base.js';
import { LeanPages } from './lean-pages.js';
import { type LinkContext, type LinkScan, scanLinks } from './links.js';
import { SERVED_AS, type ServedAs, servedPath } from './served.js';
import type { Finding } from './types.js';
import { shellWord } from '../support/process/shell-word.js';

/**
 * `ctx` and `outcome`: the link check as run. `dir`: the folder as the user wrote it. Null when
 * the mode used resolves at least half the internal links, or no other mode does much better.
 */
export function servedAsHint(
  ctx: LinkContext,
  outcome: Pick<LinkScan, 'checked' | 'missing'>,
  dir: string,
): Finding | null {
  const { checked, missing } = outcome;
  if (checked < 10 || missing * 2 <= checked) return null;
  let best: { mode: ServedAs; missing: number } | null = null;
  for (const mode of SERVED_AS) {
    if (mode === ctx.servedAs) continue;
    const url = (file: string) => withBase(ctx.base ?? '/', servedPath(file, mode));
    const pages =
      ctx.pages instanceof LeanPages
        ? ctx.pages.withUrls(url)
        : new Map([...ctx.pages.values()].map((p) => [p.file, { ...p, url: url(p.file) }]));
    // Counted only: the trial's broken references are not kept.
    const other = scanLinks({ ...ctx, pages, servedAs: mode, knownUnbuilt: [] }, null, false);
    if (!best || other.missing < best.missing) best = { mode, missing: other.missing };
  }
  // "Would resolve": the other mode leaves at most a quarter of the failures.
  if (!best || best.missing * 4 > missing) return null;
  const command = `pa-site check --dir ${shellWord(dir)} --served-as ${best.mode}`;
  return {
    rule: 'served-as',
    severity: 'warning',
    category: 'link',
    message:
      `${missing} of ${checked} internal links find no file with --served-as ${ctx.servedAs}; ` +
      `with --served-as ${best.mode}, ${best.missing} do: the host probably serves the folder that way`,
    target: `--served-as ${best.mode}`,
    hint: `try: ${command}`,
    places: [],
  };
}
