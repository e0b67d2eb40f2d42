import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Plugin } from 'esbuild';
import { packageDir } from '../../../support/package/paths.js';
import { codeDir, writeCode } from './code-dir.js';
import { esbuildBuild, esbuildVersion, NODE_MODULE } from './esbuild-service.js';

/** The specifiers templates (and pa-site's entry) import React by; all resolve to the one runtime module. */
const REACT_SPECIFIERS = /^(react|react\/jsx-runtime|react-dom\/server)$/;

const req = createRequire(path.join(packageDir, 'package.json'));
const packageRoot = (name: string) => path.dirname(req.resolve(`${name}/package.json`));
const versionOf = (name: string) =>
  (JSON.parse(readFileSync(path.join(packageRoot(name), 'package.json'), 'utf8')) as { version: string }).version;

/** React DOM's static (legacy) server renderer, production build: renderToStaticMarkup and renderToString. */
const LEGACY_SERVER = path
  .join(packageRoot('react-dom'), 'cjs', 'react-dom-server-legacy.node.production.js')
  .split(path.sep)
  .join('/');

/** The entry of the runtime bundle: React's public API, the JSX runtime and the static renderer, as named exports. */
function runtimeEntry(): string {
  // esbuild cannot turn `export *` of a CommonJS module into named exports: list the names.
  const names = new Set<string>();
  for (const file of ['react.production.js', 'react-jsx-runtime.production.js'])
    for (const name of Object.keys(req(path.join(packageRoot('react'), 'cjs', file))))
      if (/^[A-Za-z_$][\w$]*$/.test(name)) names.add(name);
  return [
    "import * as React from 'react';",
    "import * as JSXRuntime from 'react/jsx-runtime';",
    // The legacy renderer alone: react-dom/server would bring the streaming one too (300 kB never called).
    `export { renderToStaticMarkup, renderToString } from ${JSON.stringify(LEGACY_SERVER)};`,
    `export const { ${[...names].filter((n) => n !== 'jsx' && n !== 'jsxs').join(', ')} } = React;`,
    'export const { jsx, jsxs } = JSXRuntime;',
  ].join('\n');
}

/**
 * The runtime's file name: React's and React DOM's versions for a person reading the folder, then a hash
 * of the entry and esbuild's version, so that a changed entry or esbuild is another file.
 */
function runtimeName(entry: string): string {
  const tag = createHash('sha256').update(`${entry}\n${esbuildVersion}`).digest('hex').slice(0, 8);
  return `react-runtime-${versionOf('react')}-${versionOf('react-dom')}-${tag}.mjs`;
}

/** React's production build, bundled as one ES module: the runtime's bytes. */
async function bundleRuntime(entry: string): Promise<Uint8Array> {
  const result = await esbuildBuild({
    stdin: { contents: entry, resolveDir: packageDir, sourcefile: 'pa-site-react-runtime.ts', loader: 'ts' },
    ...NODE_MODULE,
    write: false,
    define: { 'process.env.NODE_ENV': '"production"' },
    // react-dom/server's CommonJS build calls require() for Node built-ins.
    banner: {
      js:
        "import { createRequire as __paSiteRequire } from 'node:module'; " +
        'const require = __paSiteRequire(import.meta.url);',
    },
    legalComments: 'none',
    logLevel: 'silent',
  });
  return result.outputFiles[0]!.contents;
}

/**
 * Where bin/compile.js puts the runtime it builds with pa-site's own code (prebuildRuntime): a first
 * build, as every CI build on a fresh install is, then bundles no React (about 0.2 s of CPU).
 */
const PREBUILT = path.join(packageDir, 'lib', 'react-runtime');

/** Builds the runtime into `dir` (bin/compile.js: lib/react-runtime); returns its file. */
export async function prebuildRuntime(dir = PREBUILT): Promise<string> {
  const entry = runtimeEntry();
  const file = path.join(dir, runtimeName(entry));
  mkdirSync(dir, { recursive: true });
  writeFileSync(file, await bundleRuntime(entry));
  return file;
}

/** The runtime's URL, by code folder. */
const runtimes = new Map<string, Promise<string>>();

/**
 * React's production build bundled into an ES module, and its URL: the one bin/compile.js built beside
 * pa-site's code when it has this name (the same React, React DOM, entry and esbuild), else one built
 * once into the cache folder (see codeDir; so once per installation).
 * Templates bundles import React from it instead of bundling their own copy: compiling a template
 * change takes milliseconds, and a process that imports several templates bundles (the dev server)
 * keeps one React whose code is already optimized. Production build whatever NODE_ENV says.
 */
export function reactRuntime(persist = true): Promise<string> {
  const dir = codeDir(persist);
  let runtime = runtimes.get(dir);
  if (runtime) return runtime;
  runtime = (async () => {
    const entry = runtimeEntry();
    const name = runtimeName(entry);
    const prebuilt = path.join(PREBUILT, name);
    if (existsSync(prebuilt)) return pathToFileURL(prebuilt).href;
    const file = path.join(dir, name);
    if (existsSync(file)) return pathToFileURL(file).href;
    // Written under a temporary name and renamed (code-dir.ts): a concurrent build never imports half a file.
    return pathToFileURL(await writeCode(name, await bundleRuntime(entry), persist)).href;
  })();
  runtimes.set(dir, runtime);
  runtime.catch(() => runtimes.delete(dir));
  return runtime;
}

/**
 * An esbuild plugin that makes every React import of a templates bundle an import of the runtime module
 * (templates files' own imports go through the tracked React of template-deps.ts, which imports it).
 */
export const reactRuntimePlugin = (runtimeUrl: string): Plugin => ({
  name: 'pa-site-react-runtime',
  setup(build) {
    build.onResolve({ filter: REACT_SPECIFIERS }, () => ({ path: runtimeUrl, external: true }));
  },
});
