#!/usr/bin/env node
// `pa-site check --dir` on a rustdoc-shaped tree the size of the Rust docs: peak memory and time,
// clean and with two numbers of findings (one and three of the same 13 links per struct page broken),
// in text and JSON, so the growth of memory with the number of findings reads off the three;
// linkinator 7 on a subset.
//
//   node bin/compile.js && node bench/check-docgen.mjs [structs] [--bulk BYTES] [--linkinator STRUCTS] [--runs N]
//
// structs: 28,000 by default (32,202 files: struct pages, redirect pages, source pages), each page
// with 13 links (line ranges into src/, methods through redirect pages, 3 to ids of other struct
// pages) and --bulk bytes of prose (default 8,000). The three trees hold the same links: in the
// "findings" trees 1 or 3 of the 3 point at ids that are missing (28,000 and 84,000 findings, each its
// own target). Peak memory is the CLI process's own (getrusage maxrss, through bench/max-rss.cjs); the
// last lines are each findings tree's peak against the clean tree's, and the growth per finding.
// --linkinator: structs in the subset both tools check (default 1,000; 0 skips it). --runs: runs per
// tree and format, of which the median peak and time are printed (default 1). --peer DIR: another
// checkout of pa-site (its lib/ compiled) measured on the same trees in the same run, printed beside.
// --trees clean,findings-3: only these trees (default clean, findings-1 and findings-3; findings-30, 30 findings
// a page, only when named).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, openSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { writeRustdoc } from './docgen-trees.mjs';

const pkg = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(name);
  return i === -1 ? fallback : Number(args[i + 1]);
};
const STRUCTS = Number(args.find((a, i) => /^\d+$/.test(a) && !args[i - 1]?.startsWith('--')) ?? 28_000);
const BULK = option('--bulk', 8_000);
const SUBSET = option('--linkinator', 1_000);
/** Runs per tree and format: the median peak and time are reported (V8's collections make one run vary). */
const RUNS = option('--runs', 1);
const PEER = args.includes('--peer') ? path.resolve(args[args.indexOf('--peer') + 1]) : null;
const TREES = args.includes('--trees') ? args[args.indexOf('--trees') + 1].split(',') : null;
const work = mkdtempSync(path.join(tmpdir(), 'pa-site-docgen-bench-'));

/** One CLI run, its output thrown away: exit code, wall time, the process's peak resident memory. */
function measure(dir, format, checkout = pkg) {
  const t = performance.now();
  const cli = [path.join(checkout, 'bin', 'pa-site.js'), 'check', '--dir', dir, '--format', format];
  const r = spawnSync(process.execPath, ['--require', path.join(pkg, 'bench', 'max-rss.cjs'), ...cli], {
    stdio: ['ignore', openSync('/dev/null', 'w'), 'pipe'],
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1' },
  });
  const ms = performance.now() - t;
  const rss = Number(/maxRSS (\d+)/.exec(r.stderr)?.[1] ?? Number.NaN);
  const cpu = Number(/cpuMicros (\d+)/.exec(r.stderr)?.[1] ?? Number.NaN) / 1e6;
  return { code: r.status, ms, mb: rss / 1024, cpu };
}

/** HTML pages in a folder (what "pages per CPU second" counts). */
function pagesIn(dir) {
  return readdirSync(dir, { recursive: true }).filter((f) => /\.html?$/i.test(String(f))).length;
}

