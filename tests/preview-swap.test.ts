/**
 * Preview opens a file first and checks it after (issue 51 item 4): a folder swapped for a link out
 * of the served folder between a check and the open never serves an outside byte, and links inside
 * the folder to `.env`, `.git` or `_headers` are not served.
 */
import { mkdir, mkdtemp, rename, rm, symlink, unlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { preview, type PreviewServer } from '../src/index.js';
import { scaled } from './machine.js';

let base: string;
let dir: string;
let server: PreviewServer;

beforeAll(async () => {
  base = await mkdtemp(path.join(tmpdir(), 'pa-site-preview-swap-'));
  dir = path.join(base, 'site');
  await mkdir(path.join(dir, 'sub'), { recursive: true });
  await writeFile(path.join(dir, 'index.html'), '<html>home</html>');
  await writeFile(path.join(dir, 'sub', 'page.txt'), 'inside');
  await writeFile(path.join(dir, '.env'), 'SECRET=1');
  await mkdir(path.join(dir, '.git'));
  await writeFile(path.join(dir, '.git', 'config'), '[core]');
  await writeFile(path.join(dir, '_headers'), '/*\n  X-Frame-Options: DENY\n');
  await symlink('.env', path.join(dir, 'env.txt'));
  await symlink('.git/config', path.join(dir, 'config.txt'));
  await symlink('_headers', path.join(dir, 'headers.txt'));
  await mkdir(path.join(base, 'outside'));
  await writeFile(path.join(base, 'outside', 'page.txt'), 'OUTSIDE');
  server = await preview({ dir, port: 0 });
});

afterAll(async () => {
  await server?.close();
  await rm(base, { recursive: true, force: true });
});

describe('preview opens, then checks (#51 item 4)', () => {
  it('links inside the folder to .env, .git and _headers are not served', async () => {
    for (const name of ['env.txt', 'config.txt', 'headers.txt']) {
      const r = await fetch(`${server.url}/${name}`);
      expect([name, r.status]).toEqual([name, 404]);
      expect(await r.text()).not.toMatch(/SECRET|\[core\]|X-Frame/);
    }
  });

  it(
    'a folder swapped for a link out, under requests, never serves an outside byte',
    async () => {
      const sub = path.join(dir, 'sub');
      const aside = path.join(dir, 'sub-real');
      let swapping = true;
      const swaps = (async () => {
        let n = 0;
        while (swapping && n < 5_000) {
          await rename(sub, aside);
          await symlink(path.join(base, 'outside'), sub);
          await unlink(sub);
          await rename(aside, sub);
          n++;
        }
        return n;
      })();
      const bodies = new Map<string, number>();
      for (let i = 0; i < 1_500; i++) {
        const r = await fetch(`${server.url}/sub/page.txt`);
        const text = await r.text();
        bodies.set(`${r.status} ${text.slice(0, 20)}`, (bodies.get(`${r.status} ${text.slice(0, 20)}`) ?? 0) + 1);
      }
      swapping = false;
      expect(await swaps).toBeGreaterThan(0);
      expect([...bodies.keys()].filter((k) => k.includes('OUTSIDE'))).toEqual([]);
      expect(bodies.get('200 inside')).toBeGreaterThan(0);
    },
    scaled(120_000),
  );
});
