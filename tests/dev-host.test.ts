import { get } from 'node:http';
import { describe, expect, it } from 'vitest';
import { devOnFixture } from './fixture.js';

const dev = devOnFixture();

/** GET / with a chosen Host header (fetch does not let a caller set Host). */
const getWithHost = (host: string) =>
  new Promise<{ status: number; body: string }>((resolve, reject) => {
    get({ host: '127.0.0.1', port: dev.server.port, path: '/', headers: { Host: host } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c) => {
        body += c;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    }).on('error', reject);
  });

describe('dev server Host header (#16 item 7)', () => {
  it('answers loopback names and addresses', async () => {
    expect((await getWithHost(`localhost:${dev.server.port}`)).status).toBe(200);
    expect((await getWithHost(`127.0.0.1:${dev.server.port}`)).status).toBe(200);
    expect((await getWithHost('127.0.0.2')).status).toBe(200);
    expect((await getWithHost(`[::1]:${dev.server.port}`)).status).toBe(200);
  });

  it('refuses IP addresses that are not loopback ones', async () => {
    for (const host of ['10.1.2.3', `8.8.8.8:${dev.server.port}`, '[fd00::2]']) {
      const r = await getWithHost(host);
      expect([host, r.status]).toEqual([host, 403]);
      expect(r.body).toContain(`received Host: ${JSON.stringify(host)}`);
    }
  });

  it('refuses any other name with 403 and a message (DNS rebinding)', async () => {
    const r = await getWithHost(`evil.example:${dev.server.port}`);
    expect(r.status).toBe(403);
    expect(r.body).toContain('pa-site dev answers only requests for localhost');
    expect(r.body).toContain(`received Host: "evil.example:${dev.server.port}"`);
  });
});
