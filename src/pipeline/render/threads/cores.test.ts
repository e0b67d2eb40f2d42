import { availableParallelism } from 'node:os';
import { describe, expect, it } from 'vitest';
import { availableCores, cgroupPath, quotaCores } from './cores.js';

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

  it('never counts more cores than the process may run on', () => {
    expect(availableCores()).toBeGreaterThanOrEqual(1);
    expect(availableCores()).toBeLessThanOrEqual(availableParallelism());
  });
});
