import { existsSync, lstatSync, readdirSync, readlinkSync, realpathSync, statSync } from 'node:fs';
import { homedir } from 'node:os';
import path from 'node:path';
import { packageDir } from '../../support/package/paths.js';
import { KEPT, foreignEntries, someOf } from './owned-files.js';

/** The file every output folder pa-site writes carries: only such a folder (or an empty one) is replaced. */
export const MARKER = '.pa-site-output';
export const MARKER_TEXT =
  'This folder was written by "pa-site build", which replaces all of it on every build.\n' +
  'pa-site refuses to replace a non-empty folder without this file.\n';

export interface UnsafeOutDir {
  message: string;
  hint: string;
}

/** `p` with symlinks resolved in its longest existing prefix (the rest may not exist yet). */
function real(p: string): string {
  const abs = path.resolve(p);
  const rest: string[] = [];
  let dir = abs;
  for (;;) {
    try {
      return path.join(realpathSync(dir), ...rest.reverse());
    } catch {
      const up = path.dirname(dir);
      if (up === dir) return abs;
      rest.push(path.basename(dir));
      dir = up;
    }
  }
}

/** What `p` points to when it is a symbolic link itself (not through a parent), else undefined. */
export function symlinkAt(p: string): string | undefined {
  try {
    return lstatSync(p).isSymbolicLink() ? readlinkSync(p) : undefined;
  } catch {
    return undefined;
  }
}

/** `p` with every symbolic link resolved, or `p` when it does not resolve (a dangling link). */
function realOrSelf(p: string): string {
  try {
    return realpathSync(p);
  } catch {
    return path.resolve(p);
  }
}

/** Whether `inner` is `outer` or inside it. */
const within = (inner: string, outer: string) =>
  inner === outer || inner.startsWith(outer.endsWith(path.sep) ? outer : outer + path.sep);

/** Whether `dir` is a folder pa-site may replace: missing, empty, or carrying pa-site's marker file. */
export function ownedOrEmpty(dir: string): boolean {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'ENOENT';
  }
  // A gh-pages checkout's .git alone (KEPT) leaves the folder empty for this purpose.
  return names.every((n) => KEPT.includes(n)) || names.includes(MARKER);
}

/**
 * Why `outDir` must not be built into, or undefined when it is safe. The commit step replaces the
 * whole folder, so it must never be the project, its sources, a parent of them, the home folder,
 * the file-system root, pa-site itself, or a non-empty folder pa-site did not write.
 */
export function unsafeOutDir(root: string, outDir: string, given = outDir, clean = false): UnsafeOutDir | undefined {
  const out = real(outDir);
  const project = real(root);
  const shown = JSON.stringify(given);
  const choose = 'choose a new or empty folder inside the project, such as --out dist';
  if (path.dirname(out) === out)
    return { message: `refusing to build into ${shown}: it is the file-system root`, hint: choose };
  const home = homedir();
  if (home && within(real(home), out))
    return { message: `refusing to build into ${shown}: it is your home folder or a parent of it`, hint: choose };
  if (within(project, out))
    return {
      message:
        `refusing to build into ${shown}: it is the project folder or a parent of it, ` +
        'and building replaces the whole output folder',
      hint: choose,
    };
  // Whether or not they exist yet: `--out templates` in a project without templates/ wrote the site there, and
  // the next build read it back as template overrides.
  for (const name of SOURCE_FOLDERS) {
    const src = path.join(project, name);
    if (within(out, real(src)) || within(real(src), out))
      return {
        message:
          `refusing to build into ${shown}: it is ${existsSync(src) ? 'inside ' : ''}the project's ${name}/ folder` +
          `${existsSync(src) ? '' : ', which pa-site reads when it exists'}`,
        hint: choose,
      };
  }
  const link = symlinkAt(outDir);
  if (link !== undefined)
    return {
      message:
        `refusing to build into ${shown}: it is a symbolic link (to ${JSON.stringify(link)}), and a build ` +
        'replaces its output folder whole, which would replace the link with a real folder',
      hint:
        `build into the link's target itself (--out ${JSON.stringify(realOrSelf(outDir))}; ` +
        'the link then shows the new site), or remove the link',
    };
  const own = real(packageDir);
  if (within(own, out) || ['src', 'templates', 'bin', 'lib'].some((d) => within(out, path.join(own, d))))
    return { message: `refusing to build into ${shown}: it holds pa-site's own files`, hint: choose };
  let isDir = true;
  try {
    isDir = statSync(out).isDirectory();
  } catch {
    return undefined;
  }
  if (!isDir) return { message: `refusing to build into ${shown}: it is a file, not a folder`, hint: choose };
  if (!ownedOrEmpty(out))
    return {
      message:
        `refusing to build into ${shown}: the folder is not empty and was not written by pa-site ` +
        `(it has no ${MARKER} file)`,
      hint: `${choose}; if an older pa-site built it, delete the folder once yourself and build again`,
    };
  const foreign = clean ? [] : foreignEntries(out, MARKER);
  if (foreign.length) return foreignFilesProblem(shown, foreign);
  return undefined;
}

/** Folders of a project that pa-site (or its editors, git and npm) read: never an output folder. */
const SOURCE_FOLDERS = ['content', 'templates', 'schemas', 'node_modules', '.git', '.github'];

/**
 * Why the cache folders `caches` cannot be used with this output folder: one inside it would be published and
 * replaced by every build (with --clean, uploaded with the site). (The reverse is fine: dev builds into the cache.)
 */
export function cacheAndOutput(outDir: string, given: string, caches: readonly string[]): UnsafeOutDir | undefined {
  const out = real(outDir);
  const cache = caches.map(real).find((c) => within(c, out));
  if (cache === undefined) return undefined;
  return {
    message:
      `refusing to build into ${JSON.stringify(given)}: the cache folder ${cache} is inside it, ` +
      'and would be published with the site',
    hint: 'set PA_SITE_CACHE_DIR to a folder outside the output folder (or unset it), or build with --no-cache',
  };
}

/** The refusal for an output folder holding files no pa-site build wrote (`foreign`). */
export function foreignFilesProblem(shown: string, foreign: readonly string[]): UnsafeOutDir {
  return {
    message:
      `refusing to build into ${shown}: it holds ${foreign.length === 1 ? 'a file' : 'files'} pa-site did not write ` +
      `(${someOf(foreign)}), which a build would delete`,
    hint:
      'move them out of the folder (a host file such as CNAME belongs in content/public/), or build with --clean ' +
      'to delete them (a .git folder there is always kept)',
  };
}
