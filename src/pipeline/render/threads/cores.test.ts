import { availableParallelism } from 'node:os';
import { describe, expect, it } from 'vitest';
import { availableCores, cgroupPath, givenCores, quotaCores } from './cores.js';

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
});
