/**
 * Issue 60, 12: requests preview and dev used to answer wrongly: CONNECT (no answer at all), two Host headers, an
 * absolute-form target naming another host, and `If-None-Match: *` (all 200).
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { preview, type PreviewServer } from '../src/index.js';
import { devOnFixture } from './fixture.js';

/** Writes `head` (request line and headers) on a socket and reads the status of the answer. */
function statusOf(port: number, head: string): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (c) => chunks.push(c));
    socket.on('error', reject);
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('latin1');
      resolve({ status: Number(text.split(' ')[1]), text });
    });
    socket.write(`${head}Connection: close\r\n\r\n`, 'latin1');
  });
}

let base: string;
let served: PreviewServer;
beforeAll(async () => {
  base = await mkdtemp(path.join(tmpdir(), 'pa-site-round5-serve-'));
  await mkdir(path.join(base, 'site'));
  await writeFile(path.join(base, 'site', 'index.html'), '<html>home</html>');
  served = await preview({ dir: path.join(base, 'site'), port: 0 });
});
afterAll(async () => {
  await served?.close();
  await rm(base, { recursive: true, force: true });
});
const dev = devOnFixture();

const servers = () =>
  [
    ['preview', served.port],
    ['dev', dev.server.port],
  ] as const;

describe('requests answered as HTTP says', () => {
  it('CONNECT is answered 405 with Allow, not dropped', async () => {
    for (const [name, port] of servers()) {
      const r = await statusOf(port, `CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n`);
      expect([name, r.status]).toEqual([name, 405]);
      expect(r.text).toMatch(/\r\nAllow: GET, HEAD\r\n/);
    }
  });

  it('two Host headers are a bad request, the second naming this server or not', async () => {
    for (const [name, port] of servers()) {
      for (const second of ['evil.example', `127.0.0.1:${port}`]) {
        const r = await statusOf(port, `GET / HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nHost: ${second}\r\n`);
        expect([name, second, r.status]).toEqual([name, second, 400]);
      }
    }
  });

  it('an absolute-form target naming another host is refused, one naming this server served', async () => {
    for (const [name, port] of servers()) {
      const other = await statusOf(port, `GET http://evil.example/ HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n`);
      expect([name, other.status]).toEqual([name, 403]);
      expect(other.text).toContain('evil.example');
      const own = await statusOf(port, `GET http://127.0.0.1:${port}/ HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n`);
      expect([name, own.status]).toEqual([name, 200]);
    }
  });

  it('If-None-Match: * is 304 for a page that exists; a list holding the tag matches too', async () => {
    for (const [name, port] of servers()) {
      const r = await statusOf(port, `GET / HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nIf-None-Match: *\r\n`);
      expect([name, r.status]).toEqual([name, 304]);
    }
    const first = await statusOf(served.port, `GET / HTTP/1.1\r\nHost: 127.0.0.1:${served.port}\r\n`);
    const etag = /\r\nETag: ([^\r]+)/i.exec(first.text)?.[1];
    expect(etag).toBeTruthy();
    const listed = await statusOf(
      served.port,
      `GET / HTTP/1.1\r\nHost: 127.0.0.1:${served.port}\r\nIf-None-Match: "other", ${etag}\r\n`,
    );
    expect(listed.status).toBe(304);
    const none = await statusOf(
      served.port,
      `GET / HTTP/1.1\r\nHost: 127.0.0.1:${served.port}\r\nIf-None-Match: "x"\r\n`,
    );
    expect(none.status).toBe(200);
  });
});
