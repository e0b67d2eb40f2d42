import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { build } from '../src/index.js';
import { fixtureProject, OPERATOR } from './fixture.js';

async function snapshot(dir: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const e of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (e.isFile()) {
      const abs = path.join(e.parentPath, e.name);
      out[path.relative(dir, abs)] = (await readFile(abs)).toString('base64');
    }
  }
  return out;
}

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(cleanups.splice(0).map((c) => c()));
});

describe('atomic output', () => {
  it('a failed build leaves the previous dist/ byte-for-byte intact', async () => {
    const p = await fixtureProject();
    cleanups.push(p.cleanup);
    const first = await build({ root: p.root });
    expect(first.ok).toBe(true);
    const before = await snapshot(first.outDir);
    expect(Object.keys(before)).toContain('index.html');

    await p.write('content/operators/example.yaml', OPERATOR.replace('rating: 4.5', 'rating: 7'));
    const failed = await build({ root: p.root });
    expect(failed.ok).toBe(false);
    expect(await snapshot(first.outDir)).toEqual(before);
    // No staging folders are left behind.
    expect((await readdir(p.root)).filter((n) => n.startsWith('.dist'))).toEqual([]);
  });

  it('a successful build removes stale files from an earlier build', async () => {
    const p = await fixtureProject();
    cleanups.push(p.cleanup);
    const first = await build({ root: p.root });
    await mkdir(path.join(first.outDir, 'old'), { recursive: true });
    await writeFile(path.join(first.outDir, 'old', 'stale.html'), 'stale');
    await writeFile(path.join(first.outDir, 'removed-page.html'), 'stale');
    // Files no build wrote stop a build (owned-output.test.ts) unless it is told --clean.
    expect((await build({ root: p.root })).ok).toBe(false);
    const second = await build({ root: p.root, clean: true });
    expect(second.ok).toBe(true);
    const files = Object.keys(await snapshot(second.outDir));
    expect(files).not.toContain('removed-page.html');
    expect(files.some((f) => f.startsWith('old'))).toBe(false);
  });

  it("never deletes or renames a user's folder that only looks like a leftover", async () => {
    const p = await fixtureProject();
    cleanups.push(p.cleanup);
    // Names a user might pick, and one with pa-site's exact pattern but none of its marker.
    const mine = ['.dist.old-backup', '.dist.staging-notes', '.dist.old-123-abcdef01'];
    for (const name of mine) await p.write(`${name}/precious.txt`, name);
    // Without dist/, a leftover retired output would be put back as dist/: a user's must not be.
    const first = await build({ root: p.root });
    expect(first.ok).toBe(true);
    expect(await readdir(first.outDir)).toContain('index.html');
    expect(await build({ root: p.root }).then((r) => r.ok)).toBe(true);
    for (const name of mine) expect(await readFile(path.join(p.root, name, 'precious.txt'), 'utf8')).toBe(name);
  });
});
