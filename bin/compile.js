#!/usr/bin/env node
// Compiles src/ to lib/ with esbuild. Runs on `npm ci` (the "prepare" script) and, when a source
// file is newer than lib/, automatically from bin/pa-site.js: there is no manual build step.
import { build } from 'esbuild';
import { existsSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const pkg = path.dirname(path.dirname(fileURLToPath(import.meta.url)));

/**
 * Pure-JavaScript packages every build loads, bundled into lib/ with their own dependencies: Node
 * then reads a few files instead of about 300 modules, on the main thread and in each worker (a
 * warm build of the real site: 0.42 s → 0.33 s). Everything else stays a plain import: React (the
 * templates bundle their own copy), esbuild (a native binary), packages loaded only when needed
 * (yaml, the remark engine, the dev server's and the checker's).
 */
const BUNDLED = new Set(['commander', 'github-slugger', 'gray-matter', 'js-yaml', 'markdown-it', 'zod']);
const packageName = (spec) =>
  spec
    .split('/')
    .slice(0, spec.startsWith('@') ? 2 : 1)
    .join('/');
// Bundled CommonJS packages (gray-matter, js-yaml) call require() for Node's built-in modules.
const REQUIRE =
  "import { createRequire as __paSiteRequire } from 'node:module'; " +
  'const require = __paSiteRequire(import.meta.url);';
/**
 * Whether esbuild bundles the package `spec` imported by `importer`, for pa-site installed in `pkgDir`:
 * pa-site's own code (src/, templates/) bundles only the BUNDLED packages; a bundled package's own
 * imports (the importer is that package's file) are bundled with it. Own code is told by its place
 * in pkgDir, not by a `node_modules` segment: installed, every path of pa-site's has one.
 */
export function bundles(importer, spec, pkgDir = pkg) {
  const dir = ['src', 'templates'].map((d) => path.join(pkgDir, d) + path.sep).find((d) => importer.startsWith(d));
  const own = dir !== undefined && !importer.slice(dir.length).split(path.sep).includes('node_modules');
  return !own || BUNDLED.has(packageName(spec));
}
/** What gray-matter's engines.js gets for `js-yaml`: a stand-in that throws (the file says why). */
const GRAY_MATTER_YAML = path.join(pkg, 'bin', 'gray-matter-yaml-off.cjs');
const inGrayMatter = (importer) => importer.split(path.sep).join('/').includes('/node_modules/gray-matter/');
const bundleSome = {
  name: 'bundle-some',
  setup(b) {
    b.onResolve({ filter: /^js-yaml$/ }, (args) =>
      inGrayMatter(args.importer) ? { path: GRAY_MATTER_YAML } : undefined,
    );
    b.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('node:')) return { external: true };
      return bundles(args.importer, args.path) ? undefined : { external: true };
    });
  },
};

export async function compile() {
  // Everything but the type declarations, which `npm run types` writes (tsc is too slow to run here).
  const lib = path.join(pkg, 'lib');
  for (const name of existsSync(lib) ? readdirSync(lib).filter((n) => n !== 'types') : [])
    rmSync(path.join(lib, name), { recursive: true, force: true });
  await build({
    entryPoints: {
      cli: path.join(pkg, 'src/cli/main.ts'),
      index: path.join(pkg, 'src/index.ts'),
      'render-worker': path.join(pkg, 'src/pipeline/render/threads/render-worker.ts'),
      'page-writer': path.join(pkg, 'src/pipeline/write/page-writer-worker.ts'),
      precreate: path.join(pkg, 'src/pipeline/write/precreate-worker.ts'),
      'check-pages': path.join(pkg, 'src/check/page-thread-worker.ts'),
      prebuild: path.join(pkg, 'src/pipeline/render/compile/prebuild.ts'),
    },
    outdir: path.join(pkg, 'lib'),
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    plugins: [bundleSome],
    banner: { js: REQUIRE },
    sourcemap: 'linked',
    logLevel: 'warning',
  });
  // The registry every templates bundle includes a copy of (src/pipeline/render/compile/templates.ts):
  // an installed package has no src/ to bundle it from. One file, its packages left as imports.
  await build({
    entryPoints: [path.join(pkg, 'src/pipeline/render/page/shared-parts.ts')],
    outfile: path.join(pkg, 'lib', 'shared-parts.js'),
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    packages: 'external',
    logLevel: 'warning',
  });
  // The templates' React runtime and pa-site's templates' side-effect checks, made now with the code that
  // uses them: a first build (CI's, on a fresh install) then runs esbuild for less (prebuild.ts).
  const { prebuild } = await import(pathToFileURL(path.join(pkg, 'lib', 'prebuild.js')).href);
  await prebuild(pkg);
  writeFileSync(path.join(pkg, 'lib', '.stamp'), String(Date.now()));
}
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await compile();
