import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/*
 * What a compile's output depends on besides the files esbuild reports reading: the config files
 * esbuild consults on the way (and those they extend), and the places where a package the
 * templates import could appear and be found first. The compile cache hashes them all, recording
 * '' for one that does not exist, so one appearing is a change too.
 */

const NODE_MODULES = `${path.sep}node_modules${path.sep}`;

/** Files esbuild reads in every folder holding an input and above it: their options change a compile. */
const CONFIGS = ['tsconfig.json', 'jsconfig.json', 'package.json'];

const isFile = (f: string) => statSync(f, { throwIfNoEntry: false })?.isFile() ?? false;

/** The path parts of the package a file in node_modules belongs to (`['@scope', 'name']` or `['name']`). */
function packageOf(file: string): { base: string; name: string[] } | undefined {
  const at = file.lastIndexOf(NODE_MODULES);
  if (at < 0) return undefined;
  const parts = file.slice(at + NODE_MODULES.length).split(path.sep);
  return { base: file.slice(0, at), name: parts[0]!.startsWith('@') ? parts.slice(0, 2) : parts.slice(0, 1) };
}

/** Calls `f` with each character index of `text` outside JSON strings, skipping strings whole. */
function outsideStrings(text: string, f: (i: number) => number | undefined): void {
  for (let i = 0; i < text.length; i++) {
    if (text[i] === '"') {
      let j = i + 1;
      while (j < text.length && text[j] !== '"') j += text[j] === '\\' ? 2 : 1;
      i = j;
      continue;
    }
    const next = f(i);
    if (next !== undefined) i = next;
  }
}

/**
 * Parses a tsconfig.json as TypeScript and esbuild read it: JSON with `//` and block comments and
 * trailing commas. Undefined when it still is not JSON.
 */
export function parseJsonc(text: string): unknown {
  const kept: string[] = [];
  let from = 0;
  let open = false;
  outsideStrings(text, (i) => {
    if (text[i] !== '/' || (text[i + 1] !== '/' && text[i + 1] !== '*')) return undefined;
    kept.push(text.slice(from, i), ' ');
    const end = text[i + 1] === '/' ? text.indexOf('\n', i) : text.indexOf('*/', i + 2);
    if (end < 0) open = text[i + 1] === '*';
    from = end < 0 ? text.length : text[i + 1] === '/' ? end : end + 2;
    return from - 1;
  });
  if (open) return undefined;
  kept.push(text.slice(from));
  const plain = kept.join('');
  // A comma whose next non-space character closes an object or array is dropped.
  const commas: number[] = [];
  const closes = /\s*[}\]]/y;
  outsideStrings(plain, (i) => {
    closes.lastIndex = i + 1;
    if (plain[i] === ',' && closes.test(plain)) commas.push(i);
    return undefined;
  });
  const parts: string[] = [];
  let at = 0;
  for (const i of commas) {
    parts.push(plain.slice(at, i));
    at = i + 1;
  }
  parts.push(plain.slice(at));
  try {
    return JSON.parse(parts.join('').replace(/^\uFEFF/, ''));
  } catch {
    return undefined;
  }
}

/**
 * The files a tsconfig.json or jsconfig.json extends, followed to the end, each as the candidates
 * esbuild tries (`base`, then `base.json`). Undefined when they cannot be told for sure: a config
 * that is not JSON, or one that extends a package's config (resolved through node_modules).
 */
export function extendedConfigs(file: string, seen = new Set<string>()): string[] | undefined {
  if (seen.has(file)) return [];
  seen.add(file);
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return [];
  }
  // Most configs extend nothing: no parse needed to know.
  if (!text.includes('extends')) return [];
  const config = parseJsonc(text);
  if (!config || typeof config !== 'object') return undefined;
  const value = (config as { extends?: unknown }).extends;
  if (value === undefined) return [];
  const specs = Array.isArray(value) ? value : [value];
  const out: string[] = [];
  for (const spec of specs) {
    if (typeof spec !== 'string' || !/^\.{0,2}\//.test(spec.replaceAll('\\', '/'))) return undefined;
    const base = path.resolve(path.dirname(file), spec);
    const candidates = base.endsWith('.json') ? [base] : [base, `${base}.json`];
    out.push(...candidates);
    const found = candidates.find(isFile);
    if (!found) continue;
    const more = extendedConfigs(found, seen);
    if (!more) return undefined;
    out.push(...more);
  }
  return out;
}

/**
 * The files and folders a compile that read `read` depends on: the files themselves, each package
 * file's package.json, the config files in and above every folder holding an input (and the files
 * they extend), and, in each of those folders' node_modules, the package.json of every package the
 * compile read (a package installed nearer the templates would be found first). `dirs` are the
 * folders whose listings matter: those holding an input outside packages. Undefined when a config
 * file's `extends` cannot be followed: such a compile is not recorded.
 */
export function compileDependencies(read: Iterable<string>): { files: string[]; dirs: string[] } | undefined {
  const files = new Set<string>();
  const packages = new Map<string, string[]>();
  for (const f of read) {
    // esbuild lists its stdin entry as a file in templates/: only what is on disk counts.
    if (!isFile(f)) continue;
    files.add(f);
    const pkg = packageOf(f);
    if (!pkg) continue;
    const manifest = path.join(pkg.base, 'node_modules', ...pkg.name, 'package.json');
    if (isFile(manifest)) files.add(manifest);
    packages.set(pkg.name.join('/'), pkg.name);
  }
  const dirs = [...new Set([...files].filter((f) => !f.includes(NODE_MODULES)).map((f) => path.dirname(f)))].sort();
  const above = new Set<string>();
  // Up to the file system's root, whose dirname is itself (already seen, so the walk stops).
  for (const d of dirs) for (let at = d; !above.has(at); at = path.dirname(at)) above.add(at);
  for (const at of above) {
    for (const name of CONFIGS) {
      const config = path.join(at, name);
      files.add(config);
      if (name === 'package.json') continue;
      const extended = extendedConfigs(config);
      if (!extended) return undefined;
      for (const e of extended) files.add(e);
    }
    for (const name of packages.values()) files.add(path.join(at, 'node_modules', ...name, 'package.json'));
  }
  return { files: [...files].sort(), dirs };
}
