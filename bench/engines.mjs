#!/usr/bin/env node
// Markdown engines side by side: cold builds (no render cache) of the same generated site with
// `markdown: { engine: markdown-it }` and `{ engine: remark }`, alternating, as child processes.
// Prints figures; asserts nothing. Usage: node bench/engines.mjs [--pages 1000] [--runs 3]
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { generate, repoDir } from './generate.mjs';

function args(argv) {
  const o = { pages: 1000, runs: 3 };
  for (let i = 2; i < argv.length; i++) {
    const [k, v] = [argv[i], Number(argv[++i])];
    if ((k === '--pages' || k === '--runs') && Number.isInteger(v) && v > 1) o[k.slice(2)] = v;
    else throw new Error('usage: node bench/engines.mjs [--pages 1000] [--runs 3]');
  }
  return o;
}

const { pages, runs } = args(process.argv);
const source = generate(pages).pa;
const roots = {};
for (const engine of ['markdown-it', 'remark']) {
  const root = mkdtempSync(path.join(os.tmpdir(), `bench-engine-${engine}-`));
  cpSync(path.join(source, 'content'), path.join(root, 'content'), { recursive: true });
  const site = path.join(root, 'content', 'site.yaml');
  writeFileSync(site, `${readFileSync(site, 'utf8')}\nmarkdown:\n  engine: ${engine}\n`);
  roots[engine] = root;
}

const bin = path.join(repoDir, 'bin', 'pa-site.js');
const times = { 'markdown-it': [], remark: [] };
for (let r = 0; r < runs; r++) {
  for (const engine of Object.keys(roots)) {
    const t0 = process.hrtime.bigint();
    const run = spawnSync(process.execPath, [bin, 'build', '--root', roots[engine], '--no-cache', '--quiet'], {
      env: { ...process.env, NO_COLOR: '1' },
      encoding: 'utf8',
    });
    const ms = Number(process.hrtime.bigint() - t0) / 1e6;
    if (run.status !== 0) throw new Error(`${engine} build failed:\n${run.stderr}`);
    times[engine].push(ms);
  }
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const [load] = os.loadavg();
console.log(`${os.cpus().length} CPUs, Node ${process.version}, load average ${load.toFixed(2)}; ${pages} pages`);
console.log(`${runs} cold builds each (no render cache), median wall time:`);
const base = median(times['markdown-it']);
for (const [engine, xs] of Object.entries(times)) {
  const m = median(xs);
  const perPage = (m / pages).toFixed(2);
  console.log(`  ${engine.padEnd(12)} ${(m / 1000).toFixed(2)} s  ${perPage} ms/page  ${(m / base).toFixed(2)}×`);
}
for (const root of Object.values(roots)) rmSync(root, { recursive: true, force: true });
