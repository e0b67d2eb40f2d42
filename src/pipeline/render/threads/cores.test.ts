import { availableParallelism } from 'node:os';
import { describe, expect, it } from 'vitest';
import { availableCores, cgroupPath, freeCores, freeCoresOf, givenCores, quotaCores } from './cores.js';
import { workerCount } from './render-pool.js';

describe('cores available to the build', () => {
  it("reads a cgroup's CPU quota, rounded up, and no limit as none", () => {
    expect(quotaCores('200000 100000\n')).toBe(2);
    expect(quotaCores('150000 100000')).toBe(2);
    expect(quotaCores('50000 100000')).toBe(1);
    expect(quotaCores('max 100000\n')).toBeUndefined();
    for (const bad of ['', '0 100000', '100000 0', '-1 100000', 'garbage']) expect(quotaCores(bad)).toBeUndefined();
  });

  it("finds the process's cgroup v2 folder", () => {
    expect(cgroupPath('0::/system.slice/docker-1.scope\n')).toBe('/system.slice/docker-1.scope');
    expect(cgroupPath('12:cpu,cpuacct:/docker/1\n')).toBeUndefined(); // cgroup v1: no quota read
  });

  it('takes $PA_SITE_CORES when it names a number of cores, and ignores anything else', () => {
    expect([givenCores(undefined), givenCores(''), givenCores('16'), givenCores('1024')]).toEqual([
      undefined,
      undefined,
      16,
      1024,
    ]);
    for (const bad of ['0', '1025', '-2', '2.5', ' 4', '4x', 'all']) expect(givenCores(bad)).toBeNaN();
    const detected = availableCores();
    try {
      process.env.PA_SITE_CORES = '37';
      expect(availableCores()).toBe(37);
      process.env.PA_SITE_CORES = 'many';
      expect(availableCores()).toBe(detected);
    } finally {
      delete process.env.PA_SITE_CORES;
    }
    expect(availableCores()).toBe(detected);
  });

  it('never counts more cores than the process may run on', () => {
    expect(availableCores()).toBeGreaterThanOrEqual(1);
    expect(availableCores()).toBeLessThanOrEqual(availableParallelism());
  });

  it('leaves to the build the cores the load average leaves free, at least one', () => {
    // Two cores: idle, half busy, one busy (a second thread would find no idle core), overloaded.
    expect([0, 0.4, 0.6, 1, 1.4, 2, 9.5].map((load) => freeCoresOf(2, load))).toEqual([2, 2, 1, 1, 1, 1, 1]);
    expect([0, 3.2, 8, 15.9, 40].map((load) => freeCoresOf(16, load))).toEqual([16, 13, 8, 1, 1]);
    // An unknown load (NaN, negative: not a real reading) leaves every core free.
    expect([Number.NaN, -1].map((load) => freeCoresOf(4, load))).toEqual([4, 4]);
  });

  it('chooses threads from the quota and the load together: one on a two-core machine, busy or not', () => {
    // A container on a 16-CPU host limited to 2 CPUs, quiet (one core left to the writer and V8), then busy.
    const quota = Math.min(16, quotaCores('200000 100000')!);
    expect(workerCount(4000, 'auto', freeCoresOf(quota, 0.2))).toBe(1);
    expect(workerCount(4000, 'auto', freeCoresOf(4, 0.2))).toBe(3);
    expect(workerCount(4000, 'auto', freeCoresOf(quota, 1.1))).toBe(1);
    expect(workerCount(4000, 'auto', freeCoresOf(quota, 8))).toBe(1);
    // A quiet 16-core machine; half of it busy; --workers still overrides the load.
    expect(workerCount(16000, 'auto', freeCoresOf(16, 0))).toBe(15);
    expect(workerCount(16000, 'auto', freeCoresOf(16, 8))).toBe(7);
    expect(workerCount(4000, 2, freeCoresOf(2, 8))).toBe(2);
  });

  it('reads the load when asked, and takes $PA_SITE_CORES as it is, the load aside', () => {
    expect(freeCores(0)).toBe(availableCores());
    expect(freeCores(availableCores() + 5)).toBe(1);
    try {
      process.env.PA_SITE_CORES = '16';
      expect(freeCores(50)).toBe(16);
    } finally {
      delete process.env.PA_SITE_CORES;
    }
  });
});
