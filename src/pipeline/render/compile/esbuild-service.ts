import { createRequire } from 'node:module';

/*
 * esbuild's JavaScript API is a CommonJS file of about 100 kB. Imported as an ES module, Node scans it
 * for its export names first (cjs-module-lexer), and that scan got hot enough to be optimized: 30–50 ms
 * of CPU on every build, cold or warm, against about 8 ms through require (issue 62).
 */
const esbuild = createRequire(import.meta.url)('esbuild') as typeof import('esbuild');

/** The esbuild that compiles pa-site's code: its version is part of every compile cache key. */
export const esbuildVersion: string = esbuild.version;

let started = false;

/** How every module pa-site compiles for itself to import is bundled: one ES module for this Node. */
export const NODE_MODULE = { bundle: true, format: 'esm', platform: 'node', target: 'node20' } as const;

/** esbuild's build(), noting that its service process is running so that stopEsbuild() knows to wait for it. */
export const esbuildBuild: typeof esbuild.build = (options) => {
  started = true;
  return esbuild.build(options);
};

/** esbuild's transform(), noting that its service process is running (as esbuildBuild). */
export const esbuildTransform: typeof esbuild.transform = (input, options) => {
  started = true;
  return esbuild.transform(input, options);
};

/**
 * Stops esbuild's service process and waits until this process has reaped it. esbuild's own stop()
 * only signals the child: a process that exits right after leaves it behind as a zombie for init
 * to collect, which some container inits never do promptly. Waiting for SIGCHLD keeps the event
 * loop alive until Node has collected the child. Resolves at once when esbuild was never started.
 */
export async function stopEsbuild(timeoutMs = 2000): Promise<void> {
  if (!started) return;
  started = false;
  if (process.platform === 'win32') return esbuild.stop();
  await new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer);
      process.off('SIGCHLD', done);
      resolve();
    };
    const timer = setTimeout(done, timeoutMs);
    process.on('SIGCHLD', done);
    void esbuild.stop();
  });
}
