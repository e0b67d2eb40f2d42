/** `pa-site preview` stops on SIGTERM with requests in flight (#42 item 9): a FIFO, a download the client stalls. */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { repoRoot } from './helpers.js';
import { scaled } from './machine.js';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'pa-site-preview-stop-'));
  await writeFile(path.join(dir, 'index.html'), '<html>home</html>');
  await writeFile(path.join(dir, 'big.bin'), Buffer.alloc(32 * 1024 * 1024, 1));
  expect(spawnSync('mkfifo', [path.join(dir, 'pipe.html')]).status).toBe(0);
});
afterAll(() => rm(dir, { recursive: true, force: true }));

it(
  'exits 0 on SIGTERM while requests are in flight',
  async () => {
    const child = spawn(
      process.execPath,
      [path.join(repoRoot, 'bin', 'pa-site.js'), 'preview', '--dir', dir, '--port', '0'],
      {
        env: { ...process.env, NO_COLOR: '1' },
      },
    );
    let out = '';
    const port = await new Promise<number>((resolve, reject) => {
      child.stdout.on('data', (c: Buffer) => {
        out += c;
        const m = /127\.0\.0\.1:(\d+)/.exec(out);
        if (m) resolve(Number(m[1]));
      });
      child.once('exit', (code) => reject(new Error(`preview exited ${code} before listening: ${out}`)));
    });
    const open = (target: string): Socket => {
      const s = connect(port, '127.0.0.1');
      s.on('error', () => {});
      s.write(`GET ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`);
      return s;
    };
    // Requests for a FIFO (they once took the whole thread pool), then a download the client stops reading.
    const sockets = Array.from({ length: 6 }, () => open('/pipe'));
    const big = open('/big.bin');
    await new Promise<void>((resolve) => big.once('data', () => resolve()));
    big.pause();
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(out).toContain('pa-site preview stopped.');
    for (const s of [...sockets, big]) s.destroy();
  },
  scaled(60_000),
);
