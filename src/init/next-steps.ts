/**
 * The commands `init` prints after "Next:", each runnable as printed from the folder init ran in:
 * `npm run build` where the project can run the `pa-site` command of its node_modules (what
 * `npm install pa-site` sets up), else this copy of pa-site named by its path.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { packageDir } from '../support/package/paths.js';
import { shellWord } from '../support/process/shell-word.js';

/** Whether `npm run` in `dir` finds a `pa-site` command: npm puts every node_modules/.bin above it on PATH. */
function projectHasPaSite(dir: string): boolean {
  for (let d = path.resolve(dir); ; d = path.dirname(d)) {
    const bin = path.join(d, 'node_modules', '.bin');
    if (existsSync(path.join(bin, 'pa-site')) || existsSync(path.join(bin, 'pa-site.cmd'))) return true;
    if (path.dirname(d) === d) return false;
  }
}

export interface NextSteps {
  /** Shell commands, in order, to run from `cwd`. */
  commands: string[];
  /** Set when the project cannot run `npm run build` yet: the command that installs pa-site in it. */
  install?: string;
}

/**
 * What to run next for a project made in `dir`, from `cwd`. `kept` names package.json scripts that
 * run something else than pa-site (the user's own): npx runs pa-site's command for those.
 */
export function nextSteps(dir: string, kept: string[] = [], cwd = process.cwd()): NextSteps {
  const rel = path.relative(cwd, dir) || '.';
  if (projectHasPaSite(dir)) {
    const run = (c: string) => (kept.includes(c) ? `npx pa-site ${c}` : `npm run ${c}`);
    return { commands: [...(rel === '.' ? [] : [`cd ${shellWord(rel)}`]), run('build'), run('check')] };
  }
  const cd = rel === '.' ? '' : `cd ${shellWord(rel)} && `;
  const install = `${cd}npm install --save-dev ${shellWord(packageDir)}`;
  const root = rel === '.' ? [] : ['--root', rel];
  // Run from this clone (`npm run init -- my-site`): its own scripts take --root after a `--`.
  if (path.resolve(cwd) === packageDir && rel !== '.')
    return { commands: ['build', 'check'].map((c) => `npm run ${c} -- --root ${shellWord(rel)}`), install };
  const abs = path.join(packageDir, 'bin', 'pa-site.js');
  const near = path.relative(cwd, abs);
  const bin = near.startsWith(`..${path.sep}..`) ? abs : near;
  return { commands: ['build', 'check'].map((c) => ['node', bin, c, ...root].map(shellWord).join(' ')), install };
}
