/**
 * `--external` against local servers only (no network), linkinator making the requests: redirects
 * (a permanent one is a warning naming the new URL), rate limits with 429 and Retry-After (waited on
 * up to a limit, the host paused), timeouts, dropped connections, per-host concurrency, fragments on
 * external pages, mailto: addresses, and the result cache between runs (read safely, never written
 * over another file).
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { check, type CheckResult } from '../src/index.js';
import { retryAfterMs } from '../src/check/external-client.js';
import { mailtoProblems } from '../src/check/mailto.js';
import { scaled } from './machine.js';

/** How long a local server may take to answer before the checker gives up: /slow never answers. */
const answerMs = scaled(1_000);

const work = mkdtempSync(path.join(tmpdir(), 'pa-site-external-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

let server: Server;
let base: string;
/** Requests by path, with the time each arrived. */
const hits = new Map<string, number[]>();
/** The headers of the last request to each path. */
const heard = new Map<string, IncomingMessage['headers']>();
let inFlight = 0;
let maxInFlight = 0;
/** Requests that hang: answered (closed) when the test ends. */
const hanging: ServerResponse[] = [];

function handle(req: IncomingMessage, res: ServerResponse) {
  const url = req.url!;
  const times = hits.get(url) ?? [];
  times.push(Date.now());
  hits.set(url, times);
  heard.set(url, req.headers);
  const n = times.length;
  inFlight++;
  maxInFlight = Math.max(maxInFlight, inFlight);
  res.on('close', () => inFlight--);
  const send = (status: number, headers: Record<string, string> = {}, body = String(status)) => {
    res.writeHead(status, { 'content-type': 'text/plain', ...headers });
    res.end(req.method === 'HEAD' ? undefined : body);
  };
  if (url === '/ok' || url.startsWith('/many/')) {
    // Held a little, so requests to one host overlap if the client lets them.
    setTimeout(() => send(200), url.startsWith('/many/') ? 30 : 0);
  } else if (url === '/old') send(301, { location: '/new' });
  else if (url === '/new') send(200);
  else if (url === '/temp') send(302, { location: '/ok' });
  else if (url === '/chain') send(301, { location: '/temp' });
  else if (url === '/gone') send(404);
  else if (url === '/limited-once') send(n === 1 ? 429 : 200, n === 1 ? { 'retry-after': '1' } : {});
  else if (url === '/limited-long') send(429, { 'retry-after': '3600' });
  else if (url === '/flaky') send(n <= 1 ? 503 : 200);
  else if (url === '/slow') hanging.push(res);
  else if (url === '/drop') req.socket.destroy();
  else if (url === '/page.html' || url === '/moved-page')
    url === '/moved-page'
      ? send(308, { location: '/page.html' })
      : send(
          200,
          { 'content-type': 'text/html; charset=utf-8' },
          '<html><body><h2 id="here">Here</h2><p id="caf\u00e9">x</p><i id="L1"></i><i id="L9"></i>' +
            '<a href="/gone">a link on the page, not asked for</a></body></html>',
        );
  else send(404);
}

beforeAll(async () => {
  server = createServer(handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  for (const res of hanging) res.destroy();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});
beforeEach(() => {
  hits.clear();
  maxInFlight = 0;
});

let n = 0;
/** A built folder whose one page links `hrefs`. */
function site(hrefs: string[]): string {
  const dir = path.join(work, `site-${n++}`);
  mkdirSync(dir, { recursive: true });
  const links = hrefs.map((h) => `<a href="${h.replace(/&/g, '&amp;')}">x</a>`).join('\n');
  writeFileSync(
    path.join(dir, 'index.html'),
    `<!DOCTYPE html><html><head><title>t</title></head><body>${links}</body></html>`,
  );
  return dir;
}
const external = (r: CheckResult) =>
  r.findings.filter((f) => f.category === 'external').map((f) => [f.rule, f.severity, f.target ?? f.message]);

describe('redirects', () => {
  it('reports a permanent redirect as a warning with the new URL; a temporary step makes it fine', async () => {
    const r = await check({ dir: site([`${base}/old`, `${base}/temp`, `${base}/chain`]), external: true });
    expect(external(r)).toEqual([['external-redirect', 'warning', `${base}/old`]]);
    expect(r.findings.find((f) => f.rule === 'external-redirect')!.message).toBe(
      `${base}/old moved permanently to ${base}/new`,
    );
    expect(r.ok).toBe(true);
  });
});

describe('rate limits, timeouts and dropped connections', () => {
  it('waits as Retry-After asks, then asks again', { timeout: scaled(30_000) }, async () => {
    const r = await check({ dir: site([`${base}/limited-once`]), external: true });
    expect(external(r)).toEqual([]);
    const [first, second] = hits.get('/limited-once')!;
    expect(second! - first!).toBeGreaterThanOrEqual(950);
  });

  it('does not wait longer than the limit: a warning says how long the site asked', async () => {
    const r = await check({ dir: site([`${base}/limited-long`]), external: true });
    expect(external(r)).toEqual([['external-link', 'warning', `${base}/limited-long`]]);
    expect(r.findings[0]!.message).toContain('asked to wait 3600 s');
    expect(hits.get('/limited-long')).toHaveLength(1);
  });

  it('retries a 5xx; reports a timeout and a dropped connection as errors with the reason', {
    timeout: scaled(30_000),
  }, async () => {
    const r = await check({
      dir: site([`${base}/flaky`, `${base}/slow`, `${base}/drop`, `${base}/ok`]),
      external: true,
      externalOptions: { timeout: answerMs, retries: 1 },
    });
    expect(external(r)).toEqual([
      ['external-link', 'error', `${base}/drop`],
      ['external-link', 'error', `${base}/slow`],
    ]);
    const messages = r.findings.map((f) => f.message).join('\n');
    expect(messages).toContain(`${base}/slow answered no response (no answer in ${answerMs} ms)`);
    expect(messages).toMatch(/\/drop answered no response \((connection closed before an answer|connection error)/);
    expect(hits.get('/drop')!.length).toBe(2);
    expect(hits.get('/flaky')!.length).toBe(2);
  });

  it('keeps to the requests in flight allowed per host', async () => {
    const urls = Array.from({ length: 12 }, (_, i) => `${base}/many/${i}`);
    const r = await check({ dir: site(urls), external: true, externalOptions: { perHost: 2, hostInterval: 0 } });
    expect(external(r)).toEqual([]);
    expect([...hits.keys()].filter((k) => k.startsWith('/many/'))).toHaveLength(12);
    expect(maxInFlight).toBeLessThanOrEqual(2);
  });

  it('reads Retry-After as seconds or an HTTP date', () => {
    expect(retryAfterMs('7')).toBe(7000);
    expect(retryAfterMs(new Date(10_000).toUTCString(), 4_000)).toBe(6000);
    expect(retryAfterMs('soon')).toBeNull();
    expect(retryAfterMs(null)).toBeNull();
  });
});

describe('fragments on external pages', () => {
  it('finds a missing id on the page the URL answers with, also through a redirect', async () => {
    const r = await check({
      dir: site([`${base}/page.html#here`, `${base}/page.html#gone`, `${base}/moved-page#nope`, `${base}/ok#x`]),
      external: true,
    });
    expect(external(r)).toEqual([
      ['external-fragment', 'error', `${base}/moved-page#nope`],
      ['external-fragment', 'error', `${base}/page.html#gone`],
      ['external-redirect', 'warning', `${base}/moved-page`],
    ]);
    // A page that is not HTML has no ids to check: #x on text/plain is left alone.
    expect(r.findings.find((f) => f.target === `${base}/page.html#gone`)!.message).toBe(
      `no id="gone" on ${base}/page.html`,
    );
  });
});

describe('linkinator makes the requests', () => {
  it('asks with linkinator (its browser-like headers, the user agent pa-site names), one GET per URL', async () => {
    const r = await check({ dir: site([`${base}/ok`]), external: true });
    expect(external(r)).toEqual([]);
    expect(hits.get('/ok')).toHaveLength(1);
    expect(heard.get('/ok')!['upgrade-insecure-requests']).toBe('1');
    expect(heard.get('/ok')!['user-agent']).toBe('pa-site-check (link checker)');
  });

  it("looks fragments up %-decoded and by both ends of a line range; the page's own links are not asked", async () => {
    const r = await check({
      dir: site([
        `${base}/page.html#caf%C3%A9`,
        `${base}/page.html#L1-L9`,
        `${base}/page.html#L1-L2`,
        `${base}/page.html#top`,
      ]),
      external: true,
    });
    expect(external(r)).toEqual([['external-fragment', 'error', `${base}/page.html#L1-L2`]]);
    expect(hits.get('/gone')).toBeUndefined();
  });
});

describe('mailto:', () => {
  it('parses the addresses of mailto: links, in the path and in to, cc and bcc', async () => {
    const r = await check({
      dir: site([
        'mailto:help@example.com',
        'mailto:no-at-sign',
        'mailto:a@example.org?cc=bad@&subject=x',
        'mailto:?subject=hi',
      ]),
      external: true,
    });
    expect(external(r)).toEqual([
      ['mailto-invalid', 'error', 'mailto:a@example.org?cc=bad@&subject=x'],
      ['mailto-invalid', 'error', 'mailto:no-at-sign'],
    ]);
  });

  it('accepts what RFC 6068 and RFC 5322 allow, and names what is wrong', () => {
    expect(mailtoProblems('mailto:%22not%20quite%22@example.com,x.y+tag@sub.example.co.uk')).toEqual([]);
    expect(mailtoProblems('mailto:a@[192.0.2.1]')).toEqual([]);
    expect(mailtoProblems('MAILTO:a@localhost')).toEqual([
      { part: 'a@localhost', why: 'has a domain without a dot ("localhost")' },
    ]);
    expect(mailtoProblems('mailto:a b@example.com')[0]!.why).toMatch(/characters an address cannot hold/);
    expect(mailtoProblems('mailto:a@exa_mple.com')[0]!.why).toMatch(/not a host name/);
    expect(mailtoProblems('mailto:%E0%A4%A@example.com')[0]!.why).toBe('has a broken %-escape');
  });
});

describe('the result cache', () => {
  it('asks again only what is not kept: lasting answers are kept, a timeout or 5xx is not, old ones expire', {
    timeout: scaled(30_000),
  }, async () => {
    const cacheFile = path.join(work, 'cache', 'external.json');
    const dir = site([`${base}/ok`, `${base}/gone`, `${base}/old`, `${base}/page.html#gone`, `${base}/slow`]);
    const options = { cacheFile, timeout: answerMs, retries: 0 };
    const first = await check({ dir, external: true, externalOptions: options });
    const kept = JSON.parse(readFileSync(cacheFile, 'utf8'));
    expect(Object.keys(kept.urls).sort()).toEqual([`${base}/gone`, `${base}/ok`, `${base}/old`, `${base}/page.html`]);
    hits.clear();
    const second = await check({ dir, external: true, externalOptions: options });
    expect(external(second)).toEqual(external(first));
    expect([...hits.keys()]).toEqual(['/slow']);
    hits.clear();
    await check({ dir, external: true, externalOptions: { ...options, cacheMaxAge: 0 } });
    expect([...hits.keys()].sort()).toEqual(['/gone', '/new', '/ok', '/old', '/page.html', '/slow']);
  });

  it('reads no cache file through a link, nor one that is not its own, and writes over neither', async () => {
    const elsewhere = path.join(work, 'elsewhere.json');
    writeFileSync(elsewhere, JSON.stringify({ tool: 'pa-site check --external', version: 1, urls: {} }));
    const link = path.join(work, 'link.json');
    symlinkSync(elsewhere, link);
    const foreign = path.join(work, 'foreign.json');
    writeFileSync(foreign, '{"mine": true}');
    for (const cacheFile of [link, foreign]) {
      const r = await check({ dir: site([`${base}/ok`]), external: true, externalOptions: { cacheFile } });
      expect(external(r).map((f) => f[0])).toEqual(['external-cache']);
    }
    expect(readFileSync(foreign, 'utf8')).toBe('{"mine": true}');
    expect(readFileSync(elsewhere, 'utf8')).toContain('"urls":{}');
  });
});
