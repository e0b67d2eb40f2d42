#!/usr/bin/env node
// Fails on a source file in src/ or templates/ (tests aside) longer than 450 lines: a file a newcomer can read in
// a few screens. Split a long one by what it does (CONTRIBUTING.md).
//
//   node scripts/check-file-length.mjs              git-tracked .ts .tsx under src/ and templates/
//   node scripts/check-file-length.mjs a.ts b.tsx   only these files
//
// Prints `file  N lines (max 450)` for each long file and exits 1; exits 0 when there are none.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { root } from './line-checks.mjs';

const MAX = 450;
const SOURCE = /^(src|templates)\/.*\.tsx?$/;
const TEST = /\.test\.tsx?$/;

const args = process.argv.slice(2);
const files = args.length
  ? args
  : execFileSync('git', ['ls-files', '-z', '--', 'src', 'templates'], { cwd: root, encoding: 'utf8' })
      .split('\0')
      .filter((f) => SOURCE.test(f) && !TEST.test(f));
const problems = [];
for (const file of files) {
  let text;
  try {
    text = readFileSync(path.resolve(args.length ? process.cwd() : root, file), 'utf8');
  } catch (e) {
    problems.push(`${file}: cannot read it (${e.code ?? e.message})`);
    continue;
  }
  const lines = text.split(/\r?\n/).length - (text.endsWith('\n') ? 1 : 0);
  if (lines > MAX) problems.push(`${file}  ${lines} lines (max ${MAX})`);
}
for (const p of problems) console.error(p);
if (problems.length) {
  console.error(`${problems.length} file${problems.length === 1 ? '' : 's'} too long: split by what each part does.`);
  process.exitCode = 1;
}
