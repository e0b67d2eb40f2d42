import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { readCacheText } from '../../load/cache-file.js';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Loader, Metafile, Plugin } from 'esbuild';
import { esbuildTransform, esbuildVersion } from './esbuild-service.js';
import { codeDir, writeCode } from './code-dir.js';
import { packageDir } from '../../../support/package/paths.js';
import { RECORDING, TAG, TAG_NAME, tagCode, usesAsValue } from './template-edges.js';
import { ALL, closeOver, type TemplateGraph } from './template-keys.js';
import { inLayers, layeredFile, type TemplateLayers, templateId } from './template-layers.js';

/*
 * Which templates files a page's HTML depends on, so that a template edit re-renders only the pages
 * that use it. Three parts, each erring towards "depends":
 * - at render time, every element a templates file creates is noted with the file its component is
 *   defined in (templates' JSX and React go through a tracked React, and top-level functions carry a
 *   tag naming their file); a component without a tag makes the page depend on every file;
 * - from the esbuild metafile, a page's files are closed over "value" imports (a helper called, data
 *   read); an import whose names are only ever rendered as JSX tags is not followed, because
 *   rendering them is itself noted, and where it resolves counts only for the pages that rendered
 *   through it (template-keys.ts pageDeps): a new override of a component re-renders its pages alone;
 * - everything that runs at import time (a file with top-level side effects, elements made at import)
 *   and the files outside templates/ (packages) count for every page.
 * Assumes what the build's worker threads already assume: a page's HTML depends only on its own
 * props and the templates' code, never on state another page's render left behind.
 */

const sha = (s: string | Uint8Array) => createHash('sha256').update(s).digest('hex').slice(0, 24);

const LOADERS: Record<string, Loader> = {
  '.js': 'js',
  '.mjs': 'js',
  '.cjs': 'js',
  '.jsx': 'jsx',
  '.ts': 'ts',
  '.mts': 'ts',
  '.cts': 'ts',
  '.tsx': 'tsx',
  '.json': 'json',
  '.css': 'css',
  '.txt': 'text',
};
const SCRIPT = /\.[cm]?[jt]sx?$/;
/** The JSX import source of templates files: `pa-site-tracked/jsx-runtime` is the tracked runtime's file. */
export const JSX_SOURCE = 'pa-site-tracked';

/**
 * React for templates files, noting each element's type for the page being rendered (`G.current`,
 * one per thread): its JSX runtime (`jsx`, `jsxs`), `createElement`, and the rest of React
 * unchanged. Bundled into each templates bundle, so what a bundle creates at import is its own.
 */
const TRACKED = `
export * from "react";
import { createElement as c } from "react";
import { jsx as j, jsxs as js } from "react/jsx-runtime";
const TAG = ${JSON.stringify(TAG)};
const ALL = ${JSON.stringify(ALL)};
// The page being recorded, one per thread (renders are synchronous) whichever bundle renders it.
const G = (globalThis[Symbol.for(${JSON.stringify(RECORDING)})] ??= { current: undefined });
let sealed = false;
const atImport = new Set();
function note(t) {
  const set = G.current ?? (sealed ? undefined : atImport);
  if (!set) return;
  // A tag of "" marks pa-site's own components (hashed for every page): nothing to note.
  if (typeof t === "function") {
    const f = Object.hasOwn(t, TAG) ? t[TAG] : ALL;
    if (f) set.add(f);
  } else if (t !== null && typeof t === "object") set.add(ALL);
}
export const jsx = (t, p, k) => (note(t), j(t, p, k));
export const jsxs = (t, p, k) => (note(t), js(t, p, k));
export const createElement = (t, ...a) => (note(t), c(t, ...a));
export function recordDeps(fn, roots) {
  const outer = G.current;
  const set = (G.current = new Set());
  try {
    for (const r of roots) note(r);
    return [fn(), [...set]];
  } finally {
    G.current = outer;
    if (outer) for (const f of set) outer.add(f);
  }
}
export function importNotes() {
  sealed = true;
  return [...atImport];
}
const NAME = ${JSON.stringify(TAG_NAME)};
export const tagOf = (v) => (typeof v === "function" && Object.hasOwn(v, TAG) ? v[TAG] + "#" + v[NAME] : ALL);
`;

