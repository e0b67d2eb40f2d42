#!/usr/bin/env node
// The real site's output as one SHA-256 line a file (`tests/fixtures/real-site.sha256`), built on a
// fixed date so that it changes only when code or content does. tests/real-site-digest.test.ts builds
// the site and compares: a change to the generator that moves one byte a reader gets fails it, and a
// change meant to move them is recorded by writing the file again, where review sees which files moved.
// Usage: node scripts/dist-digest.mjs [--write]   (builds with bin/pa-site.js into a temporary folder)
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The date the digest's build is dated: the site shows what is in force on it. */
export const DIGEST_TODAY = '2026-12-06';
export const DIGEST_FILE = 'tests/fixtures/real-site.sha256';

/** `sha256  path` for every file under `dir`, sorted by path, one line each. */
export function digestOf(dir) {
  const files = readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)).split(path.sep).join('/'))
    .sort();
  return files
    .map(
      (f) =>
        `${createHash('sha256')
          .update(readFileSync(path.join(dir, f)))
          .digest('hex')}  ${f}\n`,
    )
    .join('');
}

/** The paths whose lines differ between two digests: changed, added or removed. */
export function digestChanges(expected, actual) {
  const map = (text) =>
    new Map(
      text
        .split('\n')
        .filter(Boolean)
        .map((l) => [l.slice(66), l.slice(0, 64)]),
    );
  const a = map(expected);
  const b = map(actual);
  const out = [];
  for (const [f, h] of a)
    if (!b.has(f)) out.push(`removed ${f}`);
    else if (b.get(f) !== h) out.push(`changed ${f}`);
  for (const f of b.keys()) if (!a.has(f)) out.push(`added ${f}`);
  return out;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  if (args.some((a) => a !== '--write')) {
    console.error('usage: node scripts/dist-digest.mjs [--write]');
    process.exit(2);
  }
  const repo = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
  const out = mkdtempSync(path.join(os.tmpdir(), 'pa-site-digest-'));
  try {
    const r = spawnSync(process.execPath, [path.join(repo, 'bin', 'pa-site.js'), 'build', '--out', out], {
      cwd: repo,
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    if (r.status !== 0) process.exit(r.status ?? 1);
    const digest = digestOf(out);
    const file = path.join(repo, DIGEST_FILE);
    if (args.includes('--write')) {
      writeFileSync(file, digest);
      console.log(`wrote ${DIGEST_FILE}: ${digest.split('\n').length - 1} files`);
    } else {
      const changes = digestChanges(readFileSync(file, 'utf8'), digest);
      console.log(changes.length ? changes.join('\n') : `same: ${digest.split('\n').length - 1} files`);
      process.exit(changes.length ? 1 : 0);
    }
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}
