// Issue 60, 12: init's refusals name what happened and a fix init can take (it has no --out).
import { afterEach, describe, expect, it, vi } from 'vitest';

// A parent folder this user cannot read: every look at the target (stat and lstat) is refused with EACCES,
// as it is for a non-root user; tests often run as root, where no permission refuses anything.
const denied = new Set<string>();
vi.mock('node:fs', async (original) => {
  const fs = await original<typeof import('node:fs')>();
  const refuse = (p: unknown) => {
    if (denied.has(String(p)))
      throw Object.assign(new Error(`EACCES: permission denied, lstat '${p}'`), { code: 'EACCES', path: String(p) });
  };
  return {
    ...fs,
    statSync: ((p: string, o?: object) => {
      refuse(p);
      return fs.statSync(p, o);
    }) as typeof fs.statSync,
    lstatSync: ((p: string, o?: object) => {
      refuse(p);
      return fs.lstatSync(p, o);
    }) as typeof fs.lstatSync,
  };
});
const { runInit } = await import('./init-command.js');

function stderrOf(fn: () => number): { code: number; text: string } {
  let text = '';
  const spy = vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => {
    text += String(chunk);
    return true;
  });
  try {
    return { code: fn(), text };
  } finally {
    spy.mockRestore();
  }
}

afterEach(() => denied.clear());

describe('init refusals', () => {
  it('a target whose parent cannot be read is a permission error, not an unexpected one', () => {
    denied.add('/srv/locked/site');
    const r = stderrOf(() => runInit('/srv/locked/site'));
    expect(r.code).toBe(2);
    expect(r.text).toContain('could not create /srv/locked/site: permission denied (EACCES)');
    expect(r.text).not.toContain('unexpected error');
  });

  it('a folder under /proc suggests no --out, which init does not have', () => {
    const r = stderrOf(() => runInit('/proc/self/newdir'));
    expect(r.code).toBe(2);
    expect(r.text).toContain('could not create /proc/self/newdir');
    expect(r.text).toContain('choose a folder on an ordinary disk');
    expect(r.text).not.toContain('--out');
  });
});
