/**
 * `preview()` while `build()` swaps the output folder under it (#42 item 3): files are looked up at
 * each request, so no body is cut at an old length or stalls, a new page and the current stylesheet
 * answer at once, and the server lives through every swap.
 */
import { Agent, get } from 'node:http';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { build, preview, type PreviewServer } from '../src/index.js';
import { fixtureProject, GOOD_FM } from './fixture.js';
import { scaled } from './machine.js';

let p: Awaited<ReturnType<typeof fixtureProject>>;
let server: PreviewServer;
const agent = new Agent({ keepAlive: true, maxSockets: 4 });

/** A page whose length changes with each build: longer, then shorter, then longer. */
const SENTENCE = 'A sentence to change the length of the page. ';
const page = (round: number) => `---\n${GOOD_FM}\n---\n\nRound ${round}. ${SENTENCE.repeat(round % 2 ? 400 : 5)}\n`;

beforeAll(async () => {
  p = await fixtureProject({ 'content/pages/second.md': page(0) });
  expect((await build({ root: p.root, cache: false })).ok).toBe(true);
  server = await preview({ root: p.root, port: 0 });
}, scaled(60_000));
afterAll(async () => {
  agent.destroy();
  await server?.close();
  await p?.cleanup();
});

/** A GET on a keep-alive connection; rejects when the body is cut short or the connection fails. */
const fetchWhole = (route: string) =>
  new Promise<{ status: number; body: string }>((resolve, reject) => {
    get(`${server.url}${route}`, { agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('error', reject);
      res.on('end', () => {
        const body = Buffer.concat(chunks);
        const length = Number(res.headers['content-length']);
        if (res.statusCode === 200 && body.length !== length)
          reject(new Error(`${route}: ${body.length} bytes of ${length}`));
        else resolve({ status: res.statusCode ?? 0, body: body.toString('utf8') });
      });
      res.on('aborted', () => reject(new Error(`${route}: aborted`)));
    }).on('error', reject);
  });

it(
  'serves whole, current files during and after several rebuilds',
  async () => {
    let served = 0;
    const problems: string[] = [];
    for (let round = 1; round <= 4; round++) {
      await p.write('content/pages/second.md', page(round));
      const fm = GOOD_FM.replace('Second page title', `New page ${round}`).replace(
        'A second page',
        `New page ${round}`,
      );
      await p.write(`content/pages/new-${round}.md`, `---\n${fm}\n---\n\nNew page ${round}.\n`);
      let building = true;
      const rebuilt = build({ root: p.root, cache: false }).finally(() => {
        building = false;
      });
      // Steady requests until the build has swapped the folder.
      const load = async () => {
        while (building) {
          for (const route of ['/', '/second']) {
            const r = await fetchWhole(route).catch((e: Error) => ({ status: -1, body: e.message }));
            if (r.status !== 200 || !r.body.trimEnd().endsWith('</html>'))
              problems.push(`${route}: ${r.status} ${r.body.slice(0, 80)}`);
            served += 1;
          }
        }
      };
      await Promise.all([rebuilt, load(), load()]);
      expect((await rebuilt).ok).toBe(true);
      const second = await fetchWhole('/second');
      expect(second.body).toContain(`Round ${round}.`);
      expect((await fetchWhole(`/new-${round}`)).status).toBe(200);
      const css = /href="(\/assets\/[^"]+\.css)"/.exec(second.body)?.[1];
      expect((await fetchWhole(css ?? '/no-stylesheet-link')).status).toBe(200);
    }
    expect(problems).toEqual([]);
    expect(served).toBeGreaterThan(0);
  },
  scaled(120_000),
);
