/**
 * Usage errors: one style for every command. A message not tied to a file reads
 * `error: <what is wrong>` with a `    fix: <how>` line; errors about a place in the content read
 * `error <file>:<line>:<col>  <field>  <message>` (output.ts). Exit code 2.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { escapeTerminal, type Diagnostic } from '../support/diagnostics/diagnostics.js';
import { paint, type Out } from './output.js';
import { CORES_ENV, MAX_CORES, givenCores } from '../pipeline/render/threads/cores.js';

export const USAGE = 2;

export function usageError(o: Pick<Out, 'err' | 'color'>, message: string, hint?: string): typeof USAGE {
  const fix = hint ? `\n    fix: ${escapeTerminal(hint)}` : '';
  o.err(`${paint(o.color, 31, 'error')}: ${escapeTerminal(message)}${fix}`);
  return USAGE;
}

/** The diagnostics that mean --root is not a project (a usage error, not a content error). */
const NOT_A_PROJECT = new Set(['missing-site-config', 'root-not-folder']);

/** Reports a --root that is not a project as a usage error; undefined when it is one. */
export function notAProject(
  o: Pick<Out, 'err' | 'color'>,
  root: string,
  diagnostics: readonly Diagnostic[],
): typeof USAGE | undefined {
  const d = diagnostics.find((x) => NOT_A_PROJECT.has(x.code));
  return d ? noProject(o, root, d.message, d.hint) : undefined;
}

/**
 * That --root does not exist when it does not, else why it is not a project; named `--root:` only
 * when the user gave one (the default is the current folder).
 */
export function noProject(o: Pick<Out, 'err' | 'color'>, root: string, why: string, hint?: string): typeof USAGE {
  const message = existsSync(path.resolve(root)) ? why : `${root} does not exist`;
  return usageError(o, root === '.' ? message : `--root: ${message}`, hint);
}

/**
 * The port a `--port` value names (dev, preview), or the usage error's exit code: a whole number
 * from 0 to 65535, written as digits.
 */
export function portOption(o: Pick<Out, 'err' | 'color'>, value: string): number | { exit: typeof USAGE } {
  return wholeNumberOption(o, '--port', value, 0, 65535);
}

/**
 * A whole-number option from `min` to `max` (--port, --workers): digits only, so `1e3`, ` 80`,
 * `0x10`, `2.0` and an empty value are refused alike, though Number() reads them.
 */
export function wholeNumberOption(
  o: Pick<Out, 'err' | 'color'>,
  flag: string,
  value: string,
  min: number,
  max: number,
): number | { exit: typeof USAGE } {
  const n = Number(value);
  if (/^\d+$/.test(value) && n >= min && n <= max) return n;
  return { exit: usageError(o, `${flag} must be a whole number from ${min} to ${max} (received: ${value})`) };
}

/** A usage error for a $PA_SITE_CORES that is set but not a number of cores (cores.ts); undefined when fine. */
export function coresEnvError(o: Pick<Out, 'err' | 'color'>): { exit: typeof USAGE } | undefined {
  if (!Number.isNaN(givenCores())) return undefined;
  return {
    exit: usageError(
      o,
      `${CORES_ENV} must be a whole number from 1 to ${MAX_CORES} (received: ${process.env[CORES_ENV]})`,
      `set ${CORES_ENV} to the number of cores pa-site may use, or unset it to have them detected`,
    ),
  };
}