/** Hash of pa-site's own part of the bundle: a change to it changes every page's key. */
const OWN_CODE = sha(`${TRACKED}${esbuildVersion}`);

const trackedDirs = new Map<string, Promise<string>>();
/**
 * The folder holding the tracked runtime as `jsx-runtime.js` (written once per version into the
 * code folder): an alias, so that resolving it costs no round trip to a plugin per file.
 */
export function trackedRuntimeDir(persist = true): Promise<string> {
  const code = codeDir(persist);
  let found = trackedDirs.get(code);
  if (found) return found;
  found = (async () => {
    const name = path.join(`pa-site-tracked-${OWN_CODE.slice(0, 12)}`, 'jsx-runtime.js');
    const file = path.join(code, name);
    return path.dirname(existsSync(file) ? file : await writeCode(name, TRACKED, persist));
  })();
  trackedDirs.set(code, found);
  found.catch(() => trackedDirs.delete(code));
  return found;
}

/** Lines for the templates entry: the tracked createElement for pa-site's own root elements, and the recorder. */
export const entryExports = (entry: string, tracked: string): string[] => [
  `import * as __paSiteTemplates from ${JSON.stringify(entry)};`,
  `import { recordDeps as __paSiteRecord } from ${JSON.stringify(tracked)};`,
  `export { createElement, importNotes, tagOf } from ${JSON.stringify(tracked)};`,
  // sectionFor is the one templates function the pipeline calls itself rather than rendering.
  'export const recordDeps = (fn) => __paSiteRecord(fn, [__paSiteTemplates.sectionFor]);',
];

/** What the compile of the templates loaded: exact bytes of each templates file, by absolute path. */
export type Loaded = Map<string, { text: string; hash: string }>;

/**
 * The esbuild plugin that gives templates files the tracked React (`react` imports; JSX comes
 * through JSX_SOURCE), tags each file's top-level functions, and keeps the exact text of every
 * templates file it compiled (hashing what was compiled, not what is on disk a moment later).
 * Goes before reactRuntimePlugin.
 */
export function templateDepsPlugin(layers: TemplateLayers, loaded: Loaded, trackedFile: string): Plugin {
  const inTemplates = (file: string) => inLayers(layers, file);
  const esc = (dir: string) => (dir + path.sep).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const own = new RegExp(`^(?:${esc(layers.own)}|${esc(layers.base)})`);
  return {
    name: 'pa-site-template-deps',
    setup(build) {
      build.onResolve({ filter: /^react$/ }, (args) =>
        args.namespace === 'file' && inTemplates(args.importer) ? { path: trackedFile } : undefined,
      );
      build.onLoad({ filter: own }, async (args) => {
        const loader = LOADERS[path.extname(args.path)];
        if (!loader || !inTemplates(args.path) || args.path.endsWith('.module.css')) return undefined;
        const bytes = await readFile(args.path);
        const text = bytes.toString('utf8');
        loaded.set(args.path, { text, hash: sha(bytes) });
        if (!SCRIPT.test(args.path)) return { contents: bytes, loader };
        return { contents: text + tagCode(text, templateId(layers, args.path)!), loader };
      });
    },
  };
}

/** Whether a templates file's top-level code has side effects, by its extension and hash. */
let effectful: Map<string, boolean> | undefined;
const EFFECTS_FILE = 'template-side-effects.json';
/** Results kept on disk (the code folder): enough for every version a long dev session saves. */
const EFFECTS_KEPT = 5000;

/**
 * The results bin/compile.js found for pa-site's own templates files (prebuildEffects), beside its code:
 * a first build of a site on pa-site's templates then checks none of them.
 */
const PREBUILT_EFFECTS = path.join(packageDir, 'lib', EFFECTS_FILE);

