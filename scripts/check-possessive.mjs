#!/usr/bin/env node
// Fails on a possessive slip such as "FanDuel' cashier": an apostrophe after a capitalized name that
// does not end in "s" (cspell reads "FanDuel'" as the known word "FanDuel", so it lets it through).
// The house style: "FanDuel's", "BetMGM's", but "Caesars'" and "DraftKings'" (templates/lib/text.ts).
//
//   node scripts/check-possessive.mjs              content/**/*.{md,yaml} and templates/**/*.tsx
//   node scripts/check-possessive.mjs a.md b.yaml  only these files
//
// Prints `file:line:column  "FanDuel' cashier" (write "FanDuel's")` for each slip and exits 1; exits 0
// when there are none.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { lineProblems, root } from './line-checks.mjs';

const FOLDERS = { content: /\.(?:md|ya?ml)$/, templates: /\.tsx$/ };
/** A name ending in anything but "s", an apostrophe, then a space and the next word: "FanDuel' cashier". */
const SLIP = /\b([A-Z][A-Za-z0-9+]*[A-Za-rt-z0-9+])'(?=[ \t]+[A-Za-z])/g;
function defaultFiles() {
  return Object.entries(FOLDERS).flatMap(([folder, ext]) =>
    readdirSync(path.join(root, folder), { recursive: true })
      .map((f) => path.join(folder, String(f)).split(path.sep).join('/'))
      .filter((f) => ext.test(f) && !f.includes('node_modules')),
  );
}

const slips = lineProblems(defaultFiles, (line, n, file) =>
  [...line.matchAll(SLIP)].map((m) => {
    const shown = line.slice(m.index, m.index + m[0].length + 12).trim();
    return `${file}:${n}:${m.index + 1}  "${shown}" (write "${m[1]}'s")`;
  }),
);
if (slips.length) {
  console.error(slips.join('\n'));
  console.error(`${slips.length} possessive slip(s): a name that does not end in "s" takes 's ("FanDuel's").`);
  process.exit(1);
}
