/**
 * `preview()` on a folder it did not build, asked what an attacker or a careless user would ask
 * (#42 items 1, 2 and 9): every request answered, the server alive, nothing outside the folder served.
 */
import { spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { preview, type PreviewServer } from '../src/index.js';

let base: string;
let dir: string;
let server: PreviewServer;

/** Files of the served folder, and what the hosts say of it. */
const SITE: Record<string, string> = {
  'index.html': '<html>home</html>',
  'about.html': '<html>about</html>',
  'guides/index.html': '<html>guides</html>',
  '404.html': '<html>not found page</html>',
  'assets/site.css': 'body{color:red}',
  'data.txt': '0123456789',
  _headers:
    '/*\n  X-Frame-Options: DENY\n  X-Bad Name: x\n/assets/*\n  Cache-Control: public, max-age=31536000, immutable\n',
  _redirects: [
    '/eur /€ 301',
    '/go/* /:splat 302',
    '/about /elsewhere 301',
    '/ /moved 301',
    '/guides /elsewhere 302',
    '/old /about 301',
  ].join('\n'),
  'vercel.json': '{}',
  'nginx-redirects.conf': '# rules',
  '.env': 'SECRET=1',
  '.git/config': '[core]',
};

beforeAll(async () => {
  base = await mkdtemp(path.join(tmpdir(), 'pa-site-preview-requests-'));
  dir = path.join(base, 'site');
  for (const [rel, text] of Object.entries(SITE)) {
    await mkdir(path.dirname(path.join(dir, rel)), { recursive: true });
    await writeFile(path.join(dir, rel), text);
  }
  await mkdir(path.join(base, 'secret'));
  await writeFile(path.join(base, 'secret', 's.txt'), 'secret');
  await symlink('../secret/s.txt', path.join(dir, 'leak.txt'));
  await symlink('../secret', path.join(dir, 'leakdir'));
  await symlink('/etc/passwd', path.join(dir, 'passwd'));
  await symlink('about.html', path.join(dir, 'alias.html'));
  await symlink('nowhere.html', path.join(dir, 'gone.html'));
  await symlink('loop2', path.join(dir, 'loop1'));
  await symlink('loop1', path.join(dir, 'loop2'));
  expect(spawnSync('mkfifo', [path.join(dir, 'pipe.html')]).status).toBe(0);
  // A dangling link and a loop in the folder do not stop it starting.
  server = await preview({ dir, port: 0 });
});
afterAll(async () => {
  await server?.close();
  await rm(base, { recursive: true, force: true });
});

interface Answer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** One request written byte for byte on a socket (undici and http.request refuse malformed targets). */
function raw(target: string, headers: Record<string, string> = {}, method = 'GET', halfClose = false): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const socket = connect(server.port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (c) => chunks.push(c));
    socket.on('error', reject);
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('latin1');
      const [head = '', ...rest] = text.split('\r\n\r\n');
      const [statusLine = '', ...lines] = head.split('\r\n');
      const out: Record<string, string> = {};
      for (const line of lines) {
        const colon = line.indexOf(':');
        out[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
      }
      resolve({ status: Number(statusLine.split(' ')[1]), headers: out, body: rest.join('\r\n\r\n') });
    });
    const extra = Object.entries({ Host: `127.0.0.1:${server.port}`, Connection: 'close', ...headers })
      .map(([k, v]) => `${k}: ${v}\r\n`)
      .join('');
    const request = `${method} ${target} HTTP/1.1\r\n${extra}\r\n`;
    if (halfClose) socket.end(request, 'latin1');
    else socket.write(request, 'latin1');
  });
}

describe('every request answered, the server alive (#42 item 1)', () => {
  it('answers the targets that crashed it with 400 or 404, then serves / as before', async () => {
    const targets = [
      '//%25',
      '//%',
      '//[',
      '///[',
      '//a:99999/',
      '//a%zz',
      '//xn--/',
      '//0x100000000/',
      '/\\[',
      '/a%zz',
    ];
    for (const target of [...targets, 'http://a:99999/', 'http://', 'http://[::1', '/%5C%5Cevil'])
      expect([target, [400, 404].includes((await raw(target)).status)]).toEqual([target, true]);
    expect((await raw('/a%zz')).status).toBe(400);
    expect((await raw('http://localhost/about')).status).toBe(200);
    expect(await raw('/')).toMatchObject({ status: 200, body: '<html>home</html>' });
  });

  it('answers a client that closes its side right after the request (a half-close)', async () => {
    expect(await raw('/about', {}, 'GET', true)).toMatchObject({ status: 200, body: '<html>about</html>' });
    expect((await raw('/nothing-here', {}, 'GET', true)).status).toBe(404);
  });
});

