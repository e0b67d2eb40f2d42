import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { writeCode } from './render/compile/code-dir.js';

/** The worker scripts, by the name bin/compile.js gives them in lib/, and their sources. */
const SOURCES = {
  'render-worker': 'render/threads/render-worker.ts',
  'page-writer': 'write/page-writer-worker.ts',
  precreate: 'write/precreate-worker.ts',
  'check-pages': '../check/page-thread-worker.ts',
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
  // Loaded here only: `check --dir` starts its page thread without esbuild.
  const { esbuildBuild, NODE_MODULE } = await import('./render/compile/esbuild-service.js');
  const out = await esbuildBuild({
    entryPoints: [path.join(path.dirname(here), SOURCES[name])],
    ...NODE_MODULE,
    packages: 'external',
    write: false,
    logLevel: 'silent',
  });
  // Written then renamed: another process (a parallel test file) may be starting a worker from it.
  return writeCode(`${name}.mjs`, out.outputFiles[0]!.contents, true);
}
