/**
 * No handle outlives its request (issue 51 items 4 and 7): clients that drop their request while the
 * file is looked up leave no open file behind, and preview prints nothing Node would print on its
 * behalf (`Closing file descriptor … on garbage collection`, DEP0137). A `_headers` line Node
 * refuses (Trailer) is a start-up warning, not a crash at the first request.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, readdir, readlink, rm, writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from './helpers.js';
import { scaled } from './machine.js';

let dir: string;
let child: ChildProcess;
let url: string;
let stderr = '';

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'pa-site-preview-drops-'));
  await writeFile(path.join(dir, 'index.html'), `<html>${'x'.repeat(200_000)}</html>`);
  await writeFile(path.join(dir, '404.html'), '<html>not found</html>');
  await writeFile(path.join(dir, '_headers'), '/*\n  Trailer: X-Foo\n  Content-Length: 99\n  X-Kept: yes\n');
  child = spawn(
    process.execPath,
    ['--expose-gc', path.join(repoRoot, 'bin/pa-site.js'), 'preview', '--dir', dir, '--port', '0'],
    {
      env: { ...process.env, NO_COLOR: '1' },
    },
  );
  child.stderr!.on('data', (d) => {
    stderr += d;
  });
  url = await new Promise((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (d) => {
      out += d;
      const m = /(http:\/\/127\.0\.0\.1:\d+)/.exec(out);
      if (m) resolve(m[1]!);
    });
    child.once('exit', (code) => reject(new Error(`preview exited ${code}: ${stderr}`)));
  });
}, scaled(60_000));

afterAll(async () => {
  child?.kill();
  await rm(dir, { recursive: true, force: true });
});

/** Open descriptors of the preview process on files of the served folder. */
async function openInDir(): Promise<string[]> {
  const fds = await readdir(`/proc/${child.pid}/fd`).catch(() => []);
  const targets = await Promise.all(fds.map((fd) => readlink(`/proc/${child.pid}/fd/${fd}`).catch(() => '')));
  return targets.filter((t) => t.startsWith(dir));
}

describe('preview and dropped requests (#51 items 4 and 7)', () => {
  it('a _headers Trailer line is a warning at start-up; answers carry no framing header from it', async () => {
    const r = await fetch(`${url}/nowhere`);
    expect(r.status).toBe(404);
    expect(r.headers.get('x-kept')).toBe('yes');
    expect(r.headers.get('trailer')).toBeNull();
    expect(await r.text()).toContain('not found');
    expect(stderr).toMatch(/Trailer/);
  });

  it(
    '500 requests dropped mid-lookup leave no open file, and nothing is printed',
    async () => {
      const port = Number(new URL(url).port);
      const before = stderr;
      for (let i = 0; i < 500; i++) {
        await new Promise<void>((resolve) => {
          const s = connect(port, '127.0.0.1', () => {
            s.write(`GET /${i % 2 ? '' : 'index.html'} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`);
            s.destroy();
            resolve();
          });
          s.on('error', () => resolve());
        });
      }
      // The server still answers; then every handle the dropped requests opened is closed.
      expect((await fetch(`${url}/`)).status).toBe(200);
      const deadline = Date.now() + scaled(20_000);
      let open = await openInDir();
      while (open.length && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 100));
        open = await openInDir();
      }
      expect(open).toEqual([]);
      expect(stderr.slice(before.length)).toBe('');
    },
    scaled(120_000),
  );
});
