/**
 * The files of a checked folder, listed as a web server finds them: symbolic links are followed
 * (nginx and Apache follow them by default), a folder link that leads back into a folder it sits
 * in is followed no further, and only regular files count (never a FIFO or a device).
 */
import type { Dirent } from 'node:fs';
import { readdir, readlink, realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import { CheckInputError } from './errors.js';
import type { Finding } from './types.js';

/** A symbolic link worth a word: it leaves the folder, loops, or points at nothing. */
export interface SymlinkNote {
  /** The link, relative to the folder, forward slashes. */
  link: string;
  /** Where it points: the real path (outside, loop) or what the link says (broken). */
  to: string;
  problem: 'outside' | 'loop' | 'broken' | 'unresolved';
  /** Why it could not be followed (unresolved): the system's error code. */
  code?: string;
}

export interface Listing {
  /** Regular files, relative to the folder, forward slashes. */
  files: string[];
  symlinks: SymlinkNote[];
  /**
   * Files reached through a symbolic link whose real file is listed too, under the path where it
   * really is (`libraries/ghc/X.html` → `ghc-9.0.2/X.html`): one page served at two paths.
   */
  aliases: Map<string, string>;
}

/** Why stat finds no target: the link points at nothing. */
const MISSING = new Set(['ENOENT', 'ENOTDIR']);

/** Paths a folder may give through symbolic links before the check refuses it: links between folders multiply them. */
const MAX_ENTRIES = 2_000_000;

export async function listFiles(dir: string): Promise<Listing> {
  const rootReal = await realpath(dir);
  const inside = (real: string) => real === rootReal || real.startsWith(rootReal + path.sep);
  const files: string[] = [];
  /** Each file's real path relative to the folder, where it differs from the path it was reached by. */
  const realOf = new Map<string, string>();
  const symlinks: SymlinkNote[] = [];
  const noted = new Set<string>();
  let entries = 0;
  /** `key`: where the link really is; it is named by that path when the path is in the folder. */
  const note = (n: SymlinkNote, key: string) => {
    if (noted.has(key)) return;
    noted.add(key);
    const real = path.relative(rootReal, key);
    symlinks.push(inside(path.dirname(key)) ? { ...n, link: real.split(path.sep).join('/') } : n);
  };

  /** `ancestors`: real paths of the folders walked to get here, this one included. */
  const walk = async (abs: string, rel: string, real: string, ancestors: readonly string[]) => {
    let list: Dirent[];
    try {
      list = await readdir(abs, { withFileTypes: true });
    } catch (e) {
      // A folder inside that cannot be listed: the check would be incomplete, so it is refused.
      const err = e as NodeJS.ErrnoException;
      const where = path.relative(process.cwd(), abs) || '.';
      throw new CheckInputError(
        `cannot list ${where} (${err.code ?? err.message}), so the folder cannot be checked completely; ` +
          'give your user read access to every folder in it, or check another folder',
      );
    }
    entries += list.length;
    if (entries > MAX_ENTRIES)
      throw new CheckInputError(
        `${dir} gives more than ${MAX_ENTRIES.toLocaleString('en-US')} paths through its symbolic links; ` +
          'check a folder whose links do not lead into each other',
      );
    for (const e of list.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
      const full = path.join(abs, e.name);
      const r = rel ? `${rel}/${e.name}` : e.name;
      const reached = (realPath: string) => {
        files.push(r);
        const realRel = inside(realPath) ? path.relative(rootReal, realPath).split(path.sep).join('/') : null;
        if (realRel !== null && realRel !== r) realOf.set(r, realRel);
      };
      if (e.isFile()) reached(path.join(real, e.name));
      else if (e.isDirectory()) await walk(full, r, path.join(real, e.name), [...ancestors, path.join(real, e.name)]);
      else if (e.isSymbolicLink()) {
        const key = path.join(real, e.name);
        let failure = '';
        const st = await stat(full).catch((e: NodeJS.ErrnoException) => {
          failure = e.code ?? '';
          return null;
        });
        if (!st) {
          // ELOOP: links that point at each other (a -> b -> a) lead nowhere, endlessly.
          const problem = failure === 'ELOOP' ? 'loop' : MISSING.has(failure) ? 'broken' : 'unresolved';
          note({ link: r, to: await readlink(full).catch(() => '?'), problem, code: failure }, key);
          continue;
        }
        // A link stat follows but realpath cannot name (/proc/self/fd/0: a pipe): a warning, not followed.
        const to = await realpath(full).catch((e: NodeJS.ErrnoException) => {
          failure = e.code ?? e.message;
          return null;
        });
        if (to === null) {
          note({ link: r, to: await readlink(full).catch(() => '?'), problem: 'unresolved', code: failure }, key);
          continue;
        }
        // A folder it sits in, or one holding the whole checked folder (`-> /`): following it never ends.
        const loop =
          st.isDirectory() &&
          (ancestors.includes(to) || rootReal.startsWith(to.endsWith(path.sep) ? to : to + path.sep));
        if (loop) note({ link: r, to, problem: 'loop' }, key);
        else if (!inside(to)) note({ link: r, to, problem: 'outside' }, key);
        if (st.isFile()) reached(to);
        else if (st.isDirectory() && !loop) await walk(full, r, to, [...ancestors, to]);
      }
    }
  };
  await walk(dir, '', rootReal, [rootReal]);
  const listed = new Set(files);
  const aliases = new Map<string, string>();
  for (const [alias, realRel] of realOf) if (listed.has(realRel)) aliases.set(alias, realRel);
  return { files, symlinks, aliases };
}

/** Warnings for the symbolic links that leave the folder, loop or point at nothing. */
export function symlinkFindings(notes: readonly SymlinkNote[]): Finding[] {
  return notes.map((n): Finding => {
    // No places: the link is not linked from a page; the message and target name it.
    const base = { severity: 'warning' as const, category: 'link' as const, target: n.link, places: [] };
    if (n.problem === 'outside')
      return {
        ...base,
        rule: 'symlink-outside',
        message: `${n.link} is a symbolic link to ${n.to}, outside the folder; it was checked as web servers follow it`,
        hint:
          'copy what it points at into the folder: an upload, or a host that does not follow symbolic links, ' +
          'may leave it out',
      };
    if (n.problem === 'loop')
      return {
        ...base,
        rule: 'symlink-loop',
        message: `${n.link} is a symbolic link to ${n.to}, which leads back to itself or a folder holding it`,
        hint: 'it was not followed; point the link at a folder that does not contain it, or remove it',
      };
    if (n.problem === 'unresolved')
      return {
        ...base,
        rule: 'symlink-unresolved',
        message: `${n.link} is a symbolic link to ${n.to}, which cannot be followed (${n.code || 'unknown error'})`,
        hint: 'it was not checked; point the link at a regular file or folder inside the checked folder, or remove it',
      };
    return {
      ...base,
      rule: 'symlink-broken',
      message: `${n.link} is a symbolic link to ${n.to}, which does not exist: the host answers 404 for it`,
      hint: 'point the link at a file that exists, or remove it',
    };
  });
}
