import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileForRoute, isValidRoute } from '../../urls/urls.js';
import type { ParsedPage } from '../validate/parse-page.js';
import { lockOutput, type OutputLock } from './lock.js';
import { Precreator } from './precreate.js';
import { Staging } from './write.js';

/**
 * A parallel cold build's output, locked and its staging folder opened while validation runs, so that
 * its page files are made meanwhile (precreate.ts). The write step takes it over (`taken`).
 */
export interface EarlyOutput {
  lock: OutputLock;
  staging: Staging;
  precreator: Precreator;
  taken: boolean;
}

/**
 * Locks the output and opens its staging folder for precreation, or undefined: when another build
 * holds the lock (never waited for here: a build whose content fails must not wait on another), when
 * the output's parent folder does not exist yet (nothing is made before validation passes), or on any
 * failure, which the write step then meets and reports itself.
 */
export async function openEarly(outDir: string): Promise<EarlyOutput | undefined> {
  if (!existsSync(path.dirname(outDir))) return undefined;
  let lock: OutputLock | undefined;
  let staging: Staging | undefined;
  try {
    lock = await lockOutput(outDir, { waitMs: 0 });
    staging = await Staging.open(outDir);
    return { lock, staging, precreator: await Precreator.start(staging.dir), taken: false };
  } catch {
    await staging?.abort().catch(() => undefined);
    lock?.release();
    return undefined;
  }
}

/** Gives up an output opened early that no write step took over: precreation stopped, staging removed, unlocked. */
export async function closeEarly(e: EarlyOutput): Promise<void> {
  try {
    await e.precreator.stop();
    await e.staging.abort();
  } finally {
    e.lock.release();
  }
}

/** Has the output opened early make the output files of pages just parsed (in parse order, as they render). */
export function precreate(
  early: Promise<EarlyOutput | undefined> | undefined,
  pages: readonly (readonly [number, ParsedPage])[],
): void {
  if (!early) return;
  const files: string[] = [];
  for (const [, p] of pages) if (p.draft && isValidRoute(p.draft.route)) files.push(fileForRoute(p.draft.route));
  void early.then((e) => e?.precreator.add(files));
}
