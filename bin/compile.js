#!/usr/bin/env node
// Compiles src/ to lib/ with esbuild. Runs on `npm ci` (the "prepare" script) and, when a source
// file is newer than lib/, automatically from bin/pa-site.js: there is no manual build step.
import { build } from 'esbuild';
import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const pkg = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
export async function compile() {
  rmSync(path.join(pkg, 'lib'), { recursive: true, force: true });
  await build({
    entryPoints: {
      cli: path.join(pkg, 'src/cli/main.ts'),
      index: path.join(pkg, 'src/index.ts'),
      'render-worker': path.join(pkg, 'src/pipeline/render/render-worker.ts'),
      'page-writer': path.join(pkg, 'src/pipeline/write/page-writer-worker.ts'),
    },
    outdir: path.join(pkg, 'lib'),
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    packages: 'external',
    sourcemap: 'linked',
    logLevel: 'warning',
  });
  writeFileSync(path.join(pkg, 'lib', '.stamp'), String(Date.now()));
}
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await compile();
