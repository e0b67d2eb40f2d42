import { createHash, randomBytes } from 'node:crypto';
import { type Dirent, readdirSync, renameSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { AssetRefs } from '../../../model.js';
import { TOOLS } from '../../../schema/blocks.js';
import { ownCodeIdentity } from '../../../support/package/own-code.js';
import { buildAssets, type BuiltAssets } from './assets.js';
import { codeDir } from './code-dir.js';
import { compileDependencies } from './compile-inputs.js';
import { esbuildVersion } from './esbuild-service.js';
import { reactRuntime } from './react-runtime.js';
import { readCacheFile, readCacheText } from '../../load/cache-file.js';
import { readRegularFile } from '../../load/regular-file.js';
import type { TemplateGraph } from './template-keys.js';
import { DEFAULT_TEMPLATES, ownFolders } from './template-layers.js';
import { bundleName, codeHash, compileTemplates, type CompiledTemplates, type TemplateModule } from './templates.js';

/*
 * The compile cache: what compiling templates/ produced (the bundle's name, the template graph, the
 * assets) kept beside the bundles, so a build whose templates did not change skips esbuild. It is
 * used only while every file the compile read has the same bytes, every folder holding one lists
 * the same names (a new file could change what an import resolves to), and pa-site's own code and
 * versions are those that wrote it.
 */

/** Bump when the manifest's shape or what it records changes. */
const FORMAT = 6;
/**
 * Files changed this recently before a compile started (or during it) may not be what it read
 * (file systems keep times as coarse as 2 s): its manifest is not written, so no stale one is.
 */
const SETTLE_MS = 2000;

const sha = (s: string | Uint8Array) => createHash('sha256').update(s).digest('hex');

interface Manifest {
  format: number;
  /** pa-site's code and versions (compilerIdentity). */
  tool: string;
  /** The templates folder compiled. */
  dir: string;
  /** The React runtime the bundle imports (its name carries React's versions): another one is a miss. */
  runtime: string;
  /**
   * Every file the compile depends on (compile-inputs.ts: what it read, package.json files, config
   * files): path → hash of its bytes, '' for one that does not exist.
   */
  files: [string, string][];
  /** Every folder holding one of those files, outside packages: path → hash of its names. */
  dirs: [string, string][];
  templates: { file: string; hash: string; inputs: string[]; graph: TemplateGraph };
  assets: { refs: AssetRefs; files: [string, string][]; inputs: string[] };
}

/** Where compiling, or reusing, the templates came from (`--verbose` says). */
export type CompiledFrom = 'esbuild' | 'compile cache' | 'memory';

export interface CompileOutcome {
  templates: CompiledTemplates;
  assets: BuiltAssets;
  from: CompiledFrom;
}

/**
 * Compiles templates/ and its assets, or reuses them: parts the caller kept (the dev server keeps
 * what no changed file went into), else, with `persist`, a compile cache entry that is still
 * current. With `persist`, what is compiled is recorded for the next build.
 */
export async function compileOrReuse(
  dir: string,
  reuse: { templates?: CompiledTemplates; assets?: BuiltAssets } | undefined,
  persist: boolean,
): Promise<CompileOutcome> {
  if (reuse?.templates && reuse.assets) return { templates: reuse.templates, assets: reuse.assets, from: 'memory' };
  if (persist && !reuse?.templates && !reuse?.assets) {
    const hit = await loadCompiled(dir);
    if (hit) return { ...hit, from: 'compile cache' };
  }
  const started = Date.now();
  const [templates, assets] = await Promise.all([
    reuse?.templates ?? compileTemplates(dir, persist),
    reuse?.assets ?? buildAssets(dir),
  ]);
  if (persist) saveCompiled(dir, templates, assets, started, await reactRuntime());
  return { templates, assets, from: 'esbuild' };
}

/** The manifest of a templates folder, in the code folder beside the bundles (pruned with them). */
export const manifestFile = (dir: string) =>
  path.join(codeDir(), `compiled-${sha(`${dir}\n${DEFAULT_TEMPLATES}`).slice(0, 16)}.json`);

/**
 * What compiling depends on besides the inputs: pa-site's source (its plugins and options) and
 * version, and esbuild's version.
 */
const compilerIdentity = (): string => sha(`${FORMAT}\n${esbuildVersion}\n${ownCodeIdentity()}`);

/** A folder's names; a folder that is not there (a site without templates/ of its own) has a listing too. */
function listingOf(dir: string): string {
  let entries: Dirent[];
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch (e) {
    return sha(`not a folder: ${(e as NodeJS.ErrnoException).code}`);
  }
  return listing(entries);
}

const listing = (entries: Dirent[]) =>
  sha(
    entries
      .map((e) => `${e.isDirectory() ? 'd' : 'f'} ${e.name}`)
      .sort()
      .join('\n'),
  );

/**
 * A file's hash, or '' when there is no such file (an input deleted, a config file not yet made).
 * Only a regular file is read: a FIFO would block the build forever, so anything else is a change.
 */
function hashOf(file: string): string {
  try {
    // Opened non-blocking and checked on the open file: a FIFO swapped in after a stat cannot block.
    return sha(readRegularFile(file));
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    return code === 'ENOENT' ? '' : `not a file: ${code}`;
  }
}

/*
 * A manifest is read from the cache folder, which CI restores from places other jobs write to: its
 * shape is checked before anything in it is used. Paths it records (the compile's inputs, outside the
 * cache by nature) are only hashed or listed, never written or deleted, and must be absolute and
 * normal; the bundle it names is the code folder's file of a 16-hex-digit hash; asset paths are
 * plain relative names inside the output folder; asset URLs are plain root-relative paths.
 */
const HEX16 = /^[0-9a-f]{16}$/;
const HASH = /^[0-9a-f]{64}$/;
const ASSET = /^(?!.*(?:^|\/)\.\.?(?:\/|$))[\w.-]+(?:\/[\w.-]+)*$/;
const ASSET_URL = /^\/(?!\/)[\w./-]*$/;
const strings = (v: unknown): v is string[] => Array.isArray(v) && v.every((x) => typeof x === 'string');
const stringRecord = (v: unknown) =>
  !!v && typeof v === 'object' && !Array.isArray(v) && Object.values(v).every((x) => typeof x === 'string');
const absolute = (p: unknown) =>
  typeof p === 'string' && path.isAbsolute(p) && path.normalize(p) === p && !p.includes('\0');
const pairs = (v: unknown, value: (x: unknown) => boolean) =>
  Array.isArray(v) && v.every((e) => Array.isArray(e) && e.length === 2 && absolute(e[0]) && value(e[1]));

/** Whether a parsed manifest has the shape saveCompiled writes, with every path and name safe to use. */
function validManifest(m: Manifest): boolean {
  const { templates: t, assets: a } = m ?? {};
  const graph = t?.graph;
  return (
    typeof m?.runtime === 'string' &&
    pairs(m.files, (h) => h === '' || (typeof h === 'string' && HASH.test(h))) &&
    pairs(m.dirs, (h) => typeof h === 'string' && HASH.test(h)) &&
    !!t &&
    HEX16.test(String(t.hash)) &&
    t.file === bundleName(t.hash) &&
    strings(t.inputs) &&
    t.inputs.every(absolute) &&
    !!graph &&
    typeof graph.global === 'string' &&
    !!graph.files &&
    typeof graph.files === 'object' &&
    Object.values(graph.files).every((h) => typeof h === 'string') &&
    !!graph.valueImports &&
    typeof graph.valueImports === 'object' &&
    Object.values(graph.valueImports).every(strings) &&
    !!graph.jsxImports &&
    typeof graph.jsxImports === 'object' &&
    Object.values(graph.jsxImports).every(stringRecord) &&
    (graph.registry === undefined || stringRecord(graph.registry)) &&
    !!a &&
    !!a.refs &&
    [a.refs.css, a.refs.script, a.refs.notFoundScript].every((u) => typeof u === 'string' && ASSET_URL.test(u)) &&
    !!a.refs.tools &&
    TOOLS.every((t) => typeof a.refs.tools[t] === 'string' && ASSET_URL.test(a.refs.tools[t])) &&
    Array.isArray(a.files) &&
    a.files.every(
      (f) => Array.isArray(f) && typeof f[0] === 'string' && ASSET.test(f[0]) && typeof f[1] === 'string',
    ) &&
    strings(a.inputs) &&
    a.inputs.every(absolute)
  );
}

/** What the inputs of a compile are now: each file's hash and each folder's names. */
function fingerprint(files: readonly string[], dirs: readonly string[]) {
  return {
    files: files.map((f) => [f, hashOf(f)] as [string, string]),
    dirs: dirs.map((d) => [d, listingOf(d)] as [string, string]),
  };
}

const same = (a: [string, string][], b: [string, string][]) =>
  a.length === b.length && a.every(([k, v], i) => b[i]![0] === k && b[i]![1] === v);

async function loadCompiled(dir: string): Promise<Omit<CompileOutcome, 'from'> | undefined> {
  try {
    // The manifest first: without one (a first build), pa-site's source is not hashed here.
    const file = manifestFile(dir);
    const text = readCacheText(file);
    if (text === undefined) return undefined;
    // First line: the hash of the rest. A damaged or half-written manifest is a miss.
    const nl = text.indexOf('\n');
    const body = text.slice(nl + 1);
    if (nl < 0 || sha(body) !== text.slice(0, nl)) return undefined;
    const m = JSON.parse(body) as Manifest;
    const tool = compilerIdentity();
    if (m?.format !== FORMAT || m.tool !== tool || m.dir !== dir) return undefined;
    // Only the code folder's bundle of that hash is imported (never a path the manifest makes up).
    if (!validManifest(m)) return undefined;
    const now = fingerprint(
      m.files.map(([f]) => f),
      m.dirs.map(([d]) => d),
    );
    if (!same(now.files, m.files) || !same(now.dirs, m.dirs)) return undefined;
    const bundle = path.join(codeDir(), m.templates.file);
    const code = readCacheFile(bundle);
    if (!code || codeHash(code) !== m.templates.hash) return undefined;
    // The bundle imports React from this runtime: after an upgrade, compile against the new one. The
    // call also makes it again if it was deleted.
    if ((await reactRuntime()) !== m.runtime) return undefined;
    const module = (await import(pathToFileURL(bundle).href)) as TemplateModule;
    // In use: keep it from being pruned as old (code-dir.ts).
    const at = new Date();
    utimesSync(file, at, at);
    return {
      templates: { module, file: bundle, hash: m.templates.hash, inputs: m.templates.inputs, graph: m.templates.graph },
      assets: {
        refs: m.assets.refs,
        files: new Map(m.assets.files.map(([rel, b64]) => [rel, new Uint8Array(Buffer.from(b64, 'base64'))])),
        inputs: m.assets.inputs,
      },
    };
  } catch {
    // Absent, unreadable, or an input gone: compile.
    return undefined;
  }
}

/** Records a compile (synchronously, as loadCompiled reads: a few milliseconds). */
function saveCompiled(
  dir: string,
  templates: CompiledTemplates,
  assets: BuiltAssets,
  started: number,
  runtime: string,
): void {
  const file = manifestFile(dir);
  const tmp = `${file}.${process.pid}-${randomBytes(4).toString('hex')}.tmp`;
  try {
    const tool = compilerIdentity();
    const deps = compileDependencies([...templates.inputs, ...assets.inputs]);
    if (!deps) return;
    const { files } = deps;
    // Every folder of the site's templates/ (and the folder itself, there or not): a file added
    // anywhere in it may override a default.
    const dirs = [...new Set([...deps.dirs, ...ownFolders(dir)])].sort();
    const fp = fingerprint(files, dirs);
    // Changed since just before the compile began: perhaps not what it read. Not the files pa-site
    // itself wrote into the code folder for this compile (the tracked JSX runtime, React's): their
    // names carry their contents' hash, and counting them kept a first build from being recorded,
    // so the build after clearing the cache compiled the templates again.
    const code = codeDir() + path.sep;
    const times = [...files, ...dirs]
      .filter((f) => !f.startsWith(code))
      .map((f) => statSync(f, { throwIfNoEntry: false })?.mtimeMs ?? 0);
    if (times.some((t) => t >= started - SETTLE_MS)) return;
    const manifest: Manifest = {
      format: FORMAT,
      tool,
      dir,
      runtime,
      files: fp.files,
      dirs: fp.dirs,
      templates: {
        file: path.basename(templates.file),
        hash: templates.hash,
        inputs: templates.inputs,
        graph: templates.graph,
      },
      assets: {
        refs: assets.refs,
        files: [...assets.files].map(([rel, data]) => [rel, Buffer.from(data).toString('base64')]),
        inputs: assets.inputs,
      },
    };
    const body = JSON.stringify(manifest);
    writeFileSync(tmp, `${sha(body)}\n${body}`);
    renameSync(tmp, file);
  } catch {
    // Only costs a compile next time.
    rmSync(tmp, { force: true });
  }
}
