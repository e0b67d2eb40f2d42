import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { get, type IncomingMessage } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyOfContent, buildRealSite, repoRoot } from './helpers.js';
import { scaled } from './machine.js';

const bin = path.join(repoRoot, 'bin', 'pa-site.js');
const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });

interface Event {
  event: string;
  data: unknown;
  at: number;
}

let proc: ChildProcess;
let base = '';
let project: Awaited<ReturnType<typeof copyOfContent>>;
const events: Event[] = [];
let stdout = '';
let sse: IncomingMessage;
/**
 * The dev servers' own cache folder: what renders on a save (the log's counts) must not depend on
 * what earlier test runs left in the shared render cache.
 */
let cacheDir = '';
const env = () => ({ ...process.env, NO_COLOR: '1', PA_SITE_CACHE_DIR: cacheDir });

const fetchText = async (p: string) => {
  const r = await fetch(base + p);
  return { status: r.status, text: await r.text() };
};
async function waitFor<T>(fn: () => T | undefined, what: string, ms = scaled(15_000)): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = fn();
    if (v) return v;
    if (Date.now() > end)
      throw new Error(
        `timed out waiting for ${what}; events: ${JSON.stringify(events.map((e) => e.event))}\n${stdout}`,
      );
    await new Promise((r) => setTimeout(r, 20));
  }
}
// biome-ignore lint/suspicious/noExplicitAny: event payloads are JSON of several shapes; each test reads its own
const nextEvent = (name: string, since: number, test: (d: any) => boolean = () => true) =>
  waitFor(() => events.find((e) => e.event === name && e.at >= since && test(e.data)), `"${name}" event`);

