#!/usr/bin/env node
// The floor of a build (issue 62): what no generator can skip. It reads every Markdown file of a
// pa-site project's content/pages and writes the files a build wrote (same names, same sizes, one
// folder per folder), rendering nothing. run.mjs times it beside the builds ("floor" row) and prints
// each build's CPU over it; the names and sizes are listed before the timed run (outputManifest).
// Usage: node bench/floor.mjs --content DIR --manifest FILE --out DIR
//        (DIR: the project's content/pages; FILE: a JSON list of [path, bytes] from outputManifest)
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Every file under `dir` (a build's output) as [path relative to it, size in bytes], sorted. */
export function outputManifest(dir) {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => {
      const file = path.join(e.parentPath ?? e.path, e.name);
      return [path.relative(dir, file), statSync(file).size];
    })
    .sort((a, b) => (a[0] < b[0] ? -1 : 1));
}

/** Reads every `.md` file under `content`, then writes the manifest's files under `out`; returns the counts. */
export function floor(content, manifest, out) {
  let read = 0;
  for (const name of readdirSync(content, { recursive: true })) {
    if (!String(name).endsWith('.md')) continue;
    read += readFileSync(path.join(content, String(name))).length;
  }
  const largest = Math.max(0, ...manifest.map(([, size]) => size));
  const bytes = Buffer.alloc(largest, 'x');
  const made = new Set();
  for (const [file, size] of manifest) {
    const target = path.join(out, file);
    const dir = path.dirname(target);
    if (!made.has(dir)) {
      mkdirSync(dir, { recursive: true });
      made.add(dir);
    }
    writeFileSync(target, bytes.subarray(0, size));
  }
  return { read, files: manifest.length };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const usage = 'usage: node bench/floor.mjs --content DIR --manifest FILE --out DIR';
  const opt = (name) => {
    const i = process.argv.indexOf(name);
    return i > 0 ? process.argv[i + 1] : undefined;
  };
  if (process.argv.includes('--help') || process.argv.includes('-h')) {
    console.log(usage);
    process.exit(0);
  }
  const [content, manifest, out] = ['--content', '--manifest', '--out'].map(opt);
  if (!content || !manifest || !out) {
    console.error(`${usage}\n(--content, --manifest and --out are all needed)`);
    process.exit(2);
  }
  const r = floor(content, JSON.parse(readFileSync(manifest, 'utf8')), out);
  console.log(`floor: read ${r.read} bytes of Markdown, wrote ${r.files} files`);
}
