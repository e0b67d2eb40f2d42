/**
 * A dev build after the first one writes into its output folder in place: only the files whose
 * bytes changed are written, the files of pages gone are deleted, and nothing else is touched. A
 * build (dist/) never does this: its output is whole or fully replaced (write.ts). The dev output is
 * pa-site's own working folder, and a dev session that stops half-way through a write replaces it
 * whole on its next start (its first build is a staged one), as does the next build after any failure here.
 */
import { lstatSync, readdirSync, readFileSync, rmdirSync, unlinkSync } from 'node:fs';
import path from 'node:path';
import { type BuildMemo, type OutputEntry, statId } from '../build-memo.js';
import type { BuildResult } from '../build-result.js';
import type { BuildRun, Rendering } from '../build-run.js';
import { checksum } from '../render/cache/render-cache.js';
import { fixedFiles } from '../render/page/fixed-files.js';
import { renderSetup } from '../render/page/render-setup.js';
import { renderedPages } from '../render/threads/rendered-pages.js';
import { MARKER, ownedOrEmpty, symlinkAt } from './out-dir.js';
import { KEPT, writeListingOf } from './owned-files.js';
import { writeFileIn } from './page-file.js';
import type { OutputFiles } from './write.js';

/** The lstat identity of `file`, or undefined when it is not a regular file (or is gone). */
function idOf(file: string): string | undefined {
  const st = lstatSync(file, { throwIfNoEntry: false });
  return st?.isFile() ? statId(st) : undefined;
}

/** Whether the last build's output can be written in place: still a real folder carrying pa-site's marker. */
export function inPlaceUsable(outDir: string, memo: BuildMemo | undefined): memo is BuildMemo & { output: object } {
  if (!memo?.output || symlinkAt(outDir) !== undefined) return false;
  return !!lstatSync(path.join(outDir, MARKER), { throwIfNoEntry: false })?.isFile() && ownedOrEmpty(outDir);
}

/** `rel` inside `dir`, refusing a path that leaves it. */
function inside(dir: string, rel: string): string {
  const abs = path.resolve(dir, rel);
  if (!abs.startsWith(dir + path.sep)) throw new Error(`refusing to write outside the output folder: ${rel}`);
  return abs;
}

/** Removes the folders `file` was in, up to `dir`, while they are empty (a page gone leaves its folder). */
function removeEmptyParents(dir: string, file: string): void {
  for (let at = path.dirname(file); at.startsWith(dir + path.sep); at = path.dirname(at)) {
    try {
      rmdirSync(at);
    } catch {
      return; // not empty (or not ours to judge): the folders above are not empty either
    }
  }
}

/** What the staged build just swapped in, for the dev build after it (every file read once, checksummed). */
export function scanOutput(outDir: string): Map<string, OutputEntry> {
  const out = new Map<string, OutputEntry>();
  const walk = (abs: string, rel: string) => {
    for (const e of readdirSync(abs, { withFileTypes: true })) {
      if (!rel && (e.name === MARKER || KEPT.includes(e.name))) continue;
      const file = path.join(abs, e.name);
      const r = rel ? `${rel}/${e.name}` : e.name;
      if (e.isDirectory()) walk(file, r);
      else if (e.isFile()) {
        const st = lstatSync(file);
        out.set(r, { sum: checksum(readFileSync(file)), id: statId(st), bytes: st.size });
      }
    }
  };
  walk(outDir, '');
  return out;
}

/** Renders into the output folder in place (call it holding the output lock): see the top of this file. */
export async function writtenInPlace(run: BuildRun, r: Rendering, memo: BuildMemo): Promise<BuildResult> {
  const out = run.outDir;
  const before = memo.output!;
  // Until this write has ended well: a failure half-way leaves the next build to replace the whole folder.
  memo.output = undefined;
  const listing = memo.listing;
  memo.listing = undefined;
  const setup = { ...renderSetup(run, r, out), previousDir: undefined };
  const now = new Map<string, OutputEntry>();
  // The pages are trusted to be as this session wrote them (an lstat each cost a save at 4,000 pages
  // about a tenth of its time): the dev output is pa-site's working folder, not one a user edits.
  const kept = (file: string, sum: string) => {
    const k = before.get(file);
    if (k?.sum !== sum) return undefined;
    now.set(file, k);
    return k.bytes;
  };
  let fixed: OutputFiles = new Map();
  let bytes = 0;
  const counter = {
    count: (n: number) => {
      bytes += n;
    },
  };
  const fixedNow = () => {
    fixed = fixedFiles(run, r, setup);
  };
  const { store } = await renderedPages(run, r, setup, counter, fixedNow, { kept, held: memo.renderIndex });
  if (run.failed) {
    store();
    return run.done();
  }
  run.progress('write');
  // The pages written now: their checksums from the render cache's entries, else from the file.
  for (const p of r.site.pages) {
    if (now.has(p.url.file)) continue;
    const abs = inside(out, p.url.file);
    const st = lstatSync(abs, { throwIfNoEntry: false });
    if (!st?.isFile()) continue; // a page that rendered nothing has no file
    now.set(p.url.file, {
      sum: run.result.checksums.get(p.route) ?? checksum(readFileSync(abs)),
      id: statId(st),
      bytes: st.size,
    });
  }
  const dirs = new Set([out]);
  for (const [rel, data] of fixed) {
    const buf = typeof data === 'string' ? Buffer.from(data) : data;
    const sum = checksum(buf);
    const abs = inside(out, rel);
    const k = before.get(rel);
    if (k?.sum === sum && idOf(abs) === k.id) {
      now.set(rel, k);
    } else {
      writeFileIn(dirs, abs, buf);
      now.set(rel, { sum, id: statId(lstatSync(abs)), bytes: buf.byteLength });
    }
    bytes += buf.byteLength;
  }
  // What the last build wrote and this one did not: deleted, where it still is what that build wrote.
  for (const [rel, k] of before) {
    if (now.has(rel)) continue;
    const abs = inside(out, rel);
    if (idOf(abs) !== k.id) continue;
    unlinkSync(abs);
    removeEmptyParents(out, abs);
  }
  const text = writeListingOf(out, MARKER, [...now.keys()], listing);
  memo.defer(store);
  memo.output = now;
  memo.listing = text;
  run.result.bytes = bytes + Buffer.byteLength(text);
  run.result.files = now.size + 1;
  run.lap('write');
  run.result.ok = true;
  run.result.routes = r.site.pages.map((p) => p.route);
  run.result.pages = r.site.pages.length;
  return run.done();
}
