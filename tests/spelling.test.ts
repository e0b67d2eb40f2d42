import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from './helpers.js';
import { scaled } from './machine.js';

/**
 * The spelling check `npm run lint` runs (issue #40, point 5): cspell with its bundled en-US
 * dictionary and project-words.txt, then scripts/check-possessive.mjs for slips cspell reads as a
 * known name ("FanDuel' cashier"), and scripts/check-usage.mjs for day-first dates and British usage
 * that cspell accepts (issue #48, point 8: "29 July 2019", "towards", "kick-off"). Each check is run
 * on a page that has the slip and on one that does not, so a config that stopped flagging would fail.
 */

const run = promisify(execFile);
const CSPELL = path.join(repoRoot, 'node_modules/cspell/bin.mjs');
const POSSESSIVE = path.join(repoRoot, 'scripts/check-possessive.mjs');
const USAGE = path.join(repoRoot, 'scripts/check-usage.mjs');

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'pa-site-spelling-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** Writes `text` to a Markdown page in the temp folder and runs a checker on it: exit code and output. */
async function check(checker: 'cspell' | 'possessive' | 'usage', name: string, text: string) {
  const file = path.join(dir, name);
  await writeFile(file, text);
  const args =
    checker === 'cspell'
      ? [CSPELL, '--no-progress', '--no-summary', '--config', path.join(repoRoot, 'cspell.json'), '--root', dir, file]
      : [checker === 'usage' ? USAGE : POSSESSIVE, file];
  try {
    const { stdout, stderr } = await run(process.execPath, args, { cwd: repoRoot });
    return { code: 0, output: stdout + stderr };
  } catch (e) {
    const err = e as { code: number; stdout: string; stderr: string };
    return { code: err.code, output: err.stdout + err.stderr };
  }
}

const GOOD = "A PGCB license holder runs FanDuel's cashier; DraftKings' and Caesars' apps list their fees.\n";

describe('the spelling check', () => {
  it(
    'passes US English with the project words (FanDuel, BetMGM, PGCB, sportsbook, playthrough)',
    async () => {
      const text = `${GOOD}BetMGM and BetRivers state a playthrough on every sportsbook offer.\n`;
      expect(await check('cspell', 'good.md', text)).toEqual({ code: 0, output: '' });
      expect(await check('possessive', 'good.md', text)).toEqual({ code: 0, output: '' });
    },
    scaled(60_000),
  );

  it(
    'fails on British spellings: licence, programme, favourite, organisation',
    async () => {
      const text = 'A PGCB licence holder.\nA loyalty programme.\nA favourite team.\nA help organisation.\n';
      const { code, output } = await check('cspell', 'british.md', text);
      expect(code).not.toBe(0);
      for (const word of ['licence', 'programme', 'favourite', 'organisation']) expect(output).toContain(`(${word})`);
    },
    scaled(60_000),
  );

  it('fails on "FanDuel\' cashier" and "BetMGM\' cashier", naming the file, line and fix', async () => {
    const { code, output } = await check('possessive', 'slip.md', "Fine.\nCheck FanDuel' cashier and BetMGM' app.\n");
    expect(code).toBe(1);
    expect(output).toContain(`slip.md:2:7  "FanDuel' cashier and" (write "FanDuel's")`);
    expect(output).toContain(`write "BetMGM's"`);
  });

  it('fails on a day-first date and on British usage, naming the file, line, column and the US form', async () => {
    const text = [
      'FanDuel opened on 29 July 2019, and the PGCB met on 5 March, 2023.',
      'Odds move towards the favorite before kick-off and at half-time.',
      'A cancelled bet, a price of evens, the first goalscorer, your wellbeing, a cinema ticket.',
    ].join('\n');
    const { code, output } = await check('usage', 'british.md', `${text}\n`);
    expect(code).toBe(1);
    expect(output).toContain('british.md:1:19  "29 July 2019" (write "July 29, 2019")');
    expect(output).toContain('(write "March 5, 2023")');
    for (const word of ['towards', 'kick-off', 'half-time', 'cancelled', 'evens', 'goalscorer', 'wellbeing', 'cinema'])
      expect(output).toContain(`"${word}"`);
  });

  it('passes US dates and usage, "evens out" and words inside a URL', async () => {
    const text =
      'FanDuel opened on July 29, 2019, in July 2019. A spread evens out a mismatch; bet toward kickoff.\n' +
      'See https://example.com/progress-towards-29-July-2019 for more.\n';
    expect(await check('usage', 'us.md', text)).toEqual({ code: 0, output: '' });
  });

  it("passes the site's own content and templates", async () => {
    const { stdout } = await run(process.execPath, [POSSESSIVE], { cwd: repoRoot });
    expect(stdout).toBe('');
    const usage = await run(process.execPath, [USAGE], { cwd: repoRoot });
    expect(usage.stdout + usage.stderr).toBe('');
  });
});
