/** The request handling dev shares with preview (#42 item 1): a malformed target is 400, never 500 or a crash. */
import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { devOnFixture } from './fixture.js';

const dev = devOnFixture();

/** One request written as given on a socket; resolves with the status and the body. */
const raw = (target: string, headers = '') =>
  new Promise<{ status: number; body: string }>((resolve, reject) => {
    const socket = connect(dev.server.port, '127.0.0.1');
    let text = '';
    socket.setEncoding('latin1');
    socket.on('data', (c: string) => {
      text += c;
    });
    socket.on('error', reject);
    socket.on('close', () => resolve({ status: Number(text.split(' ')[1]), body: text.split('\r\n\r\n')[1] ?? '' }));
    socket.write(`GET ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n${headers}\r\n`);
  });

describe('dev answers as preview does', () => {
  it('answers a target the URL parser throws on with 400, then serves / as before', async () => {
    for (const target of ['//%', '//a%zz', 'http://a:99999/', 'http://[::1'])
      expect([target, (await raw(target)).status]).toEqual([target, 400]);
    expect((await raw('/')).status).toBe(200);
  });

  it('answers a backwards Range on an asset with 416 and a suffix range with the last bytes', async () => {
    const home = await raw('/');
    const css = /href="(\/assets\/[^"]+\.css)"/.exec(home.body)?.[1];
    expect(css).toBeDefined();
    expect((await raw(css!, 'Range: bytes=5-2\r\n')).status).toBe(416);
    const whole = (await raw(css!)).body;
    expect(await raw(css!, 'Range: bytes=-5\r\n')).toEqual({ status: 206, body: whole.slice(-5) });
  });
});
