import { readFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';

/**
 * The CPUs a cgroup's `cpu.max` (cgroup v2: "QUOTA PERIOD", or "max PERIOD" for no limit) lets this
 * process use, rounded up; undefined for no limit or text that is not one.
 */
export function quotaCores(cpuMax: string): number | undefined {
  const m = /^(\d+) (\d+)\s*$/.exec(cpuMax);
  if (!m) return undefined;
  const [quota, period] = [Number(m[1]), Number(m[2])];
  return quota > 0 && period > 0 ? Math.max(1, Math.ceil(quota / period)) : undefined;
}

/** The process's cgroup v2 folder from /proc/self/cgroup's "0::/path" line, or undefined. */
export function cgroupPath(procSelfCgroup: string): string | undefined {
  return /^0::(\/.*)$/m.exec(procSelfCgroup)?.[1];
}

const read = (file: string) => {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
};

/** Names the cores to plan threads for, where detection cannot see a limit (a CI runner's share of its host). */
export const CORES_ENV = 'PA_SITE_CORES';
/** The most $PA_SITE_CORES may say. */
export const MAX_CORES = 1024;

/**
 * $PA_SITE_CORES as a number of cores: undefined when unset or empty (as shells treat it), NaN when
 * it is not a whole number from 1 to MAX_CORES (the CLI refuses it; the library ignores it).
 */
export function givenCores(value = process.env[CORES_ENV]): number | undefined {
  if (value === undefined || value === '') return undefined;
  const n = Number(value);
  return /^\d+$/.test(value) && n >= 1 && n <= MAX_CORES ? n : Number.NaN;
}

let known: number | undefined;
/**
 * Cores this process may keep busy: $PA_SITE_CORES when it names a number, else
 * os.availableParallelism() (the CPUs it may run on), lowered by a CPU quota on its cgroup or any
 * cgroup above it (a container limited to 2 CPUs on a 16-core host sees 16 CPUs and would run 16
 * threads on 2 CPUs' worth of time). The detected number is read once per process.
 */
export function availableCores(): number {
  const given = givenCores();
  if (given !== undefined && !Number.isNaN(given)) return given;
  if (known !== undefined) return known;
  let cores = availableParallelism();
  const own = cgroupPath(read('/proc/self/cgroup') ?? '');
  for (let dir = own; dir !== undefined; dir = dir === '/' ? undefined : dir.slice(0, dir.lastIndexOf('/')) || '/') {
    const quota = quotaCores(read(`/sys/fs/cgroup${dir === '/' ? '' : dir}/cpu.max`) ?? '');
    if (quota !== undefined) cores = Math.min(cores, quota);
  }
  known = cores;
  return cores;
}

/**
 * Of `cores`, those the rest of the machine leaves free: the cores less the load average of the last
 * minute (runnable threads, other processes' included), rounded to the nearest whole core, at least
 * one. On a busy two-core machine (load 1 or more) that is one: a second render thread then found no
 * idle core and cost 15–22% more CPU for a slower build (issue 62). A load of 0 (unknown, as on
 * Windows) leaves every core free.
 */
export function freeCoresOf(cores: number, load: number): number {
  const busy = Number.isFinite(load) && load > 0 ? load : 0;
  return Math.max(1, Math.min(cores, Math.round(cores - busy)));
}

/**
 * Cores a build's threads may keep busy now: $PA_SITE_CORES when it names a number (taken as it is,
 * the load aside), else availableCores() (CPUs and cgroup quota) less the load average
 * (freeCoresOf). Read when asked, not once per process: a dev session's load changes.
 */
export function freeCores(load = loadavg()[0] ?? 0): number {
  const given = givenCores();
  if (given !== undefined && !Number.isNaN(given)) return given;
  return freeCoresOf(availableCores(), load);
}
