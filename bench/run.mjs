#!/usr/bin/env node
// Build-time benchmark: pa-site (cold and warm render cache) against Eleventy 3.1.2, and Hugo when a
// `hugo` binary is on PATH, on the synthetic sites from generate.mjs. Prints figures; asserts nothing.
// Usage: npm --prefix bench ci && node bench/run.mjs [--sizes 250,1000,4000,16000] [--runs 3] [--warmup 1]
//        (each round runs every tool once, in an order rotated by one tool each round; the warm-up rounds
//        come first and are printed but not counted)
//        [--engine markdown-it|remark]   (pa-site's Markdown engine, written into the bench site's site.yaml)
//        [--workers 1,2,4,8]             (also a scaling table: --no-cache cold builds at each thread count)
//        [--baseline DIR]                (also another pa-site checkout, built, e.g. the branch's start)
//        [--cold-only] [--no-eleventy]   (only the cold rows with the output moved aside; no Eleventy:
//                                         a short run for a borrowed many-core machine)
//        [--small]                       (the small-pages corpus: pages as small as Hugo's test sites')
// Every table also has the floor (floor.mjs: read the Markdown, write the same files, render nothing).
//        node bench/run.mjs --compare DIR [--sizes 4000] [--runs 5] [--cold-only] [--engine …]
//                                        (only pa-site: this checkout against the one in DIR, compare.mjs)
import { spawnSync } from 'node:child_process';
import { appendFileSync, existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { moveAside } from './aside.mjs';
import { fmt, machineLine, measure, median, primeBin, printTable, TIME, useTime } from './measure.mjs';
import { compare } from './compare.mjs';
import { outputManifest } from './floor.mjs';
import { diskLine, fileCreateMicros } from './disk.mjs';
import { SIZES, generate, parseSizes, repoDir } from './generate.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const paBin = path.join(repoDir, 'bin', 'pa-site.js');
const floorBin = path.join(here, 'floor.mjs');
const eleventyBin = path.join(here, 'node_modules', '@11ty', 'eleventy', 'cmd.cjs');

/** A bad command line: the usage and what was wrong, exit status 2 (no stack: it is not a bug). */
function usageError(message) {
  console.error(message);
  process.exit(2);
}

function args(argv) {
  const o = {
    sizes: SIZES,
    runs: 3,
    warmup: 1,
    engine: undefined,
    workers: [],
    baseline: undefined,
    coldOnly: false,
    eleventy: true,
    small: false,
    compare: undefined,
  };
  const given = new Set();
  const usage =
    'usage: node bench/run.mjs [--sizes 250,1000,4000,16000] [--runs 3] [--warmup 1] [--engine markdown-it|remark] ' +
    '[--workers 1,2,4,8] [--baseline DIR] [--cold-only] [--no-eleventy] [--small]\n' +
    '   or: node bench/run.mjs --compare DIR [--sizes 4000] [--runs 5] [--cold-only] [--engine markdown-it|remark]';
  for (let i = 2; i < argv.length; i++) {
    if (argv[i] === '--help' || argv[i] === '-h') {
      console.log(usage);
      process.exit(0);
    }
    if (argv[i] === '--cold-only' || argv[i] === '--no-eleventy' || argv[i] === '--small') {
      if (argv[i] === '--cold-only') o.coldOnly = true;
      else if (argv[i] === '--small') o.small = true;
      else o.eleventy = false;
      continue;
    }
    const [k, v] = argv[i].includes('=') ? argv[i].split(/=(.*)/s) : [argv[i], argv[++i]];
    given.add(k);
    if (k === '--sizes') {
      try {
        o.sizes = parseSizes(v ?? '');
      } catch (e) {
        usageError(`${usage}\n(${e.message})`);
      }
    } else if (k === '--runs' && Number.isInteger(Number(v)) && Number(v) > 0) o.runs = Number(v);
    else if (k === '--warmup' && /^\d+$/.test(v ?? '')) o.warmup = Number(v);
    else if (k === '--engine' && (v === 'markdown-it' || v === 'remark')) o.engine = v;
    else if (k === '--workers' && /^[1-9]\d*(,[1-9]\d*)*$/.test(v ?? '')) o.workers = v.split(',').map(Number);
    else if (k === '--baseline' && v && existsSync(path.join(v, 'bin', 'pa-site.js'))) o.baseline = path.resolve(v);
    else if (k === '--compare' && v && existsSync(path.join(v, 'bin', 'pa-site.js'))) o.compare = path.resolve(v);
    else usageError(`${usage}\n(bad argument ${k}${v === undefined ? '' : ` ${v}`})`);
  }
  if (o.compare) {
    const clash = ['--baseline', '--workers', '--warmup'].find((k) => given.has(k));
    if (clash) usageError(`${usage}\n(--compare times two pa-site checkouts alone: ${clash} does not apply)`);
    if (!given.has('--sizes')) o.sizes = [4000];
    if (!given.has('--runs')) o.runs = 5;
  }
  return o;
}

const onPath = (bin) => (process.env.PATH ?? '').split(path.delimiter).some((d) => d && existsSync(path.join(d, bin)));
// GNU cp's -al (hard-link a whole tree): the floor for a warm build, timed when available.
const linkCopy = spawnSync('cp', ['--version'], { encoding: 'utf8' }).stdout?.includes('GNU') ?? false;

function countHtml(dir) {
  try {
    return readdirSync(dir, { recursive: true }).filter((f) => f.endsWith('.html') && path.basename(f) !== '404.html')
      .length;
  } catch {
    return 0;
  }
}

const opts = args(process.argv);
if (opts.compare) {
  await compare(opts);
  process.exit();
}
const hugo = onPath('hugo');
const version = (cmd, a) => (spawnSync(cmd, a, { encoding: 'utf8' }).stdout ?? '').trim().split('\n')[0];

const primePaSite = () => primeBin(paBin);
primePaSite();
/** The pa-site builds compared: this checkout, and the one --baseline names. */
const paSites = [
  { name: 'pa-site', bin: paBin },
  ...(opts.baseline ? [{ name: 'baseline', bin: path.join(opts.baseline, 'bin', 'pa-site.js') }] : []),
];

console.log('# pa-site build benchmark');
const script = path.relative(process.cwd(), fileURLToPath(import.meta.url)) || 'run.mjs';
console.log(`command: ${['node', script, ...process.argv.slice(2)].join(' ')}  (cwd ${process.cwd()})`);
console.log(machineLine());
const paVersion = version(process.execPath, [paBin, '--version']);
const eleventyVersion = opts.eleventy ? version(process.execPath, [eleventyBin, '--version']) : 'not run';
if (opts.baseline) console.log(`baseline: pa-site in ${opts.baseline}`);
console.log(
  `tools: pa-site ${paVersion}, Eleventy ${eleventyVersion}${hugo ? `, ${version('hugo', ['version'])}` : ''}`,
);
console.log(
  `${opts.small ? 'small-pages corpus' : 'bench corpus'}, sizes ${opts.sizes.join(', ')}; ` +
    `pa-site Markdown engine: ${opts.engine ?? 'the default'}; ` +
    `${opts.runs} run(s) each after ${opts.warmup} untimed warm-up round(s), ` +
    `alternating (the order rotated by one tool each round) pa-site cold${opts.coldOnly ? '' : ' → pa-site warm'}` +
    `${linkCopy && !opts.coldOnly ? ' → hard-link copy (cp -al of its dist)' : ''}` +
    `${opts.eleventy ? ' → Eleventy' : ''}${hugo ? ' → Hugo' : ''}; ` +
    `peak RSS and CPU (user + system, median) from ${useTime ? `${TIME} -f "%M %U %S"` : 'process.resourceUsage()'}`,
);
if (!hugo) console.log('note: no `hugo` on PATH, Hugo skipped');
if (opts.eleventy && !existsSync(eleventyBin)) {
  console.error('Eleventy is not installed: run `npm --prefix bench ci` first.');
  process.exit(1);
}

const outRoot = mkdtempSync(path.join(os.tmpdir(), 'pa-site-bench-'));
process.on('exit', () => rmSync(outRoot, { recursive: true, force: true }));

for (const n of opts.sizes) {
  const g = performance.now();
  const dirs = generate(n, moveAside, { small: opts.small });
  // The generated files go to disk now, not during the first timed runs.
  spawnSync('sync');
  if (opts.engine)
    appendFileSync(path.join(dirs.pa, 'content', 'site.yaml'), `\nmarkdown:\n  engine: ${opts.engine}\n`);
  console.log(`\n## ${fmt(n)} pages  (generated in ${fmt(performance.now() - g)} ms)`);
  // Where the outputs go (removed with them at exit, so this deletes nothing now).
  console.log(diskLine(fileCreateMicros(path.join(outRoot, `disk-probe-${n}`))));
  const out = {
    pa: path.join(outRoot, `pa-${n}`),
    eleventy: path.join(outRoot, `11ty-${n}`),
    hugo: path.join(outRoot, `hugo-${n}`),
    link: path.join(outRoot, `link-${n}`),
    floor: path.join(outRoot, `floor-${n}`),
  };
  const manifest = path.join(outRoot, `floor-${n}.json`);
  // Each pa-site build gets its own cache folder (PA_SITE_CACHE_DIR: render and compile caches), moved
  // aside for a cold run: a first build, as in CI. "old output deleted" builds over the previous
  // output, which the build deletes itself, as users run it; the others find no output there.
  const paBuild = (p, extra = []) => {
    const env = { PA_SITE_CACHE_DIR: path.join(outRoot, `cache-${p.name}-${n}`) };
    return {
      env,
      run: () =>
        measure(
          process.execPath,
          [p.bin, 'build', '--root', dirs.pa, '--out', out.pa, '--quiet', ...extra],
          repoDir,
          true,
          env,
        ),
    };
  };
  // Each pa-site's builds are one unit: they run in this order (the warm build needs the cold one's cache).
  const paUnits = paSites.map((p) => {
    const cached = paBuild(p);
    const plain = paBuild(p, ['--no-cache']);
    // --no-cache never touches the cache folder: the warm run after it finds the cold run's cache.
    const cold =
      (aside, cache = true) =>
      () => {
        primeBin(p.bin);
        if (cache) moveAside(cached.env.PA_SITE_CACHE_DIR);
        if (aside) moveAside(out.pa);
      };
    // In this order the two builds with the output moved aside both follow builds that deleted no
    // files: a build right after one that deleted thousands pays for it in system time (aside.mjs; a
    // --no-cache build placed after "cold, old output deleted" took 7.5-9.4 s of CPU against 5.2-5.6 s).
    // A warm build deletes names, not files (it takes the old pages over). The "old output deleted"
    // pair still differs: its --no-cache build follows the cold build's delete.
    const movedAside = [
      { name: `${p.name} cold`, before: cold(true), run: cached.run, dir: out.pa },
      { name: `${p.name} --no-cache`, before: cold(true, false), run: plain.run, dir: out.pa },
    ];
    if (opts.coldOnly) return movedAside;
    return [
      ...movedAside,
      { name: `${p.name} cold, old output deleted`, before: cold(false), run: cached.run, dir: out.pa },
      { name: `${p.name} --no-cache, old output deleted`, before: cold(false, false), run: plain.run, dir: out.pa },
      { name: `${p.name} warm`, before: () => primeBin(p.bin), run: cached.run, dir: out.pa },
    ];
  });
  const units = [
    ...paUnits,
    ...(linkCopy && !opts.coldOnly
      ? [
          [
            {
              // What a warm build cannot beat: the last build's pages hard-linked into a new folder.
              name: 'hard-link copy',
              before: () => moveAside(out.link),
              run: () => measure('cp', ['-al', out.pa, out.link], repoDir, false),
              dir: out.link,
            },
          ],
        ]
      : []),
  ];
  units.push([
    {
      // What no build can skip: the Markdown read and the same files written (floor.mjs); the names and
      // sizes are those of the pa-site build before it, listed untimed.
      name: 'floor',
      before: () => {
        if (!existsSync(manifest)) writeFileSync(manifest, JSON.stringify(outputManifest(out.pa)));
        moveAside(out.floor);
      },
      run: () =>
        measure(
          process.execPath,
          [floorBin, '--content', path.join(dirs.pa, 'content', 'pages'), '--manifest', manifest, '--out', out.floor],
          repoDir,
          true,
        ),
      dir: out.floor,
    },
  ]);
  if (opts.eleventy)
    units.push([
      {
        name: 'Eleventy 3.1.2',
        before: () => moveAside(out.eleventy),
        run: () => measure(process.execPath, [eleventyBin, '--quiet', `--output=${out.eleventy}`], dirs.eleventy, true),
        dir: out.eleventy,
      },
    ]);
  if (hugo)
    units.push([
      {
        name: 'Hugo',
        before: () => moveAside(out.hugo),
        run: () => measure('hugo', ['--quiet', '--source', dirs.hugo, '--destination', out.hugo], dirs.hugo, false),
        dir: out.hugo,
      },
    ]);

  const tools = units.flat();
  const res = new Map(tools.map((t) => [t.name, { ms: [], rss: [], cpu: [], pages: 0, failedRun: 0 }]));
  // Round j runs the units from the (j mod units)th on, so no tool always follows the same one (a build
  // pays for the deletes and disk writes of the one before it). Round 0 starts with pa-site, whose output
  // the hard-link copy and the floor need. Warm-up rounds (the first opts.warmup) settle the disk and the
  // page cache after the bench's start (the last run's deletes) and are not counted.
  for (let j = 0; j < opts.warmup + opts.runs; j++) {
    const k = j - opts.warmup + 1;
    const label = k >= 1 ? `run ${k}` : `warm-up ${j + 1}`;
    for (const t of [...units.slice(j % units.length), ...units.slice(0, j % units.length)].flat()) {
      const r = res.get(t.name);
      if (r.failedRun) continue; // a tool that failed is not run again at this size
      t.before();
      const m = await t.run();
      if (!m.ok) {
        r.failedRun = label;
        process.exitCode = 1; // a failed build is an error; slow timings never are
        console.log(
          `  ${label} ${t.name}: FAILED\n${m.out.trim().split('\n').slice(0, 15).join('\n').replace(/^/gm, '    ')}`,
        );
        continue;
      }
      process.stdout.write(`  ${label} ${t.name}: ${fmt(m.ms)} ms, CPU ${fmt(m.cpuS, 2)} s, ${fmt(m.rssMB)} MB\n`);
      if (k < 1) continue;
      r.ms.push(m.ms);
      r.rss.push(m.rssMB);
      r.cpu.push(m.cpuS);
      if (r.ms.length === 1) r.pages = countHtml(t.dir);
    }
  }

  // A tool's median wall time (or CPU time) over Eleventy's (or another tool's) in this run; n/a if either was not run.
  const ratio = (name, of = 'ms', base = 'Eleventy 3.1.2') =>
    res.has(name) && res.has(base) ? fmt(median(res.get(name)[of]) / median(res.get(base)[of]), 2) : 'n/a';
  const rows = [
    [
      'tool',
      'pages out',
      'median wall ms',
      'min wall ms',
      'ms/page',
      'CPU s',
      'peak RSS MB',
      ...(opts.eleventy ? ['× Eleventy', 'CPU × Eleventy'] : []),
      ...(hugo ? ['× Hugo', 'CPU × Hugo'] : []),
      'CPU × floor',
    ],
  ];
  for (const t of tools) {
    const r = res.get(t.name);
    const ms = median(r.ms);
    rows.push([
      t.name + (r.failedRun ? ` (failed: ${r.failedRun})` : ''),
      r.ms.length ? String(r.pages) : 'n/a',
      fmt(ms),
      fmt(Math.min(...r.ms)),
      fmt(ms / n, 2),
      fmt(median(r.cpu), 2),
      fmt(median(r.rss)),
      ...(opts.eleventy ? [ratio(t.name), ratio(t.name, 'cpu')] : []),
      ...(hugo ? [ratio(t.name, 'ms', 'Hugo'), ratio(t.name, 'cpu', 'Hugo')] : []),
      ratio(t.name, 'cpu', 'floor'),
    ]);
  }
  console.log('');
  printTable(rows);
  if (opts.eleventy)
    console.log(
      `\npa-site cold / Eleventy = ${ratio('pa-site cold')}×   pa-site warm / Eleventy = ${ratio('pa-site warm')}×` +
        `   (CPU: cold ${ratio('pa-site cold', 'cpu')}×, warm ${ratio('pa-site warm', 'cpu')}×)`,
    );
  if (linkCopy && !opts.coldOnly)
    console.log(`pa-site warm / hard-link copy = ${ratio('pa-site warm', 'ms', 'hard-link copy')}×`);
  for (const p of paSites) {
    const peer = (name, base) => `${ratio(`${p.name} ${name}`, 'ms', `${p.name} ${base}`)}×`;
    console.log(
      `${p.name}: cold / --no-cache = ${peer('cold', '--no-cache')} (moved aside)` +
        (opts.coldOnly
          ? ''
          : `, ${peer('cold, old output deleted', '--no-cache, old output deleted')} (old output deleted)`) +
        (hugo ? `; cold / Hugo = ${ratio(`${p.name} cold`, 'ms', 'Hugo')}×` : '') +
        (hugo ? ` (CPU ${ratio(`${p.name} cold`, 'cpu', 'Hugo')}×)` : '') +
        `; cold CPU / floor CPU = ${ratio(`${p.name} cold`, 'cpu', 'floor')}×` +
        (hugo && !opts.coldOnly ? `; warm / Hugo = ${ratio(`${p.name} warm`, 'ms', 'Hugo')}×` : ''),
    );
  }
  if (opts.baseline) {
    const vs = (name) => `${name} ${ratio(`pa-site ${name}`, 'ms', `baseline ${name}`)}×`;
    const names = ['cold', '--no-cache'];
    if (!opts.coldOnly) names.push('cold, old output deleted', '--no-cache, old output deleted', 'warm');
    console.log(`pa-site / baseline: ${names.map(vs).join('; ')}`);
  }
  if (opts.workers.length) await scaling(n, dirs, out.pa);
}

/**
 * The scaling table: cold --no-cache builds of each pa-site at each thread count (`--workers N`),
 * alternated, output moved aside: wall and CPU time, and speed against one thread.
 */
async function scaling(n, dirs, outDir) {
  const runs = new Map();
  for (let k = 1; k <= opts.runs; k++)
    for (const w of opts.workers)
      for (const p of paSites) {
        primeBin(p.bin);
        moveAside(outDir);
        const argv = [
          p.bin,
          'build',
          '--root',
          dirs.pa,
          '--out',
          outDir,
          '--quiet',
          '--no-cache',
          '--workers',
          String(w),
        ];
        const m = await measure(process.execPath, argv, repoDir, true);
        const key = `${p.name} ${w}`;
        if (!runs.has(key)) runs.set(key, { ms: [], cpu: [] });
        if (!m.ok) console.log(`  scaling ${key}: FAILED\n${m.out.trim().split('\n').slice(0, 5).join('\n')}`);
        else {
          runs.get(key).ms.push(m.ms);
          runs.get(key).cpu.push(m.cpuS);
        }
      }
  console.log(
    `\nScaling, ${fmt(n)} pages, --no-cache cold, median of ${opts.runs} (${os.availableParallelism()} cores):\n`,
  );
  console.log('| build | threads | wall ms | CPU s | speed-up vs 1 thread |');
  console.log('| --- | --: | --: | --: | --: |');
  for (const p of paSites)
    for (const w of opts.workers) {
      const r = runs.get(`${p.name} ${w}`);
      const one = runs.get(`${p.name} ${opts.workers[0]}`);
      console.log(
        `| ${p.name} | ${w} | ${fmt(median(r.ms))} | ${fmt(median(r.cpu), 2)} | ` +
          `${fmt(median(one.ms) / median(r.ms), 2)}× (vs ${opts.workers[0]}) |`,
      );
    }
}
