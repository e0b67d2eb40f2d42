#!/usr/bin/env node
// What making page files costs the file system: N files of 18 KB (a bench page) in one folder,
// made by T threads at once, or first made empty by one thread and then rewritten by T threads (as a
// build that makes its page files while it validates does: src/pipeline/write/precreate.ts). Run
// it on a quiet disk and right after deleting many files. Prints figures; asserts nothing.
// Usage: node bench/create-files.mjs [--files 4000] [--threads 1,8] [--dir DIR]   (DIR: default a temporary folder)
import { closeSync, mkdirSync, mkdtempSync, openSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';

const PAGE = Buffer.alloc(18_000, 'a');

if (!isMainThread) {
  const { dir, from, to } = workerData;
  for (let i = from; i < to; i++) writeFileSync(path.join(dir, `guide-${i}.html`), PAGE);
  parentPort.postMessage('done');
} else {
  const usage = 'usage: node bench/create-files.mjs [--files 4000] [--threads 1,8] [--dir DIR]';
  const o = { files: 4000, threads: [1, 8], dir: undefined };
  for (let i = 2; i < process.argv.length; i += 2) {
    const [k, v] = [process.argv[i], process.argv[i + 1] ?? ''];
    if (k === '--files' && /^[1-9]\d*$/.test(v)) o.files = Number(v);
    else if (k === '--threads' && /^[1-9]\d*(,[1-9]\d*)*$/.test(v)) o.threads = v.split(',').map(Number);
    else if (k === '--dir' && v) o.dir = path.resolve(v);
    else {
      console.error(`${usage}\n(bad argument ${k} ${v})`);
      process.exit(2);
    }
  }
  const base = o.dir ?? mkdtempSync(path.join(os.tmpdir(), 'pa-site-create-'));
  const folder = path.join(base, 'pages');
  /** Writes the pages with `threads` threads, each its share; milliseconds. */
  const write = async (threads) => {
    const t0 = performance.now();
    const per = Math.ceil(o.files / threads);
    const runs = Array.from({ length: threads }, (_, k) => {
      const data = { dir: folder, from: k * per, to: Math.min(o.files, (k + 1) * per) };
      const w = new Worker(new URL(import.meta.url), { workerData: data });
      return new Promise((resolve) => w.once('message', () => w.terminate().then(resolve)));
    });
    await Promise.all(runs);
    return performance.now() - t0;
  };
  try {
    console.log(`# ${o.files} files of ${PAGE.length} bytes in one folder (${folder})`);
    for (const threads of o.threads) {
      rmSync(folder, { recursive: true, force: true });
      mkdirSync(folder, { recursive: true });
      const made = await write(threads);
      rmSync(folder, { recursive: true, force: true });
      mkdirSync(folder, { recursive: true });
      const t0 = performance.now();
      for (let i = 0; i < o.files; i++) closeSync(openSync(path.join(folder, `guide-${i}.html`), 'wx'));
      const empty = performance.now() - t0;
      const rewritten = await write(threads);
      const us = (ms) => `${Math.round((ms * 1000) / o.files)} µs a file`;
      console.log(
        `${threads} thread(s): made ${Math.round(made)} ms (${us(made)}); ` +
          `made empty by one thread ${Math.round(empty)} ms (${us(empty)}), then rewritten ${Math.round(rewritten)} ms`,
      );
    }
  } finally {
    rmSync(o.dir ? folder : base, { recursive: true, force: true });
  }
}
