#!/usr/bin/env node
// Fails on any source line longer than 120 characters. Biome formats to that width but never breaks
// strings, template literals, regexes or comments, so this catches what the formatter leaves long.
//
//   node scripts/check-line-width.mjs              git-tracked .ts .tsx .mjs .js .css under the source folders
//   node scripts/check-line-width.mjs a.ts b.css   only these files
//
// Prints `file:line  N characters (max 120)` for each long line and exits 1; exits 0 when there are none.
import { execFileSync } from 'node:child_process';
import { lineProblems, root } from './line-checks.mjs';

const MAX = 120;
const FOLDERS = ['src', 'templates', 'tests', 'bench', 'scripts', 'bin'];
const EXTENSION = /\.(?:ts|tsx|mjs|js|css)$/;

function trackedFiles() {
  try {
    const listed = execFileSync('git', ['ls-files', '-z', '--', ...FOLDERS], { cwd: root, encoding: 'utf8' });
    return listed.split('\0').filter((file) => EXTENSION.test(file));
  } catch (e) {
    console.error(`error: cannot list the files git tracks in ${root} (${e.message.split('\n')[0]})`);
    console.error('fix: run it in a git checkout, or pass the files to check as arguments');
    process.exit(1);
  }
}

const long = lineProblems(trackedFiles, (line, n, file) => {
  // Characters as an editor counts them (code points), not bytes or UTF-16 units: "→" and "🂡" are one each.
  const length = [...line].length;
  return length > MAX ? [`${file}:${n}  ${length} characters (max ${MAX})`] : [];
});
for (const message of long) console.error(message);
if (long.length) {
  console.error(
    `${long.length} problem${long.length === 1 ? '' : 's'}: keep lines to ${MAX} characters ` +
      '(split long strings with +, move long regexes into named constants, wrap comments).',
  );
  process.exitCode = 1;
}