/** A results file's entries; none when it is absent or damaged (each file is then checked again). */
function effectsIn(text: string | undefined): [string, boolean][] {
  try {
    const raw = JSON.parse(text ?? '{}') as Record<string, unknown>;
    return Object.entries(raw).filter((e): e is [string, boolean] => typeof e[1] === 'boolean');
  } catch {
    return [];
  }
}

function readEffects(persist: boolean): Map<string, boolean> {
  let own: string | undefined;
  try {
    own = readFileSync(PREBUILT_EFFECTS, 'utf8');
  } catch {
    // Not built (a checkout whose lib/ predates it): every file is checked, as before.
  }
  // Read as every cache file is (lstat, no link, no FIFO, capped): a FIFO here hung the build.
  let cached: string | undefined;
  try {
    cached = readCacheText(path.join(codeDir(persist), EFFECTS_FILE));
  } catch {
    // Unreadable: checked again.
  }
  return new Map([...effectsIn(own), ...effectsIn(cached)]);
}

/** What a side-effect result is kept under: the file's extension (its loader) and its hash. */
const effectId = (file: string, hash: string) => `${path.extname(file)}:${hash}`;

/** Checks every script file under `dir` (pa-site's templates) and writes the results to `out` (bin/compile.js). */
export async function prebuildEffects(dir: string, out: string): Promise<void> {
  const results: Record<string, boolean> = {};
  for (const name of readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
    const file = path.join(dir, name);
    if (!SCRIPT.test(file) || !statSync(file).isFile()) continue;
    const bytes = readFileSync(file);
    results[effectId(file, sha(bytes))] = await hasSideEffects(file, bytes.toString('utf8')).catch(() => true);
  }
  writeFileSync(out, JSON.stringify(results));
}

async function saveEffects(known: Map<string, boolean>, persist: boolean): Promise<void> {
  const entries = [...known].slice(-EFFECTS_KEPT);
  try {
    await writeCode(EFFECTS_FILE, JSON.stringify(Object.fromEntries(entries)), persist);
  } catch {
    // Only costs a check next time.
  }
}

