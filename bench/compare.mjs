// Two pa-site checkouts timed against each other: `node bench/run.mjs --compare DIR` builds the same
// generated site with this checkout's bin/pa-site.js and with DIR's, interleaved (the order swaps
// every round, so neither always follows the other), and prints each one's median and the ratio,
// round by round and of the medians. For a change that should not move build time (a restructure),
// or one that should: run it from the new checkout with the old one as DIR. Prints figures, and
// whether the two outputs are byte-identical; asserts nothing about timings.
//
// Rows: cold (no render cache, no compile cache, output moved aside: a first build, as in CI), and
// warm (that checkout's caches kept, over its own previous output) unless --cold-only. Each checkout
// has its own output and cache folders; nothing is deleted between builds (moved aside, deleted when
// the script exits: aside.mjs says why).
import { spawnSync } from 'node:child_process';
import { appendFileSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { moveAside } from './aside.mjs';
import { diskLine, fileCreateMicros } from './disk.mjs';
import { generate, repoDir } from './generate.mjs';
import { fmt, machineLine, measure, median, primeBin, printTable, TIME, useTime } from './measure.mjs';

/** The checkout's commit and whether it has changes, for the header (empty outside git). */
function describe(dir) {
  const git = (...a) => spawnSync('git', ['-C', dir, ...a], { encoding: 'utf8' });
  const head = git('log', '-1', '--format=%h %s').stdout?.trim();
  if (!head) return '';
  const dirty = git('status', '--porcelain', '--untracked-files=no').stdout?.trim()
    ? ' (with uncommitted changes)'
    : '';
  return ` at ${head.length > 70 ? `${head.slice(0, 67)}...` : head}${dirty}`;
}

/** Relative paths of the regular files under `dir`. */
const filesIn = (dir) =>
  readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)))
    .sort();

/** How two output folders differ: '' when every file has the same bytes, else the first few paths. */
function difference(a, b) {
  const [fa, fb] = [filesIn(a), filesIn(b)];
  const inB = new Set(fb);
  const differ = fa.filter((f) => !inB.has(f) || !readFileSync(path.join(a, f)).equals(readFileSync(path.join(b, f))));
  const inA = new Set(fa);
  differ.push(...fb.filter((f) => !inA.has(f)));
  if (!differ.length) return '';
  return `${differ.length} file(s) differ or exist in one only: ${differ.slice(0, 5).join(', ')}`;
}

/** Runs the comparison; `opts` from run.mjs: sizes, runs, coldOnly, engine, compare (the other checkout). */
export async function compare(opts) {
  const checkouts = [
    { name: 'this', dir: repoDir },
    { name: 'other', dir: opts.compare },
  ].map((c) => ({ ...c, bin: path.join(c.dir, 'bin', 'pa-site.js') }));
  console.log('# pa-site build time: two checkouts');
  console.log(`command: node bench/run.mjs ${process.argv.slice(2).join(' ')}  (cwd ${process.cwd()})`);
  console.log(machineLine());
  for (const c of checkouts) {
    console.log(`${c.name}: ${c.dir}${describe(c.dir)}`);
    if (primeBin(c.bin) !== 0) {
      console.error(`${c.bin} does not run (\`node ${c.bin} --help\` failed): is its npm ci done?`);
      process.exitCode = 1;
      return;
    }
  }
  if (checkouts[0].dir === checkouts[1].dir) console.log('note: the same checkout twice: the ratios show the noise');
  const kinds = opts.coldOnly ? ['cold'] : ['cold', 'warm'];
  console.log(
    `sizes ${opts.sizes.join(', ')}; ${opts.runs} round(s), each: ${kinds.join(', then ')} for both, ` +
      `the order swapped every round; CPU (user + system) and peak RSS from ` +
      `${useTime ? `${TIME} -f "%M %U %S"` : 'process.resourceUsage()'}`,
  );
  const outRoot = mkdtempSync(path.join(os.tmpdir(), 'pa-site-compare-'));
  process.on('exit', () => rmSync(outRoot, { recursive: true, force: true }));

  for (const n of opts.sizes) {
    const dirs = generate(n, moveAside);
    spawnSync('sync');
    if (opts.engine)
      appendFileSync(path.join(dirs.pa, 'content', 'site.yaml'), `\nmarkdown:\n  engine: ${opts.engine}\n`);
    console.log(`\n## ${fmt(n)} pages`);
    console.log(diskLine(fileCreateMicros(path.join(outRoot, `disk-probe-${n}`))));
    const at = (c) => ({
      out: path.join(outRoot, `${c.name}-${n}`),
      env: { PA_SITE_CACHE_DIR: path.join(outRoot, `cache-${c.name}-${n}`) },
    });
    const res = new Map();
    for (const c of checkouts) for (const k of kinds) res.set(`${c.name} ${k}`, { ms: [], cpu: [], rss: [] });
    let failed = false;
    for (let round = 1; round <= opts.runs && !failed; round++) {
      const order = round % 2 ? checkouts : [...checkouts].reverse();
      for (const kind of kinds)
        for (const c of order) {
          const { out, env } = at(c);
          primeBin(c.bin);
          if (kind === 'cold') {
            moveAside(env.PA_SITE_CACHE_DIR);
            moveAside(out);
          }
          const argv = [c.bin, 'build', '--root', dirs.pa, '--out', out, '--quiet'];
          const m = await measure(process.execPath, argv, c.dir, true, env);
          if (!m.ok) {
            failed = true;
            process.exitCode = 1;
            console.log(
              `  round ${round} ${c.name} ${kind}: FAILED\n${m.out.trim().split('\n').slice(0, 15).join('\n')}`,
            );
            break;
          }
          const r = res.get(`${c.name} ${kind}`);
          r.ms.push(m.ms);
          r.cpu.push(m.cpuS);
          r.rss.push(m.rssMB);
          console.log(
            `  round ${round} ${c.name} ${kind}: ${fmt(m.ms)} ms, CPU ${fmt(m.cpuS, 2)} s, ${fmt(m.rssMB)} MB`,
          );
        }
      if (round === 1 && !failed) {
        const diff = difference(at(checkouts[0]).out, at(checkouts[1]).out);
        console.log(`  outputs: ${diff ? diff : 'byte-identical'}`);
      }
    }
    if (failed) continue;
    const rows = [
      ['build', 'this ms', 'other ms', 'this ÷ other', 'rounds', 'this CPU s', 'other CPU s', 'CPU ÷', 'RSS MB'],
    ];
    for (const kind of kinds) {
      const [a, b] = checkouts.map((c) => res.get(`${c.name} ${kind}`));
      const paired = a.ms.map((ms, i) => ms / b.ms[i]).sort((x, y) => x - y);
      rows.push([
        kind,
        fmt(median(a.ms)),
        fmt(median(b.ms)),
        `${fmt(median(a.ms) / median(b.ms), 2)}×`,
        `${fmt(paired[0], 2)}–${fmt(paired.at(-1), 2)}×`,
        fmt(median(a.cpu), 2),
        fmt(median(b.cpu), 2),
        `${fmt(median(a.cpu) / median(b.cpu), 2)}×`,
        `${fmt(median(a.rss))} / ${fmt(median(b.rss))}`,
      ]);
    }
    console.log('');
    printTable(rows);
    console.log(
      `\nthis ÷ other: ${kinds.map((k) => `${k} ${rows[kinds.indexOf(k) + 1][3]}`).join(', ')} ` +
        `(medians of ${opts.runs}; "rounds" is the range of the ratios round by round)`,
    );
  }
}
