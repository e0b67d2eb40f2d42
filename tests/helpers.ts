import { mkdir, mkdtemp, readFile, cp, rm, writeFile, readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as cheerio from 'cheerio';
import { afterAll, beforeAll, expect, onTestFinished } from 'vitest';
import { build, type BuildResult } from '../src/index.js';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * A test file's temporary folder: made before its first test and removed after its last, whatever
 * they did. Called at the file's top level; the getter gives the folder's path once its tests run.
 */
export function scratchFolder(prefix: string): () => string {
  let dir: string | undefined;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), prefix));
  });
  afterAll(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });
  return () => {
    if (dir === undefined) throw new Error(`scratchFolder('${prefix}') was read before the file's tests ran`);
    return dir;
  };
}

/** A new temporary folder holding `files` (relative path → text), removed when the calling test ends. */
export async function tempDir(files: Record<string, string>, prefix = 'pa-site-test-'): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), prefix));
  onTestFinished(() => rm(dir, { recursive: true, force: true }));
  for (const [rel, text] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(dir, rel)), { recursive: true });
    await writeFile(path.join(dir, rel), text);
  }
  return dir;
}

export interface BuiltSite {
  result: BuildResult;
  dir: string;
  /** Reads a built file as text. */
  read(file: string): Promise<string>;
  /** Loads the built page for a route (`/about` → about.html) into cheerio. */
  page(route: string): Promise<cheerio.CheerioAPI>;
  files(): Promise<string[]>;
}

const fileFor = (route: string) => (route === '/' ? 'index.html' : `${route.slice(1)}.html`);

export function builtSite(result: BuildResult): BuiltSite {
  const dir = result.outDir;
  const read = (file: string) => readFile(path.join(dir, file), 'utf8');
  return {
    result,
    dir,
    read,
    page: async (route) => cheerio.load(await read(fileFor(route))),
    files: async () =>
      (await readdir(dir, { recursive: true, withFileTypes: true }))
        .filter((e) => e.isFile())
        .map((e) => path.relative(dir, path.join(e.parentPath, e.name)).split(path.sep).join('/'))
        .sort(),
  };
}

let real: Promise<BuiltSite> | undefined;
// Each test file that builds the real site removes its folder when its tests are done.
afterAll(async () => {
  const site = await real?.catch(() => undefined);
  real = undefined;
  if (site) await rm(site.dir, { recursive: true, force: true });
});
/** Builds the real content once per test file into a temporary folder, removed after the file's tests. */
export function buildRealSite(): Promise<BuiltSite> {
  real ??= (async () => {
    const out = await mkdtemp(path.join(tmpdir(), 'pa-site-real-'));
    const result = await build({ root: repoRoot, outDir: out });
    if (!result.ok)
      throw new Error(
        'real site failed to build:\n' +
          result.diagnostics.map((d) => `${d.file}:${d.line} ${d.field} ${d.message}`).join('\n'),
      );
    return builtSite(result);
  })();
  return real;
}

/** Copies the real project's content into a temp folder so a test can change it. */
export async function copyOfContent(): Promise<{
  root: string;
  write(rel: string, text: string): Promise<void>;
  read(rel: string): Promise<string>;
  cleanup(): Promise<void>;
}> {
  const root = await mkdtemp(path.join(tmpdir(), 'pa-site-content-'));
  await cp(path.join(repoRoot, 'content'), path.join(root, 'content'), { recursive: true });
  return {
    root,
    write: (rel, text) => writeFile(path.join(root, rel), text),
    read: (rel) => readFile(path.join(root, rel), 'utf8'),
    cleanup: () => rm(root, { recursive: true, force: true }),
  };
}

/** Visible text of a cheerio selection with whitespace collapsed. */
export const textOf = (s: { text(): string }) => s.text().replace(/\s+/g, ' ').trim();

/** Every file under `dir`, by path relative to it. */
async function filesOf(dir: string): Promise<Map<string, Buffer>> {
  const files = new Map<string, Buffer>();
  for (const e of await readdir(dir, { recursive: true, withFileTypes: true }))
    if (e.isFile())
      files.set(path.relative(dir, path.join(e.parentPath, e.name)), await readFile(path.join(e.parentPath, e.name)));
  return files;
}

/** Two output folders hold the same files with the same bytes. */
export async function expectSameFiles(dir: string, expected: string): Promise<void> {
  const [got, want] = await Promise.all([filesOf(dir), filesOf(expected)]);
  expect([...got.keys()].sort()).toEqual([...want.keys()].sort());
  for (const [file, bytes] of want) expect(got.get(file)?.equals(bytes), file).toBe(true);
}

/** Every file under `dir` with its text, by path relative to it (to compare a folder before and after). */
export async function snapshot(dir: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const [file, bytes] of await filesOf(dir)) out[file] = bytes.toString('utf8');
  return out;
}