try {
  const trees = [
    ['clean', { pages: STRUCTS, bulk: BULK, extra: 3 }],
    ['findings-1', { pages: STRUCTS, bulk: BULK, extra: 3, broken: 1 }],
    ['findings-3', { pages: STRUCTS, bulk: BULK, extra: 3, broken: 3 }],
    // Many findings on few pages (30 a page, its own links): a million at 33,334 structs. Only with --trees.
    ['findings-30', { pages: STRUCTS, bulk: BULK, extra: 30, broken: 30 }],
  ].filter(([name]) => (TREES ? TREES.includes(name) : name !== 'findings-30'));
  /** Peak memory by tree and format, for the growth per finding. */
  const peaks = new Map();
  for (const [name, options] of trees) {
    const dir = path.join(work, name);
    const t0 = performance.now();
    writeRustdoc(dir, options);
    console.log(`${name}: generated ${STRUCTS} structs in ${Math.round(performance.now() - t0)} ms`);
    for (const format of ['text', 'json']) {
      const runs = Array.from({ length: RUNS }, () => measure(dir, format));
      const median = (key) => runs.map((r) => r[key]).sort((a, b) => a - b)[Math.floor(RUNS / 2)];
      const m = { code: runs[0].code, ms: median('ms'), mb: median('mb'), cpu: median('cpu') };
      peaks.set(`${name} ${format}`, m.mb);
      const pages = pagesIn(dir);
      console.log(
        `  pa-site check --dir --format ${format}: exit ${m.code}, ${(m.ms / 1000).toFixed(1)} s, ` +
          `peak ${Math.round(m.mb)} MB, CPU ${m.cpu.toFixed(1)} s, ${Math.round(pages / m.cpu)} pages per CPU second`,
      );
      if (PEER) {
        const p = measure(dir, format, PEER);
        console.log(
          `    peer ${PEER}: exit ${p.code}, ${(p.ms / 1000).toFixed(1)} s, peak ${Math.round(p.mb)} MB, ` +
            `CPU ${p.cpu.toFixed(1)} s (this checkout: ${(m.mb / p.mb).toFixed(2)}× the peak, ` +
            `${(m.cpu / p.cpu).toFixed(2)}× the CPU)`,
        );
      }
    }
    rmSync(dir, { recursive: true, force: true });
  }
  for (const format of TREES ? [] : ['text', 'json']) {
    const clean = peaks.get(`clean ${format}`);
    const over = (tree) => `${(((peaks.get(`${tree} ${format}`) - clean) / clean) * 100).toFixed(0)}%`;
    console.log(
      `peak over clean (${format}): ${over('findings-1')} with ${STRUCTS}, ${over('findings-3')} with ${3 * STRUCTS}`,
    );
    const kb = ((peaks.get(`findings-3 ${format}`) - peaks.get(`findings-1 ${format}`)) * 1024) / (2 * STRUCTS);
    console.log(`peak memory per finding (${format}, ${STRUCTS} to ${3 * STRUCTS} findings): ${kb.toFixed(2)} kB`);
  }
  if (SUBSET > 0) {
    const dir = path.join(work, 'subset');
    writeRustdoc(dir, { pages: SUBSET, bulk: BULK });
    // linkinator starts from the folder's index.html: one that links every struct page.
    const list = Array.from({ length: SUBSET }, (_, i) => `<a href="core/struct.S${i}.html">S${i}</a>`);
    writeFileSync(path.join(dir, 'index.html'), `<!DOCTYPE html><title>crates</title>\n${list.join('\n')}\n`);
    const ours = measure(dir, 'json');
    const pages = pagesIn(dir);
    console.log(
      `subset of ${SUBSET} structs (${pages} pages): pa-site ${(ours.ms / 1000).toFixed(1)} s, ` +
        `peak ${Math.round(ours.mb)} MB, CPU ${ours.cpu.toFixed(1)} s, ` +
        `${Math.round(pages / ours.cpu)} pages per CPU second`,
    );
    const cpu0 = process.cpuUsage();
    const { LinkChecker } = await import('linkinator');
    const t = performance.now();
    const lk = await new LinkChecker().check({
      path: dir,
      recurse: true,
      checkFragments: true,
      concurrency: 100,
      linksToSkip: ['^https?://(?!localhost)'],
    });
    const used = process.cpuUsage(cpu0);
    const lkCpu = (used.user + used.system) / 1e6;
    const broken = lk.links.filter((l) => l.state === 'BROKEN');
    const ranges = broken.filter((l) => /#\d+-\d+$/.test(l.url)).length;
    console.log(
      `  linkinator 7 (recurse, checkFragments): ${((performance.now() - t) / 1000).toFixed(1)} s, ` +
        `CPU ${lkCpu.toFixed(1)} s, ${Math.round(pages / lkCpu)} pages per CPU second, ` +
        `${lk.links.length} link results, ${broken.length} broken (${ranges} line ranges whose ends exist)`,
    );
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
