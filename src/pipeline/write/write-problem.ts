import { existsSync } from 'node:fs';
import path from 'node:path';
import { lockFileFor } from './lock.js';
import type { Diagnostic } from '../../support/diagnostics/diagnostics.js';

const ACCESS = 'give your user write access to the output folder and to the folder that holds it';
/** What the operating system's refusal means, and what to do about it. */
const KNOWN: Record<string, [what: string, fix: string]> = {
  ENOSPC: ['the disk is full', 'free some space on the disk that holds the output folder'],
  EDQUOT: ['your disk quota is used up', 'free some space within your quota'],
  EACCES: ['permission denied', ACCESS],
  EPERM: ['operation not permitted', ACCESS],
  EROFS: ['the file system is read-only', 'choose an output folder on a writable disk (--out)'],
  EMFILE: ['too many files are open', 'raise the open-file limit (ulimit -n) or build with --workers 1'],
  ENFILE: ['too many files are open on this machine', 'close other programs, or build with --workers 1'],
  EIO: ['the disk reported an input/output error', 'check the disk'],
  ENOTDIR: ['a part of the output path is a file, not a folder', 'choose an output folder whose parents are folders'],
  ENOENT: [
    'a folder on the output path is missing or cannot hold files',
    'choose an output folder on an ordinary disk (--out)',
  ],
  ENAMETOOLONG: ['the output path is too long', 'choose a shorter output path (--out)'],
  EBUSY: [
    'the output folder is in use, or is a mount point (a Docker volume, a bind mount): pa-site replaces ' +
      'the output folder whole, and a mount point cannot be replaced',
    'build into a folder inside the volume instead (--out dist/site, then serve or copy dist/site)',
  ],
};

/**
 * The warning for a previous output moved aside that could not be deleted after the new one went
 * in (an immutable file, a mount point inside it): the build succeeded, and its folder is named.
 */
export function leftoverWarning(root: string, dir: string, err: unknown): Diagnostic {
  const code = (err as NodeJS.ErrnoException)?.code ?? 'error';
  return {
    severity: 'warning',
    code: 'old-output-left',
    file: path.relative(root, dir).split(path.sep).join('/') || dir,
    line: 1,
    col: 1,
    field: '',
    message: `the new output is in place, but the previous one, moved aside here, could not be deleted (${code})`,
    hint:
      'remove what keeps it (chattr -i on an immutable file, umount a mount inside it), then delete the folder; ' +
      'later builds try again and do not fail on it',
  };
}

/**
 * What the system's refusal `code` means and what to do, for any file pa-site makes (init, schema). Without
 * `flag` (init, which has no --out) the fix names no option and speaks of the folder, not the output.
 */
export function systemRefusal(code: string | undefined, flag?: string): [what: string, fix: string] {
  const [what, fix] = KNOWN[code ?? ''] ?? ['the system refused', 'check the folder and its disk'];
  if (flag) return [what, fix.replace('(--out)', `(${flag})`)];
  const plain = (s: string) =>
    s.replace(' (--out)', '').replace(/\b(an? )?output (folder|path)/g, (_, a, n) => `${a ? 'a ' : ''}${n}`);
  return [plain(what), plain(fix)];
}

const KEPT = 'the previous output was left as it was';
/** The longest file name most file systems take (ext4, APFS, NTFS: 255 bytes or characters). */
const NAME_MAX = 255;

/** Where a staged file will live: `.dist.staging-…/a/b.html` is shown as `dist/a/b.html`. */
function shownPath(root: string, outDir: string, file: string | undefined): string {
  let abs = file ? path.resolve(file) : outDir;
  // The lock file and the folder that holds the output are details: name the output folder.
  if (abs === lockFileFor(outDir) || abs === path.dirname(outDir)) abs = outDir;
  const staging = path.join(path.dirname(outDir), `.${path.basename(outDir)}.staging-`);
  if (abs.startsWith(staging)) {
    const inside = abs.slice(staging.length).split(path.sep).slice(1);
    abs = path.join(outDir, ...inside);
  }
  return path.relative(root, abs).split(path.sep).join('/') || '.';
}

/**
 * A failed write of the output (a full disk, a permission) as a diagnostic, or undefined when `err`
 * is not an operating-system error. Errors from worker threads may arrive with their message and
 * code only, so the file is also read from the message ("…, open '/path'").
 */
export function writeProblem(root: string, outDir: string, err: unknown): Diagnostic | undefined {
  const e = err as NodeJS.ErrnoException | undefined;
  if (typeof e?.code !== 'string' || !/^E[A-Z]+$/.test(e.code)) return undefined;
  const file = shownPath(root, outDir, e.path ?? /'([^']+)'/.exec(e.message)?.[1]);
  let [what, fix] = KNOWN[e.code] ?? ['the system refused', 'check the output folder and its disk'];
  // One name longer than a file system allows (255 bytes) is a page's, which --out cannot shorten.
  if (e.code === 'ENAMETOOLONG' && file.split('/').some((part) => Buffer.byteLength(part) > NAME_MAX)) {
    what = `a file name in it is longer than the ${NAME_MAX} bytes the file system allows`;
    fix = 'rename the page that writes it (its file in content/pages, or its route:) to a shorter name';
  }
  return {
    severity: 'error',
    code: 'write-error',
    file,
    line: 1,
    col: 1,
    field: '',
    message: `could not write the output: ${what} (${e.code})`,
    hint: `${fix}, then build again; ${existsSync(outDir) ? KEPT : 'nothing was written'}`,
  };
}
