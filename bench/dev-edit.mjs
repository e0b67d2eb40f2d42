#!/usr/bin/env node
// Dev-edit benchmark (issue 62): from saving one Markdown page to the dev server serving its new HTML,
// for pa-site dev, Hugo's server (`hugo server`, when `hugo` is on PATH) and Eleventy 3's
// `--serve --incremental`, on the same generated corpus (generate.mjs), all three servers running at
// once and the edits interleaved in a rotated order. Each edit appends a sentence to another page; the
// time runs from the write to the first HTTP answer holding that sentence (polled every 10 ms). Also
// each server's CPU time (its process tree's user + system) from the write to 0.5 s after the answer,
// and the load average. Prints figures; asserts nothing.
// Usage: node bench/dev-edit.mjs [--pages 4000] [--edits 5] [--no-eleventy] [--no-hugo]
import { spawn, spawnSync } from 'node:child_process';
import { createServer } from 'node:net';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { generate, repoDir, workDir } from './generate.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const usage = 'usage: node bench/dev-edit.mjs [--pages 4000] [--edits 5] [--no-eleventy] [--no-hugo]';
const o = { pages: 4000, edits: 5, eleventy: true, hugo: true };
for (let i = 2; i < process.argv.length; i++) {
  const a = process.argv[i];
  if (a === '--help' || a === '-h') {
    console.log(usage);
    process.exit(0);
  } else if (a === '--no-eleventy') o.eleventy = false;
  else if (a === '--no-hugo') o.hugo = false;
  else if ((a === '--pages' || a === '--edits') && /^[1-9]\d*$/.test(process.argv[i + 1] ?? ''))
    o[a.slice(2)] = Number(process.argv[++i]);
  else {
    console.error(`${usage}\n(bad argument ${a})`);
    process.exit(2);
  }
}
if (o.pages < o.edits + 20) {
  console.error(`${usage}\n(--pages must be at least --edits + 20)`);
  process.exit(2);
}
const hasHugo = o.hugo && spawnSync('hugo', ['version']).status === 0;
const eleventyBin = path.join(here, 'node_modules', '@11ty', 'eleventy', 'cmd.cjs');
const hasEleventy = o.eleventy && existsSync(eleventyBin);
if (o.eleventy && !hasEleventy) console.log('Eleventy left out: run npm --prefix bench ci');
if (o.hugo && !hasHugo) console.log('Hugo left out: no hugo on PATH');

const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

/** User + system CPU seconds of `pid` and every process below it (Linux /proc; 0 elsewhere). */
function treeCpu(pid) {
  const stats = new Map();
  for (const name of existsSync('/proc') ? readdirSync('/proc') : []) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const text = readFileSync(`/proc/${name}/stat`, 'utf8');
      const f = text.slice(text.lastIndexOf(')') + 2).split(' ');
      stats.set(Number(name), { ppid: Number(f[1]), ticks: Number(f[11]) + Number(f[12]) });
    } catch {
      // gone meanwhile
    }
  }
  let ticks = 0;
  const walk = (p) => {
    ticks += stats.get(p)?.ticks ?? 0;
    for (const [child, s] of stats) if (s.ppid === p) walk(child);
  };
  walk(pid);
  return ticks / 100; // USER_HZ is 100 on Linux
}

console.log(`${o.pages} pages, ${o.edits} timed edits per tool after one untimed; load average ${load()}`);
const t0 = performance.now();
generate(o.pages);
const tmp = mkdtempSync(path.join(os.tmpdir(), 'pa-site-dev-edit-'));
const copy = (name) => {
  const to = path.join(tmp, name);
  cpSync(path.join(workDir, `${name}-${o.pages}`), to, { recursive: true });
  return to;
};

