#!/usr/bin/env node
// Whether the real site builds byte for byte the same from a given commit and from the working tree:
// `node scripts/same-dist.mjs <commit> [--today YYYY-MM-DD]`. Both are built with --no-cache into
// folders of their own under the system's temp folder (the commit from `git archive`, with this
// clone's node_modules linked in), every file of the two outputs is compared, and the differences are
// listed. Exit 0 when they are the same, 1 when they differ, 2 when a build fails. The temp folders
// are removed whatever happens.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const repo = path.resolve(import.meta.dirname, '..');
const args = process.argv.slice(2);
const todayAt = args.indexOf('--today');
const today = todayAt === -1 ? '2026-12-06' : args[todayAt + 1];
const commit = args.find((a, i) => !a.startsWith('--') && (todayAt === -1 || i !== todayAt + 1));
if (!commit || !/^\d{4}-\d{2}-\d{2}$/.test(today ?? '')) {
  process.stderr.write('usage: node scripts/same-dist.mjs <commit> [--today YYYY-MM-DD]\n');
  process.exit(2);
}

const temp = mkdtempSync(path.join(os.tmpdir(), 'pa-site-same-dist-'));
/** Builds the project in `root` into `out` (absolute), dated `today`. */
const build = (root, out) =>
  execFileSync(
    process.execPath,
    [path.join(root, 'bin', 'pa-site.js'), 'build', '--root', root, '--out', out, '--today', today, '--no-cache', '-q'],
    { stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, PA_SITE_TODAY: today } },
  );

/** Every file under `dir`, relative, sorted. */
function filesOf(dir, rel = '') {
  const out = [];
  for (const e of readdirSync(path.join(dir, rel), { withFileTypes: true })) {
    const r = rel ? `${rel}/${e.name}` : e.name;
    if (e.isDirectory()) out.push(...filesOf(dir, r));
    else out.push(r);
  }
  return out.sort();
}

let code = 0;
try {
  const old = path.join(temp, 'commit');
  execFileSync('mkdir', [old]);
  const tar = execFileSync('git', ['-C', repo, 'archive', commit], { maxBuffer: 1 << 30 });
  execFileSync('tar', ['-x', '-C', old], { input: tar });
  symlinkSync(path.join(repo, 'node_modules'), path.join(old, 'node_modules'));
  const before = path.join(temp, 'before');
  const after = path.join(temp, 'after');
  try {
    build(old, before);
    build(repo, after);
  } catch {
    process.stderr.write('a build failed (its errors are above)\n');
    code = 2;
  }
  if (code === 0) {
    const a = filesOf(before);
    const b = filesOf(after);
    const differ = [];
    for (const f of new Set([...a, ...b])) {
      if (!a.includes(f)) differ.push(`only in the working tree: ${f}`);
      else if (!b.includes(f)) differ.push(`only in ${commit}: ${f}`);
      else if (!readFileSync(path.join(before, f)).equals(readFileSync(path.join(after, f))))
        differ.push(`differs: ${f}`);
    }
    const ignoredMarker = differ.filter((d) => !d.endsWith('.pa-site-output'));
    if (ignoredMarker.length) {
      process.stdout.write(`${ignoredMarker.join('\n')}\n${ignoredMarker.length} of ${a.length} files differ\n`);
      code = 1;
    } else process.stdout.write(`same: ${a.length} files, byte for byte (${commit} and the working tree)\n`);
  }
} finally {
  rmSync(temp, { recursive: true, force: true });
}
process.exit(code);
