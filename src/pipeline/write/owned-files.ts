import { type Dirent, readdirSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { readRegularFile } from '../load/regular-file.js';

/**
 * What pa-site wrote into an output folder, so that a build deletes nothing else. The marker file
 * (out-dir.ts MARKER) lists every file of the build that wrote the folder, one JSON string a line;
 * anything else found there (a user's NOTES.txt, a CNAME copied in by hand) stops the next build,
 * naming it, unless the build is told `--clean`. `.git` (a gh-pages checkout) is always kept: a
 * build moves it into the new output.
 */

/** The marker's first line in this format; an older marker (pa-site before 0.x) lists nothing. */
export const LISTING = 'pa-site-output 2';
/** Kept from one output to the next whatever it holds, and never listed. */
export const KEPT = ['.git'];

const HEADER =
  `${LISTING}\n` +
  '# This folder was written by "pa-site build", which replaces it on every build. The lines below\n' +
  '# list the files that build wrote; a build stops at any other file here (--clean deletes them),\n' +
  '# and always keeps .git. pa-site refuses to replace a non-empty folder without this file.\n';

/** The marker's text for an output holding `files` (relative, forward slashes). */
function markerText(files: readonly string[]): string {
  return HEADER + files.map((f) => `${JSON.stringify(f)}\n`).join('');
}

/**
 * The files the marker at `file` lists, or undefined when it lists none (a marker of an older
 * pa-site, which is trusted as before, or one that cannot be read). Read as an untrusted file.
 */
function listedFiles(file: string): Set<string> | undefined {
  let text: string;
  try {
    text = readRegularFile(file, 64 * 1024 * 1024).toString('utf8');
  } catch {
    return undefined;
  }
  if (!text.startsWith(`${LISTING}\n`)) return undefined;
  const listed = new Set<string>();
  for (const line of text.split('\n')) {
    if (!line.startsWith('"')) continue;
    try {
      const f = JSON.parse(line);
      if (typeof f === 'string') listed.add(f);
    } catch {
      // A damaged line lists nothing: what it named counts as not pa-site's.
    }
  }
  return listed;
}

const entries = (dir: string): Dirent[] => {
  try {
    return readdirSync(dir, { withFileTypes: true });
  } catch {
    return [];
  }
};

/** Every non-folder under `dir`, relative with forward slashes; `skip`: top-level names left out. */
function filesIn(dir: string, skip: readonly string[] = []): string[] {
  const out: string[] = [];
  const walk = (abs: string, rel: string) => {
    for (const e of entries(abs)) {
      if (!rel && skip.includes(e.name)) continue;
      const r = rel ? `${rel}/${e.name}` : e.name;
      if (e.isDirectory()) walk(path.join(abs, e.name), r);
      else out.push(r);
    }
  };
  walk(dir, '');
  return out;
}

/**
 * What the output folder `dir` holds that its marker (`marker`, a name in it) does not list: files,
 * and folders holding no listed file (named as the folder, not each file in it). Empty when the
 * marker lists nothing (an older pa-site's) or is missing. Symbolic links are never followed.
 */
export function foreignEntries(dir: string, marker: string): string[] {
  const listed = listedFiles(path.join(dir, marker));
  if (!listed) return [];
  const folders = new Set<string>();
  for (const f of listed) for (let i = f.indexOf('/'); i >= 0; i = f.indexOf('/', i + 1)) folders.add(f.slice(0, i));
  const out: string[] = [];
  const walk = (abs: string, rel: string) => {
    for (const e of entries(abs)) {
      if (!rel && (e.name === marker || KEPT.includes(e.name))) continue;
      const r = rel ? `${rel}/${e.name}` : e.name;
      if (e.isDirectory() && folders.has(r)) walk(path.join(abs, e.name), r);
      else if (!listed.has(r) || e.isDirectory()) out.push(e.isDirectory() ? `${r}/` : r);
    }
  };
  walk(dir, '');
  return out.sort();
}

/** `names` for a message: the first few, and how many more. */
export function someOf(names: readonly string[], max = 5): string {
  const shown = names.slice(0, max).map((n) => JSON.stringify(n));
  return names.length > max ? `${shown.join(', ')} and ${names.length - max} more` : shown.join(', ');
}

/**
 * Replaces the marker in the staging folder `dir` with one listing what the folder holds now, and
 * returns its size in bytes (the build's byte count includes the marker it leaves).
 */
export function writeListing(dir: string, marker: string): number {
  const file = path.join(dir, marker);
  const tmp = `${file}.tmp`;
  const text = Buffer.from(markerText(filesIn(dir, [marker, `${marker}.tmp`, ...KEPT]).sort()));
  writeFileSync(tmp, text);
  renameSync(tmp, file);
  return text.byteLength;
}

/**
 * Writes the marker of the output folder `dir` listing `files` (what a build writing in place knows
 * the folder holds, with no walk), write-then-rename, unless it holds that text already; returns its
 * size in bytes.
 */
export function writeListingOf(dir: string, marker: string, files: readonly string[], previous?: string): string {
  const text = markerText([...files].sort());
  if (text === previous) return text;
  const file = path.join(dir, marker);
  writeFileSync(`${file}.tmp`, text);
  renameSync(`${file}.tmp`, file);
  return text;
}
