#!/usr/bin/env node
// Fails on a source file in src/ or templates/ (tests aside) longer than 450 lines: a file a newcomer can read in
// a few screens. Split a long one by what it does (CONTRIBUTING.md).
//
//   node scripts/check-file-length.mjs              git-tracked .ts .tsx under src/ and templates/
//   node scripts/check-file-length.mjs a.ts b.tsx   only these files
//
// Prints `file  N lines (max 450)` for each long file and exits 1; exits 0 when there are none.
import { execFileSync } from 'node:child_process';
import { fileProblems, root } from './line-checks.mjs';

const MAX = 450;
const SOURCE = /^(src|templates)\/.*\.tsx?$/;
const TEST = /\.test\.tsx?$/;

const sources = () =>
  execFileSync('git', ['ls-files', '-z', '--', 'src', 'templates'], { cwd: root, encoding: 'utf8' })
    .split('\0')
    .filter((f) => SOURCE.test(f) && !TEST.test(f));
const problems = fileProblems(sources, (text, file) => {
  const lines = text.split(/\r?\n/).length - (text.endsWith('\n') ? 1 : 0);
  return lines > MAX ? [`${file}  ${lines} lines (max ${MAX})`] : [];
});
for (const p of problems) console.error(p);
if (problems.length) {
  console.error(`${problems.length} file${problems.length === 1 ? '' : 's'} too long: split by what each part does.`);
  process.exitCode = 1;
}
