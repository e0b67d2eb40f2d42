// Timing one tool's run as a child process, and the figures' arithmetic, for bench/run.mjs and
// bench/compare.mjs.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const rssHook = path.join(path.dirname(fileURLToPath(import.meta.url)), 'rss.mjs');
export const TIME = '/usr/bin/time';
export const useTime = existsSync(TIME) && spawnSync(TIME, ['-f', '%M', 'true']).status === 0;

/**
 * Runs one build as a child process. Wall time: hrtime around the child. Peak RSS and CPU time (user +
 * system, all threads): GNU time's %M %U %S when /usr/bin/time works, else (node tools only) rss.mjs
 * reporting process.resourceUsage(). CPU shows what wall time hides on a busy machine: how much work
 * each tool does, and how much of it ran in parallel (CPU above wall).
 */
export function measure(cmd, argv, cwd, node, extraEnv = {}) {
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'bench-rss-'));
  const rssFile = path.join(tmp, 'rss');
  let file = cmd;
  let full = argv;
  const env = { ...process.env, NO_COLOR: '1', ...extraEnv };
  if (useTime) [file, full] = [TIME, ['-q', '-f', '%M %U %S', '-o', rssFile, cmd, ...argv]];
  else if (node) [full, env.BENCH_RSS_FILE] = [['--import', rssHook, ...argv], rssFile];
  return new Promise((resolve) => {
    const t0 = process.hrtime.bigint();
    const child = spawn(file, full, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.on('error', (e) => (out += String(e)));
    child.on('close', (code) => {
      const ms = Number(process.hrtime.bigint() - t0) / 1e6;
      let rssMB = NaN;
      let cpuS = NaN;
      try {
        const [kib, user, sys] = readFileSync(rssFile, 'utf8').trim().split('\n').pop().split(' ').map(Number);
        [rssMB, cpuS] = [kib / 1024, user + sys];
      } catch {}
      rmSync(tmp, { recursive: true, force: true });
      resolve({ ok: code === 0, ms, rssMB, cpuS, out });
    });
  });
}

/**
 * bin/pa-site.js recompiles lib/ when src/ is newer (but not for `--version`, which returns at once).
 * Others may edit src/ while a bench runs, so a bench brings lib/ up to date (untimed) before every
 * pa-site run: no timed run includes compiling src/. The status is 0 when the checkout runs.
 */
export const primeBin = (bin) => spawnSync(process.execPath, [bin, '--help'], { stdio: 'ignore' }).status;

export const median = (xs) => {
  const s = xs.filter(Number.isFinite).sort((a, b) => a - b);
  if (!s.length) return NaN;
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
export const fmt = (x, d = 0) =>
  Number.isFinite(x) ? x.toLocaleString('en-US', { minimumFractionDigits: d, maximumFractionDigits: d }) : 'n/a';

/** The machine line every bench prints: CPUs, memory, kernel, Node and the load average now. */
export function machineLine() {
  const cpus = os.cpus();
  const load = os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
  const memory = `${fmt(os.totalmem() / 2 ** 30, 1)} GiB RAM`;
  return (
    `machine: ${cpus.length} CPUs (${cpus[0]?.model.trim() ?? 'unknown'}), ${memory}, ` +
    `${os.platform()} ${os.release()}; node ${process.version}; load average ${load}`
  );
}

/** Prints rows (the first is the header) as a Markdown table, the first column left-aligned. */
export function printTable(rows) {
  const w = rows[0].map((_, c) => Math.max(...rows.map((row) => row[c].length)));
  rows.forEach((row, i) => {
    console.log(`| ${row.map((cell, c) => (c === 0 ? cell.padEnd(w[c]) : cell.padStart(w[c]))).join(' | ')} |`);
    if (i === 0) console.log(`| ${w.map((x, c) => (c === 0 ? '-'.repeat(x) : `${'-'.repeat(x - 1)}:`)).join(' | ')} |`);
  });
}
