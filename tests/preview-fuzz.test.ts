/**
 * `pa-site preview` under 10,000 generated requests (#42): malformed targets, encodings, ranges and
 * conditional headers, written raw on a few keep-alive connections. Every answer is below 500, and
 * afterwards the server answers `/` with 200, having printed no stack.
 */
import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { repoRoot } from './helpers.js';
import { scaled } from './machine.js';

const SITE: Record<string, string> = {
  'index.html': '<html>home</html>',
  'about.html': '<html>about</html>',
  '404.html': '<html>not found</html>',
  'assets/site.css': 'body{color:red}',
  'data.txt': '0123456789',
  _headers: '/*\n  X-Frame-Options: DENY\n  X-Bad Name: x\n/assets/*\n  Cache-Control: immutable\n',
  _redirects: '/eur /€ 301\n/go/* /:splat 302\n/r/:a/* /x/:a/:splat 301\n/alias /about 200\n/gone /404.html 410\n',
};

let base: string;
let child: ReturnType<typeof spawn>;
let port: number;
let stderr = '';

beforeAll(async () => {
  base = await mkdtemp(path.join(tmpdir(), 'pa-site-preview-fuzz-'));
  for (const [rel, text] of Object.entries(SITE)) {
    await mkdir(path.dirname(path.join(base, rel)), { recursive: true });
    await writeFile(path.join(base, rel), text);
  }
  child = spawn(process.execPath, [path.join(repoRoot, 'bin', 'pa-site.js'), 'preview', '--dir', base, '--port', '0'], {
    env: { ...process.env, NO_COLOR: '1' },
  });
  child.stderr?.on('data', (c: Buffer) => {
    stderr += c;
  });
  port = await new Promise<number>((resolve, reject) => {
    let out = '';
    child.stdout?.on('data', (c: Buffer) => {
      out += c;
      const m = /pa-site preview: http:\/\/127\.0\.0\.1:(\d+)/.exec(out);
      if (m) resolve(Number(m[1]));
    });
    child.once('exit', (code) => reject(new Error(`preview exited ${code}: ${out}${stderr}`)));
  });
}, scaled(60_000));
afterAll(async () => {
  child?.kill('SIGTERM');
  await rm(base, { recursive: true, force: true });
});

/** Pieces of targets the URL parser, decoders and rules treat specially. */
const PIECE = fc.constantFrom(
  ...['/', '//', '\\', '.', '..', '%', '%2', '%25', '%2F', '%2e', '%5C', '%00', '%C3%A9', '%E2%82', '%zz'],
  ...['[', ']', ':', '@', '?', '#', '*', '~', '`', 'a', 'about', 'data.txt', 'assets', 'site.css', '404'],
  ...['index.html', 'go', 'r', 'eur', 'alias', 'gone', '_headers', '.env', 'evil.com', 'xn--', '0x100000000', '99999'],
);
const TARGET = fc.oneof(
  { arbitrary: fc.array(PIECE, { maxLength: 8 }).map((parts) => `/${parts.join('')}`), weight: 20 },
  {
    arbitrary: fc
      .tuple(
        fc.constantFrom('http://', 'https://', 'http://a:99999', 'http://[::1', '//', '*'),
        fc.array(PIECE, { maxLength: 5 }),
      )
      .map(([start, parts]) => start + parts.join('')),
    weight: 5,
  },
  // Raw non-ASCII or a space: Node's parser answers 400 and closes the connection (rare, so few reconnect).
  { arbitrary: fc.constantFrom('/é', '/a b', '/\u0000'), weight: 1 },
);
const RANGE = fc
  .array(fc.constantFrom(...'0123456789-,= '.split(''), 'bytes=', '99999999999999999999'), { maxLength: 10 })
  .map((a) => a.join(''));
const REQUEST = fc.record({
  method: fc.constantFrom('GET', 'GET', 'GET', 'HEAD', 'POST', 'OPTIONS'),
  target: TARGET,
  range: fc.option(RANGE),
  ifRange: fc.option(fc.constantFrom('W/"x"', 'Thu, 01 Jan 1970 00:00:00 GMT', '"a"')),
  ifNoneMatch: fc.option(fc.constantFrom('*', 'W/"1-1"', '"x"')),
});
type Request = typeof REQUEST extends fc.Arbitrary<infer T> ? T : never;

const encode = (r: Request, last: boolean) =>
  [
    `${r.method} ${r.target} HTTP/1.1`,
    `Host: 127.0.0.1:${port}`,
    r.range === null ? '' : `Range: ${r.range}`,
    r.ifRange === null ? '' : `If-Range: ${r.ifRange}`,
    r.ifNoneMatch === null ? '' : `If-None-Match: ${r.ifNoneMatch}`,
    last ? 'Connection: close' : '',
    '',
    '',
  ]
    .filter((line, i, all) => line !== '' || i >= all.length - 2)
    .join('\r\n');

/** Sends requests pipelined on one connection; resolves with the statuses of the answers it read. */
const connection = (requests: Request[]) =>
  new Promise<number[]>((resolve) => {
    const socket = connect(port, '127.0.0.1');
    let text = '';
    socket.setEncoding('latin1');
    socket.on('data', (c: string) => {
      text += c;
    });
    socket.on('error', () => {});
    socket.on('close', () => resolve([...text.matchAll(/HTTP\/1\.1 (\d{3}) /g)].map((m) => Number(m[1]))));
    socket.write(Buffer.from(requests.map((r, i) => encode(r, i === requests.length - 1)).join(''), 'utf8'));
  });

/**
 * Every request's status, in order. Node answers a request its parser refuses with 400 and closes
 * the connection, so the rest go again on a new one; a connection closed with no answer at all
 * leaves its first request unanswered (-1).
 */
async function pipeline(requests: Request[]): Promise<number[]> {
  const statuses: number[] = [];
  while (statuses.length < requests.length) {
    const got = await connection(requests.slice(statuses.length));
    statuses.push(...(got.length ? got : [-1]));
  }
  return statuses;
}

it(
  'answers 10,000 generated requests below 500, then / with 200, and prints no stack',
  async () => {
    let answered = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(REQUEST, { minLength: 500, maxLength: 500 }), async (batch) => {
        const connections = [0, 1, 2, 3].map((k) => batch.filter((_, i) => i % 4 === k));
        const statuses = (await Promise.all(connections.map(pipeline))).flat();
        answered += statuses.length;
        expect(statuses.filter((s) => s >= 500)).toEqual([]);
        expect(child.exitCode).toBe(null);
      }),
      { numRuns: 20, endOnFailure: true },
    );
    expect(answered).toBe(10_000);
    const home = await pipeline([{ method: 'GET', target: '/', range: null, ifRange: null, ifNoneMatch: null }]);
    expect(home).toEqual([200]);
    expect(child.exitCode).toBe(null);
    expect(stderr).not.toMatch(/\n\s+at |Error|unexpected/);
  },
  scaled(60_000),
);
