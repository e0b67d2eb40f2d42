#!/usr/bin/env node
// Fails on what a US reader should not meet and cspell cannot see: a day-first date ("29 July 2019";
// write "July 29, 2019") and British usage that is spelled right in both countries or hyphenated
// ("towards", "kick-off", "half-time", "cancelled", "evens", "goalscorer", "wellbeing", "cinema").
//
//   node scripts/check-usage.mjs              content/**/*.{md,yaml} and templates/**/*.tsx
//   node scripts/check-usage.mjs a.md b.yaml  only these files
//
// Prints `file:line:column  "29 July 2019" (write "July 29, 2019")` for each and exits 1; exits 0 when
// there are none.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { lineProblems, root } from './line-checks.mjs';

const FOLDERS = { content: /\.(?:md|ya?ml)$/, templates: /\.tsx$/ };
const MONTHS = 'January|February|March|April|May|June|July|August|September|October|November|December';
const DAY_FIRST = new RegExp(`\\b([0-3]?\\d) (${MONTHS}),? (\\d{4})\\b`, 'g');

/** British word → the US one, matched as whole words, any case. */
const BRITISH = [
  [/\btowards\b/gi, 'toward'],
  [/\bkick-offs?\b/gi, 'kickoff'],
  [/\bhalf-time\b/gi, 'halftime'],
  [/\bcancell(?:ed|ing)\b/gi, 'canceled, canceling'],
  [/\bevens\b(?! out)/gi, 'even money'],
  [/\bgoalscorers?\b/gi, 'goal scorer (or the sport’s own term)'],
  [/\bwellbeing\b/gi, 'well-being'],
  [/\bcinemas?\b/gi, 'movie theater'],
  [/\bfull-time result\b/gi, 'final result'],
  [/\bpunters?\b/gi, 'bettor'],
  [/\bfixtures?\b/gi, 'game'],
  [/\bwhilst\b/gi, 'while'],
  [/\bamongst\b/gi, 'among'],
];

function defaultFiles() {
  return Object.entries(FOLDERS).flatMap(([folder, ext]) =>
    readdirSync(path.join(root, folder), { recursive: true })
      .map((f) => path.join(folder, String(f)).split(path.sep).join('/'))
      .filter((f) => ext.test(f) && !f.includes('node_modules')),
  );
}

/** A URL is the publisher's, not our words: blanked out (same length, so columns stay right). */
const URL = /https?:\/\/\S+/g;

const problems = lineProblems(defaultFiles, (raw, n, file) => {
  const line = raw.replace(URL, (u) => ' '.repeat(u.length));
  return [
    ...[...line.matchAll(DAY_FIRST)].map(
      (m) => `${file}:${n}:${m.index + 1}  "${m[0]}" (write "${m[2]} ${Number(m[1])}, ${m[3]}")`,
    ),
    ...BRITISH.flatMap(([re, us]) =>
      [...line.matchAll(re)].map((m) => `${file}:${n}:${m.index + 1}  "${m[0]}" (write "${us}")`),
    ),
  ];
});
if (problems.length) {
  console.error(problems.join('\n'));
  console.error(`${problems.length} problem(s): the site is written in US English, with US dates ("July 29, 2019").`);
  process.exit(1);
}
