import path from 'node:path';
import type { BuildOptions } from '../build-options.js';
import type { BuildRun } from '../build-run.js';
import { lockOutput } from './lock.js';
import { cacheAndOutput, unsafeOutDir } from './out-dir.js';
import { cacheDir } from '../../support/package/paths.js';
import { hasLeftovers, recoverOutput } from './write.js';

/**
 * Whether the output folder may be built into: not one pa-site refuses, and with the previous
 * output put back first when a build was killed mid-write (even if this build then fails).
 */
export async function outputUsable(run: BuildRun, options: BuildOptions): Promise<boolean> {
  const given = options.outDir ?? 'dist';
  const caches = options.cache === false ? [] : [cacheDir, options.cacheDir ?? cacheDir];
  const unsafe = unsafeOutDir(run.root, run.outDir, given, options.clean) ?? cacheAndOutput(run.outDir, given, caches);
  if (unsafe) {
    run.report([
      {
        severity: 'error',
        code: 'unsafe-out-dir',
        file: path.relative(run.root, run.outDir).split(path.sep).join('/') || '.',
        line: 1,
        col: 1,
        field: '--out',
        message: unsafe.message,
        hint: unsafe.hint,
      },
    ]);
    return false;
  }
  if (!hasLeftovers(run.outDir)) return true;
  try {
    const lock = await lockOutput(run.outDir, options.onStatus);
    try {
      await recoverOutput(run.outDir);
    } finally {
      lock.release();
    }
    return true;
  } catch (e) {
    run.outputFailed(e);
    return false;
  }
}
