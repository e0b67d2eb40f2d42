/**
 * What the test suite needs from the machine it runs on: how much slower than an idle machine it is
 * (timeouts follow it), and whether an optional tool is installed (in CI a missing one fails).
 */
import { execFileSync } from 'node:child_process';
import { availableParallelism, loadavg } from 'node:os';

/**
 * How many times slower than idle this machine runs a test: the runnable processes per core over the
 * last minute, at least 1. At load 15 on two cores a test gets 7.5 times its idle timeout.
 * PA_SITE_TEST_SLOWDOWN (a number) overrides it, e.g. on a machine whose load is not measurable.
 */
export function slowdownFor(load: number, cores: number, override?: string): number {
  const asked = Number(override);
  if (override && Number.isFinite(asked) && asked >= 1) return asked;
  return Math.max(1, load / Math.max(1, cores));
}

const slowdown = slowdownFor(loadavg()[0] ?? 0, availableParallelism(), process.env.PA_SITE_TEST_SLOWDOWN);

/** A timeout measured on an idle machine, stretched to this one's load. */
export const scaled = (ms: number): number => Math.round(ms * slowdown);

/**
 * Whether an optional tool a test needs is there. Outside CI a missing one skips its tests with the
 * install command; in CI (CI=true) it fails the run: a test never skips silently there.
 */
export function installed(ok: boolean, what: string, install: string): boolean {
  if (ok) return true;
  if (process.env.CI) throw new Error(`${what} is missing: CI must install it (${install})`);
  console.warn(`Tests that need ${what} skipped: install it with: ${install}`);
  return false;
}

/** Whether xmllint runs here (the sitemap and feed schema tests need it); in CI its absence is an error. */
export function hasXmllint(): boolean {
  let ok = true;
  try {
    execFileSync('xmllint', ['--version'], { stdio: 'ignore' });
  } catch {
    ok = false;
  }
  return installed(ok, 'xmllint', 'apt-get install libxml2-utils');
}