describe('pa-site dev', () => {
  beforeAll(async () => {
    project = await copyOfContent();
    cacheDir = await mkdtemp(path.join(tmpdir(), 'pa-site-dev-cache-'));
    await cp(path.join(repoRoot, 'templates'), path.join(project.root, 'templates'), { recursive: true });
    const port = await freePort();
    proc = spawn(process.execPath, [bin, 'dev', '--root', project.root, '--port', String(port)], { env: env() });
    proc.stdout!.on('data', (d) => (stdout += d));
    proc.stderr!.on('data', (d) => (stdout += d));
    base = await waitFor(
      () => /pa-site dev: (http:\/\/127\.0\.0\.1:\d+)/.exec(stdout)?.[1],
      'the dev server URL',
      60_000,
    );
    await new Promise<void>((resolve) => {
      get(`${base}/__pa-site/events`, (res) => {
        sse = res;
        let buf = '';
        res.on('data', (chunk) => {
          buf += chunk;
          for (let i = buf.indexOf('\n\n'); i >= 0; i = buf.indexOf('\n\n')) {
            const block = buf.slice(0, i);
            buf = buf.slice(i + 2);
            const event = /^event: (.*)$/m.exec(block)?.[1] ?? 'message';
            const data = JSON.parse(/^data: (.*)$/m.exec(block)?.[1] ?? 'null');
            events.push({ event, data, at: Date.now() });
          }
        });
        resolve();
      });
    });
  });
  afterAll(async () => {
    sse?.destroy();
    if (proc.exitCode === null && proc.signalCode === null) {
      const exited = new Promise((resolve) => proc.once('exit', resolve));
      proc.kill('SIGINT');
      await exited;
    }
    await project.cleanup();
    await rm(cacheDir, { recursive: true, force: true });
  });

  it('serves clean URLs on 127.0.0.1 with the dev client injected', async () => {
    expect(base).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const home = await fetchText('/');
    expect(home.status).toBe(200);
    expect(home.text).toContain('<script src="/__pa-site/client.js"></script>');
    const about = await fetchText('/about');
    expect(about.status).toBe(200);
    expect(about.text).toContain('<h1>');
  });

  it('answers unknown paths with 404 and a list of the routes', async () => {
    const r = await fetchText('/abuot');
    expect(r.status).toBe(404);
    expect(r.text).toContain('Oops! Page not found');
    expect(r.text).toContain('<a href="/about">/about</a>');
  });

  it('rebuilds an edited Markdown page and sends a reload event for it', async () => {
    const file = 'content/pages/about.md';
    const text = await project.read(file);
    const t0 = Date.now();
    await project.write(file, text.replace(/^## (.*)$/m, '## Edited heading for the dev test'));
    const ev = await nextEvent('reload', t0, (d) => d.routes.includes('/about'));
    expect((ev.data as { routes: string[] }).routes).toEqual(['/about']);
    console.log(`dev: Markdown save → reload event in ${ev.at - t0} ms`);
    expect((await fetchText('/about')).text).toContain('Edited heading for the dev test');
  });

  it('reloads a page whose edit is undone, though its earlier version comes from the render cache', async () => {
    const file = 'content/pages/about.md';
    const text = await project.read(file);
    const edited = text.replace(/^## (.*)$/m, '## Undo test heading');
    expect(edited).not.toBe(text);
    let t0 = Date.now();
    await project.write(file, edited);
    await nextEvent('reload', t0, (d) => d.routes.includes('/about'));
    expect((await fetchText('/about')).text).toContain('Undo test heading');
    // The undo: this version rendered (and went into the render cache) before the edit; nothing renders now.
    t0 = Date.now();
    await project.write(file, text);
    const ev = await nextEvent('reload', t0, (d) => d.routes.includes('/about'));
    expect((ev.data as { routes: string[] }).routes).toEqual(['/about']);
    expect((await fetchText('/about')).text).not.toContain('Undo test heading');
  });

  it('shows a broken page as the error screen with file and line, and recovers on the next good save', async () => {
    const file = 'content/pages/about.md';
    const good = await project.read(file);
    const t0 = Date.now();
    await project.write(file, good.replace(/^updated: .*$/m, 'updated: 2025-13-40'));
    try {
      // Wait for the build of the whole save: a loaded machine can let a build read the file half-written
      // (truncated, not yet filled), and that build's error-state comes first; the last save still wins.
      // (The half-written file's "no frontmatter" hint names `updated` too: wait for the field's own error.)
      const ev = await nextEvent(
        'error-state',
        t0,
        (d) => d !== null && /about\.md:\d+:\d+ {2}updated/.test(JSON.stringify(d)),
      );
      expect(JSON.stringify(ev.data)).toMatch(/content\/pages\/about\.md:\d+:\d+ {2}updated/);
      const page = await fetchText('/about');
      expect(page.status).toBe(500);
      expect(page.text).toContain('The site could not be built');
      expect(page.text).toMatch(/content\/pages\/about\.md:\d+:\d+ {2}updated/);
      // Other pages keep serving the last good output (the overlay comes from the client script).
      expect((await fetchText('/')).status).toBe(200);
    } finally {
      const t1 = Date.now();
      await project.write(file, good);
      await nextEvent('error-state', t1, (d) => d === null);
      const reload = await nextEvent('reload', t1);
      expect((reload.data as { routes: string[] }).routes).toContain('/about');
    }
    expect((await fetchText('/about')).status).toBe(200);
  });

  it('reports a broken operator file and re-renders only the pages that show that operator once fixed', async () => {
    const file = 'content/operators/caesars-casino.yaml';
    const good = await project.read(file);
    const t0 = Date.now();
    await project.write(file, good.replace(/^brandColor: .*$/m, 'brandColor: green'));
    // A read of the half-written file (empty: every field missing) may come first; the whole save wins.
    const feature = 'challenges its deposit-match promotion';
    expect(good).toContain(feature); // the feature edited below
    const line = good.split('\n').findIndex((l) => l.startsWith('brandColor:')) + 1;
    const expected = `content/operators/caesars-casino.yaml:${line}:13  brandColor`;
    try {
      await nextEvent('error-state', t0, (d) => d !== null && JSON.stringify(d).includes(expected));
    } catch (e) {
      await project.write(file, good); // leave a valid file for the tests after this one
      throw e;
    }
    const t1 = Date.now();
    await project.write(file, good.replace(feature, `${feature} in court`));
    const reload = await nextEvent('reload', t1);
    const routes = (reload.data as { routes: string[] }).routes;
    // The pages that show the operator re-render; only the ranking cards show the edited feature: the
    // ranking, and the Top lists of home and the casino hub that Caesars Palace leads (the casino review
    // index lists reviews, not ranking cards), so only those reload.
    expect([...routes].sort()).toEqual(['/', '/best-pa-online-casinos', '/online-casinos']);
    expect(routes).not.toContain('/pa-online-casino-apps');
    expect(routes).not.toContain('/about');
    expect(routes).not.toContain('/pa-gambling-laws');
    await waitFor(() => /updated 3 pages \(\d+ rendered\)/.test(stdout), 'the build log line');
  });

  it('applies a CSS change without a page reload', async () => {
    const file = 'templates/styles/base.css';
    const css = await project.read(file);
    const t0 = Date.now();
    await project.write(file, css.replace('--gold: #f5c542;', '--gold: #f5c543;'));
    const ev = await nextEvent('css', t0);
    expect((ev.data as { href: string }).href).toMatch(/^\/assets\/styles-\w+\.css$/);
    await new Promise((r) => setTimeout(r, 300));
    expect(events.some((e) => e.event === 'reload' && e.at >= t0)).toBe(false);
    expect((await fetchText((ev.data as { href: string }).href)).text).toContain('#f5c543');
  });

  it('reloads only the page that uses an edited template', async () => {
    const file = 'templates/blocks/ContactForm.tsx';
    const src = await project.read(file);
    const t0 = Date.now();
    await project.write(file, src.replace('Send Message', 'Send Your Message'));
    const ev = await nextEvent('reload', t0);
    console.log(`dev: one-page template save → reload event in ${ev.at - t0} ms`);
    expect((ev.data as { routes: string[] }).routes).toEqual(['/contact']);
    // Only the page that renders the form was rendered again: every other page came from the cache.
    await waitFor(() => /updated \/contact \(1 rendered\)/.test(stdout), 'the build log line');
    expect((await fetchText('/contact')).text).toContain('Send Your Message');
  });

  it('re-renders every page after a change to a template they all use', async () => {
    const file = 'templates/components/Hero.tsx';
    const src = await project.read(file);
    const t0 = Date.now();
    await project.write(file, src.replace('Last Updated: ', 'Updated: '));
    const ev = await nextEvent('reload', t0);
    console.log(`dev: shared template save → reload event in ${ev.at - t0} ms`);
    expect((ev.data as { routes: string[] }).routes).toEqual(expect.arrayContaining(['/', '/about', '/contact']));
    expect((await fetchText('/about')).text).toContain('Updated: <time');
    // Every page renders again (the hero is on all of them), though only some show the changed words.
    const pages = /\((\d+) pages,/.exec(stdout)![1];
    await waitFor(() => stdout.includes(`(${pages} rendered)`), 'the build log line');
  });

  it('picks up a template mistake even when a content save comes next', async () => {
    const file = 'templates/components/Hero.tsx';
    const good = await project.read(file);
    const t0 = Date.now();
    await project.write(file, good.replace('export function Hero', 'export function Hero(('));
    await nextEvent('error-state', t0, (d) => d !== null);
    const about = await project.read('content/pages/about.md');
    const t1 = Date.now();
    await project.write('content/pages/about.md', about.replace(/^## (.*)$/m, '## Heading after a template error'));
    const ev = await nextEvent('error-state', t1, (d) => d !== null);
    expect(JSON.stringify(ev.data)).toContain('templates/components/Hero.tsx');
    const t2 = Date.now();
    await project.write(file, good);
    await nextEvent('error-state', t2, (d) => d === null);
  });

  it('tells a second dev server for the same folder what is running', () => {
    const r = spawnSync(process.execPath, [bin, 'dev', '--root', project.root], {
      encoding: 'utf8',
      timeout: scaled(60_000),
      env: env(),
    });
    expect(r.status).toBe(1);
    expect(r.stderr).toContain(`pa-site dev is already running for ${project.root} at ${base}`);
  });

  it('stops cleanly with exit 0 on Ctrl-C', async () => {
    proc.kill('SIGINT');
    const code = await new Promise<number | null>((resolve) => proc.once('exit', resolve));
    expect(code).toBe(0);
    expect(stdout).toContain('pa-site dev stopped.');
  });

  it('leaves no trace of the dev client in a production build', async () => {
    const site = await buildRealSite();
    for (const f of await site.files()) {
      if (/\.(html|js)$/.test(f)) expect(await site.read(f), f).not.toContain('__pa-site');
    }
  });
});