/** `export` keywords and export lists: without them, nothing a file defines is used. */
const EXPORTS = [
  /^export\s+(?:type\s+)?\{[^}]*\}(?:\s*from\s*(['"])[^'"\n]*\1)?\s*;?/gm,
  /^export\s*\*[^;\n]*;?/gm,
  /^export\s+(?:default\s+)?/gm,
];
/** Import statements as esbuild prints them (each ends at its first semicolon). */
const IMPORTS = /^import\b[^;]*;/gm;

/**
 * Whether a templates file's top-level code does more than define things. esbuild's tree-shaking
 * decides: the file without its exports, minus its imports, is empty when nothing would run.
 */
async function hasSideEffects(file: string, text: string): Promise<boolean> {
  const result = await esbuildTransform(
    EXPORTS.reduce((t, re) => t.replace(re, ''), text),
    {
      loader: LOADERS[path.extname(file)] ?? 'tsx',
      format: 'esm',
      jsx: 'automatic',
      treeShaking: true,
      define: { 'process.env.NODE_ENV': '"production"' },
      logLevel: 'silent',
    },
  );
  return result.code.replace(IMPORTS, '').trim() !== '';
}

/**
 * The templates files that do something at import time beyond defining things: such a file can
 * change what any page sees. A file the check cannot read is taken to have side effects.
 */
export async function withSideEffects(loaded: Loaded, persist = true): Promise<Set<string>> {
  effectful ??= readEffects(persist);
  const known = effectful;
  const scripts = [...loaded].filter(([file]) => SCRIPT.test(file));
  const unknown = scripts.filter(([file, { hash }]) => !known.has(effectId(file, hash)));
  await Promise.all(
    unknown.map(async ([file, { text, hash }]) => {
      known.set(effectId(file, hash), await hasSideEffects(file, text).catch(() => true));
    }),
  );
  if (unknown.length) await saveEffects(known, persist);
  return new Set(scripts.filter(([file, { hash }]) => known.get(effectId(file, hash))).map(([f]) => f));
}

/** What the registry (`templates`, Layout, …) maps to: a change re-renders every page. */
export interface RegistryView {
  templates: Record<string, unknown>;
  Layout: unknown;
  NotFoundPage: unknown;
  sectionFor: unknown;
  importNotes(): string[];
  tagOf(v: unknown): string;
}

/**
 * The dependency graph of a compiled templates bundle (metafile), given the files the compile
 * loaded and the imported bundle (for what it did at import time and what its registry points to).
 */
export async function templateGraph(
  layers: TemplateLayers,
  metafile: Metafile,
  loaded: Loaded,
  runtimeUrl: string,
  module: RegistryView,
  /** withSideEffects(loaded), when the caller started it earlier. */
  sideEffects = withSideEffects(loaded),
): Promise<TemplateGraph> {
  const rel = (file: string) => templateId(layers, file)!;
  // The metafile's paths are relative to the compile's working folder, pa-site's templates.
  const tplDir = layers.base;
  const files: Record<string, string> = {};
  const valueImports: Record<string, string[]> = {};
  const jsxImports: Record<string, Record<string, string>> = {};
  const outside: string[] = [];
  for (const [input, meta] of Object.entries(metafile.inputs)) {
    const abs = path.resolve(tplDir, input);
    const own = loaded.get(abs);
    if (!own) {
      // A package (or any file outside templates/): its bytes count for every page.
      if (!input.includes(':') && existsSync(abs)) outside.push(`${input}:${sha(readFileSync(abs))}`);
      continue;
    }
    const id = rel(abs);
    const edges: string[] = [];
    const values = new Set<string>();
    const tags: Record<string, string> = {};
    for (const imp of meta.imports) {
      const target = path.resolve(tplDir, imp.path);
      const internal = !imp.external && loaded.has(target);
      // Where a JSX-only import resolves is a dependency only of the pages that rendered through it.
      if (internal && imp.original && !usesAsValue(own.text, imp.original)) {
        tags[imp.original] = rel(target);
        continue;
      }
      edges.push(`${imp.original ?? ''}>${internal ? rel(target) : imp.path}`);
      if (internal) values.add(rel(target));
    }
    files[id] = sha(`${own.hash}\n${edges.join('\n')}`);
    valueImports[id] = [...values].sort();
    if (Object.keys(tags).length) jsxImports[id] = tags;
  }
  const seeds = new Set<string>();
  for (const f of await sideEffects) seeds.add(rel(f));
  for (const f of module.importNotes()) seeds.add(f);
  const atImport = closeOver({ valueImports }, seeds);
  const allFiles = Object.keys(files).sort();
  const everyPage = atImport[0] === ALL ? allFiles : atImport;
  const entries = Object.entries(module.templates ?? {}).map(([k, v]) => [k, module.tagOf(v)] as [string, string]);
  // Each page depends on its own template's entry only when every entry names its component's file.
  const perPage = entries.every(([, tag]) => tag !== ALL);
  const registry = {
    templates: perPage ? entries.map(([k]) => k) : entries,
    roots: [module.Layout, module.NotFoundPage, module.sectionFor].map((v) => module.tagOf(v)),
  };
  const indexFile = layeredFile(layers, 'index.ts');
  const index = rel(indexFile);
  const withImports = (f: string) =>
    `${f}:${files[f] ?? '-'}:${JSON.stringify(Object.entries(jsxImports[f] ?? {}).sort())}`;
  const global = sha(
    JSON.stringify([
      OWN_CODE,
      path.basename(runtimeUrl),
      outside.sort(),
      registry,
      // The registry's file (index.ts): with every entry tagged, its text alone (where its imports lead
      // shows in the entries and roots); else with all of its imports.
      perPage ? `${index}:${loaded.get(indexFile)?.hash ?? '-'}` : withImports(index),
      // What runs at import time, with all of its imports.
      everyPage.map(withImports),
    ]),
  );
  return { global, files, valueImports, jsxImports, ...(perPage ? { registry: Object.fromEntries(entries) } : {}) };
}