describe('Range (#42 item 2)', () => {
  it('serves one range as RFC 9110 says: the last N bytes, one byte, first-', async () => {
    expect(await raw('/data.txt', { Range: 'bytes=-5' })).toMatchObject({
      status: 206,
      body: '56789',
      headers: { 'content-range': 'bytes 5-9/10', 'content-length': '5' },
    });
    expect(await raw('/data.txt', { Range: 'bytes=0-0' })).toMatchObject({ status: 206, body: '0' });
    expect(await raw('/data.txt', { Range: 'bytes=8-' })).toMatchObject({ status: 206, body: '89' });
  });

  it('answers an invalid or unsatisfiable range with 416 and the length, several with the whole file', async () => {
    for (const range of ['bytes=5-2', 'bytes=10-', 'bytes=abc', 'bytes=-0'])
      expect([range, await raw('/data.txt', { Range: range })]).toMatchObject([
        range,
        { status: 416, headers: { 'content-range': 'bytes */10' } },
      ]);
    expect(await raw('/data.txt', { Range: 'bytes=0-1,4-5' })).toMatchObject({ status: 200, body: '0123456789' });
    expect((await raw('/')).status).toBe(200);
  });
});

describe('a folder it did not build (#42 item 9)', () => {
  it('follows symbolic links only inside the folder', async () => {
    for (const target of ['/leak.txt', '/leakdir/s.txt', '/passwd'])
      expect([target, (await raw(target)).status]).toEqual([target, 404]);
    expect(await raw('/alias')).toMatchObject({ status: 200, body: '<html>about</html>' });
    expect((await raw('/gone')).status).toBe(404);
    expect((await raw('/loop1')).status).toBe(404);
  });

  it('never opens a FIFO: many requests for one answer 404 and the server goes on', async () => {
    const answers = await Promise.all(Array.from({ length: 8 }, () => raw('/pipe')));
    expect(answers.map((a) => a.status)).toEqual(Array(8).fill(404));
    expect((await raw('/')).status).toBe(200);
  });

  it('warns of each host-file line it cannot follow, and a request matching it still gets an answer', async () => {
    expect(server.problems).toEqual([
      { file: '_headers', line: 3, message: expect.stringContaining('"X-Bad Name" is not a header name') },
      { file: '_redirects', line: 1, message: expect.stringContaining('percent-encode') },
    ]);
    expect((await raw('/eur')).status).toBe(404);
    expect((await raw('/about')).headers['x-frame-options']).toBe('DENY');
  });

  it('never answers with a Location that leaves the site', async () => {
    const origin = `http://127.0.0.1:${server.port}`;
    for (const target of ['/.//evil.com/..%2Fabout.html', '/go//evil.com', '/go/%2F%2Fevil.com', '/go/%5Cevil.com']) {
      const r = await raw(target);
      if (r.headers.location) expect([target, new URL(r.headers.location, origin).origin]).toEqual([target, origin]);
    }
  });

  it('redirects /about/ and /about.html to /about, and a rule without ! never beats a file', async () => {
    expect(await raw('/about/')).toMatchObject({ status: 301, headers: { location: '/about' } });
    expect(await raw('/about.html?x=1')).toMatchObject({ status: 301, headers: { location: '/about?x=1' } });
    expect(await raw('/guides/index.html')).toMatchObject({ status: 301, headers: { location: '/guides' } });
    expect(await raw('/')).toMatchObject({ status: 200, body: '<html>home</html>' });
    expect(await raw('/about')).toMatchObject({ status: 200, body: '<html>about</html>' });
    expect(await raw('/guides')).toMatchObject({ status: 200, body: '<html>guides</html>' });
    expect(await raw('/old')).toMatchObject({ status: 301, headers: { location: '/about' } });
  });

  it('serves neither host files nor dotfiles', async () => {
    for (const target of ['/_headers', '/_redirects', '/vercel.json', '/nginx-redirects.conf', '/.env', '/.git/config'])
      expect([target, (await raw(target)).status]).toEqual([target, 404]);
  });

  it('never lets a 404 be cached, even where _headers makes assets immutable', async () => {
    const missing = await raw('/assets/missing.css');
    expect(missing).toMatchObject({ status: 404, body: '<html>not found page</html>' });
    expect(missing.headers['cache-control']).toBe('no-store');
    expect((await raw('/assets/site.css')).headers['cache-control']).toContain('immutable');
  });
});
