#!/usr/bin/env node
// Dev-server benchmark: time from saving a file to the dev server's reload event, on a copy of the
// real site. Edits, in turn, a Markdown page, a template used by one page (the contact form) and the
// shared layout (the header), and prints the median and range of each, with the pages reloaded and the
// pages rendered afresh (from the dev server's log line). Asserts nothing.
// Usage: node bench/dev-reload.mjs [--runs 7]
import { spawn } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { get } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { repoDir } from './generate.mjs';

const runsArg = process.argv.indexOf('--runs');
const runs = runsArg > 0 ? Number(process.argv[runsArg + 1]) : 7;
if (!Number.isInteger(runs) || runs < 1) throw new Error('usage: node bench/dev-reload.mjs [--runs 7]');

const root = mkdtempSync(path.join(os.tmpdir(), 'pa-site-dev-bench-'));
cpSync(path.join(repoDir, 'content'), path.join(root, 'content'), { recursive: true });
cpSync(path.join(repoDir, 'templates'), path.join(root, 'templates'), { recursive: true });

const edits = [
  { name: 'Markdown page (/about)', file: 'content/pages/about.md', from: /^## (.*)$/m, to: (k) => `## Heading ${k}` },
  {
    name: 'template used by one page (contact form)',
    file: 'templates/blocks/ContactForm.tsx',
    from: /Send (Your )*Message/,
    to: (k) => `Send ${'Your '.repeat(k)}Message`,
  },
  {
    name: 'shared layout (header)',
    file: 'templates/components/Header.tsx',
    from: /className="menu-label">[^<]*</,
    to: (k) => `className="menu-label">Menu ${k}<`,
  },
];

// A cache of its own: the shared one may hold a benchmark's 20,000 entries, whose index every build reads.
const cache = mkdtempSync(path.join(os.tmpdir(), 'pa-site-dev-bench-cache-'));
const child = spawn(process.execPath, [path.join(repoDir, 'bin', 'pa-site.js'), 'dev', '--root', root, '--port', '0'], {
  env: { ...process.env, NO_COLOR: '1', PA_SITE_CACHE_DIR: cache },
  stdio: ['ignore', 'pipe', 'inherit'],
});
let out = '';
/** Each build's log line after a save, "… (N rendered) in … ms (files)": the pages it rendered. */
const logLines = [];
let onLine = () => undefined;
const url = await new Promise((resolve, reject) => {
  child.stdout.on('data', (d) => {
    out += d;
    for (const m of String(d).matchAll(/\((\d+) rendered\) in \d+ ms \((.*)\)$/gm)) {
      logLines.push({ rendered: Number(m[1]), files: m[2] });
      onLine();
    }
    const m = /pa-site dev: (http:\/\/\S+)/.exec(out);
    if (m) resolve(m[1]);
  });
  child.once('exit', () => reject(new Error(`dev server exited:\n${out}`)));
});

const waiters = [];
let connected;
const ready = new Promise((r) => (connected = r));
get(`${url}/__pa-site/events`, (res) => {
  let buf = '';
  res.on('data', (chunk) => {
    connected(); // the server greets every new client with its error state
    buf += chunk;
    for (let i = buf.indexOf('\n\n'); i >= 0; i = buf.indexOf('\n\n')) {
      const block = buf.slice(0, i);
      buf = buf.slice(i + 2);
      const event = /^event: (.*)$/m.exec(block)?.[1];
      const data = JSON.parse(/^data: (.*)$/m.exec(block)?.[1] ?? 'null');
      if (event === 'reload') waiters.shift()?.({ at: performance.now(), routes: data.routes });
    }
  });
});
await ready;

const results = edits.map(() => []);
for (let k = 1; k <= runs; k++) {
  for (const [i, e] of edits.entries()) {
    const abs = path.join(root, e.file);
    const text = readFileSync(abs, 'utf8');
    const reload = new Promise((resolve) => waiters.push(resolve));
    const before = logLines.length;
    // The build that reloaded pages after this save: the first to name the file and render something (a
    // repeated file event can start another build, which finds every page in the cache and renders none).
    const mine = () => logLines.slice(before).find((l) => l.files.includes(e.file) && l.rendered > 0);
    const logged = new Promise((resolve) => {
      onLine = () => mine() && resolve(mine());
    });
    const t0 = performance.now();
    writeFileSync(abs, text.replace(e.from, e.to(k)));
    const { at, routes } = await reload;
    const { rendered } = await logged;
    results[i].push({ ms: at - t0, pages: routes.length, rendered });
  }
}
child.kill('SIGINT');
await new Promise((r) => child.once('exit', r));
for (const dir of [root, cache]) rmSync(dir, { recursive: true, force: true });

const load = os
  .loadavg()
  .map((l) => l.toFixed(2))
  .join(' ');
console.log(`# dev save → reload event, real site, ${runs} saves each; node ${process.version}; load average ${load}`);
for (const [i, e] of edits.entries()) {
  const ms = results[i].map((r) => r.ms).sort((a, b) => a - b);
  const median = ms[(ms.length - 1) >> 1];
  const pages = [...new Set(results[i].map((r) => r.pages))].join('/');
  const rendered = [...new Set(results[i].map((r) => r.rendered))].join('/');
  console.log(
    `${e.name}: median ${median.toFixed(0)} ms (min ${ms[0].toFixed(0)}, max ${ms.at(-1).toFixed(0)}); ` +
      `pages reloaded: ${pages}; pages rendered: ${rendered}`,
  );
}
