import type { SourceFile } from '../../../model.js';
import type { BuildMemo } from '../../build-memo.js';
import type { FrontmatterCache } from '../../load/frontmatter.js';
import type { LoadedContent } from '../../load/load.js';
import { parsePageDetached, type ParsedPage } from '../../validate/parse-page.js';
import type { RenderPool } from './render-pool.js';

/**
 * On a cold build of a large site the render workers are already loading while validation runs:
 * they parse a share of the pages' frontmatter meanwhile. Without them (one render thread, or one
 * failed: the render stage reports a dead worker) this thread parses them alone (parsedHere).
 */
export async function parsedByWorkers(
  starting: Promise<RenderPool> | undefined,
  loaded: LoadedContent,
  splitter: FrontmatterCache,
  onParsed: (pages: readonly (readonly [number, ParsedPage])[]) => void,
  /** A dev session's parses of earlier builds: an unchanged page is not parsed again. */
  memo?: BuildMemo,
): Promise<ReadonlyMap<number, ParsedPage> | undefined> {
  const pool = await starting?.catch(() => undefined);
  if (pool && pool.threads >= 2) {
    const parsed = await pool.parse(loaded.pages, splitter, onParsed).catch(() => undefined);
    if (parsed && memo) for (const [i, page] of parsed) memo.keepParse(loaded.pages[i]!, page);
    if (parsed) return parsed;
  }
  if (memo) memo.keepParsed(new Set(loaded.pages.map((f) => f.path)));
  return parsedHere(loaded.pages, splitter, memo);
}

/** Pages parsed between two turns of the event loop (parsedHere): about 5 ms of work. */
const PAGES_PER_TURN = 50;

/**
 * Parses the pages on this thread, giving the event loop a turn every PAGES_PER_TURN pages. The
 * template compile, started before the content was read, runs its esbuild plugins' callbacks on this
 * thread's event loop: a validation that never yields held the compile back until it ended (at
 * 4,000 pages, one thread, the compile then took another 0.1–0.3 s after validation).
 */
async function parsedHere(
  files: readonly SourceFile[],
  splitter: FrontmatterCache,
  memo?: BuildMemo,
): Promise<Map<number, ParsedPage>> {
  const parsed = new Map<number, ParsedPage>();
  let work = 0;
  for (let i = 0; i < files.length; i++) {
    const file = files[i]!;
    const before = memo?.last.parsed;
    parsed.set(i, memo ? memo.parse(file, () => parsePageDetached(file, splitter)) : parsePageDetached(file, splitter));
    // A page taken from the memo is no work to speak of: only the pages parsed count toward a turn.
    if (memo?.last.parsed === before) continue;
    if (++work % PAGES_PER_TURN === 0) await new Promise<void>((resolve) => setImmediate(resolve));
  }
  return parsed;
}
