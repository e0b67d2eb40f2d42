import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { esbuildBuild, NODE_MODULE } from './render/compile/esbuild-service.js';
import { codeDir } from './render/compile/code-dir.js';

/** The worker scripts, by the name bin/compile.js gives them in lib/, and their sources. */
const SOURCES = {
  'render-worker': 'render/threads/render-worker.ts',
  'page-writer': 'write/page-writer-worker.ts',
  precreate: 'write/precreate-worker.ts',
} as const;

/** A worker's script when running compiled: lib/NAME.js, known at once. Undefined when running from src/. */
export function compiledWorkerEntry(name: keyof typeof SOURCES): string | undefined {
  const here = fileURLToPath(import.meta.url);
  return here.endsWith('.ts') ? undefined : path.join(path.dirname(here), `${name}.js`);
}

/** A worker's script: lib/NAME.js when running compiled, else compiled from src/ on demand (tests, tsx). */
export async function workerEntry(name: keyof typeof SOURCES): Promise<string> {
  const compiled = compiledWorkerEntry(name);
  if (compiled) return compiled;
  const here = fileURLToPath(import.meta.url);
  const outfile = path.join(codeDir(), `${name}.mjs`);
  await esbuildBuild({
    entryPoints: [path.join(path.dirname(here), SOURCES[name])],
    ...NODE_MODULE,
    packages: 'external',
    outfile,
    logLevel: 'silent',
  });
  return outfile;
}
