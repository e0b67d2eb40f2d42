#!/usr/bin/env node
// Whether this checkout builds the real site byte for byte as another commit does: a performance
// change must not change one byte a reader gets. Exports the other commit (`git archive`, nothing in
// this repository changes), builds both with the same --today, each with a render cache of its own,
// into temporary folders, and compares every file. Exit 0 when identical, 1 with the differences.
// Usage: node scripts/same-dist.mjs [--base a8c1816] [--today 2026-12-06] [--keep]
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const o = { base: 'a8c1816', today: '2026-12-06', keep: false };
for (let i = 2; i < process.argv.length; i++) {
  const a = process.argv[i];
  if (a === '--keep') o.keep = true;
  else if ((a === '--base' || a === '--today') && process.argv[i + 1]) o[a.slice(2)] = process.argv[++i];
  else {
    console.error('usage: node scripts/same-dist.mjs [--base a8c1816] [--today 2026-12-06] [--keep]');
    process.exit(2);
  }
}

const tmp = mkdtempSync(path.join(os.tmpdir(), 'pa-site-same-dist-'));
const baseDir = path.join(tmp, 'base');
mkdirSync(baseDir);
const archive = execFileSync('git', ['-C', repo, 'archive', o.base], { maxBuffer: 1 << 30 });
execFileSync('tar', ['-x', '-C', baseDir], { input: archive });
// The same installed packages: the commits compared share package-lock.json (checked below).
symlinkSync(path.join(repo, 'node_modules'), path.join(baseDir, 'node_modules'));
const lock = (dir) => readFileSync(path.join(dir, 'package-lock.json'), 'utf8');
if (lock(baseDir) !== lock(repo))
  console.log(`note: package-lock.json differs from ${o.base}'s; both use this one's packages`);

function buildAt(dir, name) {
  const out = path.join(tmp, `${name}-dist`);
  const started = performance.now();
  const r = spawnSync(
    process.execPath,
    [path.join(dir, 'bin', 'pa-site.js'), 'build', '--root', dir, '--out', out, '--today', o.today],
    { env: { ...process.env, NO_COLOR: '1', PA_SITE_CACHE_DIR: path.join(tmp, `${name}-cache`) }, encoding: 'utf8' },
  );
  if (r.status !== 0) {
    console.error(`${name} (${dir}) failed to build:\n${r.stdout}${r.stderr}`);
    process.exit(1);
  }
  console.log(`${name}: built in ${Math.round(performance.now() - started)} ms → ${out}`);
  return out;
}

/** Every file under `dir`, relative path → bytes. */
function files(dir) {
  const out = new Map();
  for (const e of readdirSync(dir, { recursive: true, withFileTypes: true }))
    if (e.isFile()) {
      const abs = path.join(e.parentPath, e.name);
      out.set(path.relative(dir, abs), readFileSync(abs));
    }
  return out;
}

try {
  const base = files(buildAt(baseDir, o.base));
  const head = files(buildAt(repo, 'head'));
  const differ = [];
  for (const [f, bytes] of base)
    if (!head.get(f)?.equals(bytes)) differ.push(head.has(f) ? `changed ${f}` : `only in ${o.base}: ${f}`);
  for (const f of head.keys()) if (!base.has(f)) differ.push(`only in this checkout: ${f}`);
  if (differ.length) {
    console.log(`${differ.length} files differ:\n${differ.slice(0, 50).join('\n')}`);
    process.exitCode = 1;
  } else console.log(`identical: ${base.size} files, --today ${o.today}, ${o.base} and this checkout`);
} finally {
  if (o.keep) console.log(`kept ${tmp}`);
  else if (existsSync(tmp)) rmSync(tmp, { recursive: true, force: true });
}
