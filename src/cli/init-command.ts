/** `pa-site init [dir]`. */
import { existsSync, lstatSync } from 'node:fs';
import path from 'node:path';
import { escapeTerminal } from '../support/diagnostics/diagnostics.js';
import { init, type Starter } from '../init/init.js';
import { processOut } from './output.js';
import { usageError } from './usage.js';
import { systemRefusal } from '../pipeline/write/write-problem.js';

/** A system error making `dir`'s files (a read-only folder, a dangling link) as one line with its real cause. */
export function cannotCreate(o: ReturnType<typeof processOut>, dir: string, e: unknown, flag?: string): number {
  const err = e as NodeJS.ErrnoException;
  if (typeof err?.code !== 'string' || !/^E[A-Z]+$/.test(err.code)) throw e;
  const at = err.path ?? dir;
  let dangling = false;
  try {
    dangling = Boolean(lstatSync(at, { throwIfNoEntry: false })?.isSymbolicLink() && !existsSync(at));
  } catch {
    // A parent this user cannot read (EACCES) refuses the look too: the first refusal is the one to report.
  }
  const [what, fix] = dangling
    ? ['it is a symbolic link to a folder that does not exist', "make the link's target, or choose another folder"]
    : systemRefusal(err.code, flag);
  return usageError(o, `could not create ${escapeTerminal(at)}: ${what} (${err.code})`, fix);
}

export function runInit(dir: string | undefined, starter?: Starter): number {
  const o = processOut();
  // `init -` and `init -- --help` made folders named "-" and "--help": an option's look is a mistake.
  if (dir?.startsWith('-'))
    return usageError(
      o,
      `init: "${escapeTerminal(dir)}" looks like an option, not a folder`,
      'name the folder: pa-site init ./-x',
    );
  let r: ReturnType<typeof init>;
  try {
    r = init({ dir, starter });
  } catch (e) {
    return cannotCreate(o, path.resolve(dir ?? '.'), e);
  }
  if (!r.ok) return usageError(o, r.problem!.message, r.problem!.hint);
  const where = escapeTerminal(path.relative(process.cwd(), r.dir) || '.');
  o.out(`✓ Created a site in ${where}: ${r.files.filter((f) => f.startsWith('content/')).join(', ')}`);
  o.out('  and JSON Schemas for editors in schemas/ (the YAML files point at them)');
  const project = r.files.filter((f) => !f.startsWith('content/') && !f.startsWith('schemas/'));
  if (project.length > 0) o.out(`  and ${project.join(', ')}`);
  if (r.updated.length > 0) o.out(`  added pa-site's scripts and ignored paths to ${r.updated.join(', ')}`);
  if (r.keptScripts.length > 0)
    o.out(`  kept your own ${r.keptScripts.map((s) => `"${s}"`).join(', ')} in package.json's scripts`);
  if (r.keptWorkflow) o.out('  kept your .github/workflows/site.yml (docs/deploy.md has the one init writes)');
  const next = r.next!;
  o.out(`Next: ${escapeTerminal(next.commands[0]!)}`);
  for (const line of next.commands.slice(1)) o.out(`      ${escapeTerminal(line)}`);
  if (next.install)
    o.out(`Then, for npm run build and the other scripts in package.json: ${escapeTerminal(next.install)}`);
  return 0;
}