/** Starts a server and resolves with its base URL once its output says it is listening. */
function start(name, cmd, argv, cwd, ready, env = {}) {
  const child = spawn(cmd, argv, {
    cwd,
    env: { ...process.env, NO_COLOR: '1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const url = new Promise((resolve, reject) => {
    const hear = (d) => {
      out += d;
      const m = ready.exec(out);
      if (m) resolve(m[1].replace('localhost', '127.0.0.1').replace(/\/$/, ''));
    };
    child.stdout.on('data', hear);
    child.stderr.on('data', hear);
    child.once('exit', (code) =>
      reject(new Error(`${name} exited (${code}) before it listened:\n${out.slice(-2000)}`)),
    );
  });
  return { name, child, url, output: () => out };
}

/** A port nothing listens on now (Hugo 0.111 prints port 0 as given, not the one it took). */
const freePort = () =>
  new Promise((resolve) => {
    const srv = createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });

const tools = [];
const paRoot = copy('pa');
const cache = mkdtempSync(path.join(os.tmpdir(), 'pa-site-dev-edit-cache-'));
tools.push({
  ...start(
    'pa-site dev',
    process.execPath,
    [path.join(repoDir, 'bin', 'pa-site.js'), 'dev', '--root', paRoot, '--port', '0'],
    paRoot,
    /pa-site dev: (http:\/\/\S+)/,
    { PA_SITE_CACHE_DIR: cache },
  ),
  file: (k) => path.join(paRoot, 'content', 'pages', `guide-${k}.md`),
  page: (k) => `/guide-${k}`,
});
if (hasHugo) {
  const root = copy('hugo');
  tools.push({
    ...start(
      'Hugo server',
      'hugo',
      ['server', '--bind', '127.0.0.1', '--port', String(await freePort())],
      root,
      /Web Server is available at (\S+)/,
    ),
    file: (k) => path.join(root, 'content', `guide-${k}.md`),
    page: (k) => `/guide-${k}.html`,
  });
}
if (hasEleventy) {
  const root = copy('11ty');
  const port = await freePort();
  tools.push({
    ...start(
      'Eleventy --incremental',
      process.execPath,
      [eleventyBin, '--serve', '--incremental', '--port', String(port), '--quiet'],
      root,
      /Server at (http:\/\/\S+)/,
    ),
    file: (k) => path.join(root, 'pages', `guide-${k}.md`),
    page: (k) => `/guide-${k}.html`,
  });
}

try {
  for (const t of tools) {
    t.base = await t.url;
    t.ms = [];
    t.cpu = [];
  }
  console.log(`servers up in ${Math.round(performance.now() - t0)} ms (first builds included); load average ${load()}`);

  /** One edit: append a sentence to page k, then poll the page until it is served. */
  const edit = async (t, k, tag) => {
    const file = t.file(k);
    const marker = `Edit marker ${tag}.`;
    const cpu0 = treeCpu(t.child.pid);
    writeFileSync(file, `${readFileSync(file, 'utf8')}\n${marker}\n`);
    const start = performance.now();
    for (;;) {
      if (performance.now() - start > 300_000) throw new Error(`${t.name}: no edit served after 300 s`);
      try {
        const r = await fetch(t.base + t.page(k));
        if ((await r.text()).includes(marker)) break;
      } catch {
        // the server may refuse while it rebuilds: ask again
      }
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    const ms = performance.now() - start;
    await new Promise((resolve) => setTimeout(resolve, 500));
    return { ms, cpu: treeCpu(t.child.pid) - cpu0 };
  };

  for (const t of tools) {
    const first = await edit(t, 10, `${t.name} first`);
    console.log(`${t.name}: untimed first edit ${Math.round(first.ms)} ms`);
  }
  for (let round = 0; round < o.edits; round++) {
    const order = tools.map((_, i) => tools[(i + round) % tools.length]);
    for (const t of order) {
      const { ms, cpu } = await edit(t, 11 + round, `${t.name} ${round}`);
      t.ms.push(ms);
      t.cpu.push(cpu);
    }
    console.log(
      `round ${round + 1}: ${order.map((t) => `${t.name} ${Math.round(t.ms.at(-1))} ms`).join(', ')}; load ${load()}`,
    );
  }

  const hugo = tools.find((t) => t.name.startsWith('Hugo'));
  console.log(`\nsave → edited page served, ${o.pages} pages, median of ${o.edits} (min–max); load average ${load()}`);
  console.log('| tool | median ms | min–max ms | × Hugo | CPU s per edit (median) |');
  console.log('| --- | --: | --: | --: | --: |');
  for (const t of tools) {
    const m = median(t.ms);
    const ratio = hugo ? (m / median(hugo.ms)).toFixed(2) : '–';
    const range = `${Math.round(Math.min(...t.ms))}–${Math.round(Math.max(...t.ms))}`;
    console.log(
      `| ${t.name} | ${Math.round(m).toLocaleString('en-US')} | ${range} | ${ratio} | ${median(t.cpu).toFixed(2)} |`,
    );
  }
} finally {
  for (const t of tools) t.child.kill('SIGINT');
  await Promise.all(
    tools.map((t) => new Promise((resolve) => (t.child.exitCode !== null ? resolve() : t.child.once('exit', resolve)))),
  );
  rmSync(tmp, { recursive: true, force: true });
  rmSync(cache, { recursive: true, force: true });
}
