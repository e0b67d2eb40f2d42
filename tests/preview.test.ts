/** `pa-site preview` and `preview()`: a built folder served as its host files say, on loopback only. */
import { spawn, spawnSync } from 'node:child_process';
import { request } from 'node:http';
import { readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, preview, PreviewError, type PreviewServer } from '../src/index.js';
import { fixtureProject } from './fixture.js';
import { repoRoot } from './helpers.js';

let p: Awaited<ReturnType<typeof fixtureProject>>;
let dist: string;
let server: PreviewServer;
beforeAll(async () => {
  p = await fixtureProject();
  const r = await build({ root: p.root, cache: false });
  expect(r.ok).toBe(true);
  dist = r.outDir;
  // Written by hand, as another tool or a later build might: the preview follows the format, not a list.
  await writeFile(
    path.join(dist, '_redirects'),
    '# moved\n/old-home  /  301\n/news/*  /blog/:splat  302\n/alias  /index.html  200\n/index  /  301!\n',
  );
  server = await preview({ root: p.root, port: 0 });
});
afterAll(async () => {
  await server?.close();
  await p?.cleanup();
});

/** A raw GET (no redirect following), with the Host header as given. */
function get(url: string, host?: string): Promise<{ status: number; headers: Record<string, unknown>; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers: host ? { host } : {} }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c) => {
        body += c;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('preview()', () => {
  it('listens on 127.0.0.1 and serves every page at its clean URL with the _headers of the build', async () => {
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(server.problems).toEqual([]);
    const pages = (await readdir(dist)).filter((f) => f.endsWith('.html') && f !== '404.html');
    expect(pages.length).toBeGreaterThan(0);
    for (const file of pages) {
      const route = file === 'index.html' ? '/' : `/${file.slice(0, -'.html'.length)}`;
      const r = await get(server.url + route);
      expect([route, r.status]).toEqual([route, 200]);
      expect(r.headers['content-security-policy']).toContain("default-src 'self'");
      expect(r.headers['x-frame-options']).toBe('DENY');
    }
    const asset = (await readdir(path.join(dist, 'assets'))).find((f) => f.endsWith('.css'));
    const css = await get(`${server.url}/assets/${asset}`);
    expect(css.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('answers an unknown URL with 404.html, status 404, and the same headers', async () => {
    const r = await get(`${server.url}/no-such-page`);
    expect(r.status).toBe(404);
    expect(r.body).toContain('<html');
    expect(r.headers['content-security-policy']).toContain("default-src 'self'");
  });

  it('follows _redirects: status, splats, rewrites, forced rules; a file shadows an unforced rule', async () => {
    expect(await get(`${server.url}/old-home`)).toMatchObject({ status: 301, headers: { location: '/' } });
    expect(await get(`${server.url}/news/2025/launch`)).toMatchObject({
      status: 302,
      headers: { location: '/blog/2025/launch' },
    });
    const alias = await get(`${server.url}/alias`);
    expect(alias.status).toBe(200);
    expect(alias.body).toContain('Welcome to the fixture.');
    expect(await get(`${server.url}/index`)).toMatchObject({ status: 301, headers: { location: '/' } });
  });

  it('sends /page.html and /page/ to the clean URL, as the hosts do', async () => {
    expect(await get(`${server.url}/index.html`)).toMatchObject({ status: 301, headers: { location: '/' } });
  });

  it("refuses a Host header that is not this machine's (DNS rebinding), like the dev server", async () => {
    const r = await get(server.url, 'attacker.example');
    expect(r.status).toBe(403);
    expect(r.body).toContain('pa-site preview answers only requests for localhost');
    expect((await get(server.url, 'localhost')).status).toBe(200);
  });

  it('says clearly when nothing is built, without starting', async () => {
    const empty = await fixtureProject();
    try {
      const e = await preview({ root: empty.root, port: 0 }).catch((x: unknown) => x);
      expect(e).toBeInstanceOf(PreviewError);
      expect(e).toMatchObject({
        code: 'not-built',
        message: `nothing is built to preview: ${path.join(empty.root, 'dist')} does not exist`,
        hint: 'run `pa-site build` first, or pass --dir the folder to serve',
      });
      const noIndex = await preview({ dir: path.join(empty.root, 'content'), port: 0 }).catch((x: unknown) => x);
      expect(noIndex).toMatchObject({ code: 'not-built', message: expect.stringContaining('has no index.html') });
    } finally {
      await empty.cleanup();
    }
  });
});

describe('pa-site preview', () => {
  const bin = path.join(repoRoot, 'bin', 'pa-site.js');

  it('exits 2 with one error and a fix line when nothing is built', async () => {
    const empty = await fixtureProject();
    try {
      const r = spawnSync(process.execPath, [bin, 'preview', '--root', empty.root], {
        encoding: 'utf8',
        env: { ...process.env, NO_COLOR: '1' },
      });
      expect([r.status, r.stdout]).toEqual([2, '']);
      expect(r.stderr).toBe(
        `error: nothing is built to preview: ${path.join(empty.root, 'dist')} does not exist\n` +
          '    fix: run `pa-site build` first, or pass --dir the folder to serve\n',
      );
    } finally {
      await empty.cleanup();
    }
  });

  it('serves --dir (relative to the current folder) on --port until Ctrl-C, then exits 0', async () => {
    const child = spawn(process.execPath, [bin, 'preview', '--dir', path.relative(p.root, dist), '--port', '0'], {
      cwd: p.root,
      env: { ...process.env, NO_COLOR: '1' },
    });
    let out = '';
    const url = await new Promise<string>((resolve, reject) => {
      child.stdout.on('data', (c: Buffer) => {
        out += c;
        const m = /pa-site preview: (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
        if (m) resolve(m[1]!);
      });
      child.once('exit', (code) => reject(new Error(`preview exited ${code} before listening: ${out}`)));
    });
    expect((await get(`${url}/`)).status).toBe(200);
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    child.kill('SIGINT');
    expect(await exited).toBe(0);
    expect(out).toContain('pa-site preview stopped.');
  });
});
