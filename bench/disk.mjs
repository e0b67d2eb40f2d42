// How long creating a file takes on the disk the benchmark writes to. On ext4 without a journal it
// is tens of µs normally and several times that for minutes after thousands of files were deleted (see
// aside.mjs): every tool that runs then is slowed, and not equally. The bench measures it before each
// size and says when the figures that follow carry the disk's recent history.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** Microseconds per file to create `count` one-byte files in the new folder `dir` (left for the caller). */
export function fileCreateMicros(dir, count = 500) {
  mkdirSync(dir, { recursive: true });
  const t0 = process.hrtime.bigint();
  for (let i = 0; i < count; i++) writeFileSync(path.join(dir, `f${i}`), 'x');
  return Number(process.hrtime.bigint() - t0) / 1e3 / count;
}

/** Above this, creating files costs several times what it does on a quiet disk here (30–80 µs). */
export const SLOW_CREATE_MICROS = 150;

/** The line the bench prints about the disk. */
export function diskLine(micros) {
  const cost = `disk: creating a file took ${micros.toFixed(0)} µs`;
  return micros > SLOW_CREATE_MICROS
    ? `${cost}: SLOW (a quiet disk takes 30–80 µs; recent mass deletes?): the figures below include it, ` +
        'not equally for every tool; wait a few minutes and run again'
    : `${cost} (quiet)`;
}
