import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Diagnostic } from '../../../support/diagnostics/diagnostics.js';
import { MARKDOWN_IT, type MarkdownEngine } from './markdown.js';
import type { LoadedPlugin } from './remark-engine.js';
import type { MarkdownConfig } from '../../../schema/site.js';
import type { MarkdownSetup, ResolvedPlugin } from './markdown-setup.js';

type Locate = (path: readonly PropertyKey[]) => { line: number; col: number };

const SITE_FILE = 'content/site.yaml';

/** A plugin problem, at the plugin's line in site.yaml. */
const pluginError = (
  at: { line: number; col: number },
  field: string,
  message: string,
  hint: string,
  name?: string,
): Diagnostic => ({
  severity: 'error',
  code: 'remark-plugin',
  file: SITE_FILE,
  line: at.line,
  col: at.col,
  field,
  message,
  received: name === undefined ? undefined : JSON.stringify(name),
  hint,
});

/** Finds each configured plugin the way Node does: in node_modules folders from the project root upwards. */
export function resolveRemarkPlugins(
  root: string,
  config: MarkdownConfig,
  locate: Locate,
): { setup: MarkdownSetup; diagnostics: Diagnostic[] } {
  const diagnostics: Diagnostic[] = [];
  const plugins: ResolvedPlugin[] = [];
  (config.remarkPlugins ?? []).forEach((entry, i) => {
    const [name, options] = typeof entry === 'string' ? [entry, undefined] : entry;
    const at = locate(
      typeof entry === 'string' ? ['markdown', 'remarkPlugins', i] : ['markdown', 'remarkPlugins', i, 0],
    );
    const fail = (message: string, hint: string) =>
      diagnostics.push(pluginError(at, `markdown.remarkPlugins[${i}]`, message, hint, name));
    if (!/^(@[a-z0-9][\w.-]*\/)?[a-z0-9][\w.-]*$/i.test(name)) {
      fail('expected an npm package name', 'name the package as in package.json, e.g. remark-toc');
      return;
    }
    const pkgDir = findPackage(root, name);
    if (!pkgDir) {
      fail(`remark plugin "${name}" is not installed`, `install it in the project: npm install --save-dev ${name}`);
      return;
    }
    let pkg: PackageJson;
    try {
      pkg = JSON.parse(readFileSync(path.join(pkgDir, 'package.json'), 'utf8')) as PackageJson;
      if (!pkg || typeof pkg !== 'object' || Array.isArray(pkg)) throw new Error('expected an object');
    } catch (e) {
      fail(
        `remark plugin "${name}" has a package.json that is not valid JSON (${firstLine(e)})`,
        `reinstall it: npm install --save-dev ${name}`,
      );
      return;
    }
    const file = path.join(pkgDir, entryOf(pkg));
    if (!existsSync(file)) {
      fail(`remark plugin "${name}" has no module at ${entryOf(pkg)}`, `reinstall it: npm install --save-dev ${name}`);
      return;
    }
    plugins.push({ name, version: pkg.version ?? '0.0.0', file, options, ...at });
  });
  return { setup: { engine: config.engine, plugins }, diagnostics };
}

function findPackage(root: string, name: string): string | undefined {
  for (let dir = path.resolve(root); ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'node_modules', name);
    if (existsSync(path.join(candidate, 'package.json'))) return candidate;
    if (path.dirname(dir) === dir) return undefined;
  }
}

interface PackageJson {
  version?: string;
  main?: string;
  module?: string;
  exports?: unknown;
}

/** The ES module a package exports as ".", by the conditions Node applies to `import`. */
function entryOf(pkg: PackageJson): string {
  const pick = (e: unknown): string | undefined => {
    if (typeof e === 'string') return e;
    if (Array.isArray(e)) return e.map(pick).find(Boolean);
    if (e && typeof e === 'object') {
      const o = e as Record<string, unknown>;
      if ('.' in o) return pick(o['.']);
      for (const k of ['import', 'node', 'default']) if (k in o) return pick(o[k]);
    }
    return undefined;
  };
  return pick(pkg.exports) ?? pkg.module ?? pkg.main ?? 'index.js';
}

const engines = new Map<string, Promise<{ engine?: MarkdownEngine; diagnostics: Diagnostic[] }>>();

/**
 * The engine for a site: markdown-it, or a remark processor with the site's plugins imported. Broken
 * plugins become diagnostics at their line in site.yaml. Memoized per setup (dev rebuilds, workers).
 */
export function loadMarkdownEngine(
  setup: MarkdownSetup,
): Promise<{ engine?: MarkdownEngine; diagnostics: Diagnostic[] }> {
  if (setup.engine === 'markdown-it') return Promise.resolve({ engine: MARKDOWN_IT, diagnostics: [] });
  const key = JSON.stringify(setup);
  let loading = engines.get(key);
  if (!loading) {
    loading = load(setup);
    engines.set(key, loading);
  }
  return loading;
}

async function load(setup: MarkdownSetup): Promise<{ engine?: MarkdownEngine; diagnostics: Diagnostic[] }> {
  const diagnostics: Diagnostic[] = [];
  const loaded: LoadedPlugin[] = [];
  const fail = (p: ResolvedPlugin, i: number, message: string, hint: string) =>
    diagnostics.push(pluginError(p, `markdown.remarkPlugins[${i}]`, message, hint, p.name));
  for (const [i, p] of setup.plugins.entries()) {
    try {
      const mod = (await import(pathToFileURL(p.file).href)) as { default?: unknown };
      if (typeof mod.default !== 'function') {
        fail(p, i, `"${p.name}" does not export a remark plugin`, 'check the package is a remark plugin (remark-*)');
        continue;
      }
      loaded.push({ name: p.name, plugin: mod.default as LoadedPlugin['plugin'], options: p.options, line: p.line });
    } catch (e) {
      fail(
        p,
        i,
        `loading "${p.name}" failed: ${firstLine(e)}`,
        `reinstall it, or remove it from markdown.remarkPlugins`,
      );
    }
  }
  if (diagnostics.length) return { diagnostics };
  try {
    const { remarkEngine } = await import('./remark-engine.js');
    const engine = remarkEngine(loaded);
    // A plugin that throws on use (bad options) or is asynchronous shows up on a first, empty run.
    engine.render('', null as never);
    return { engine, diagnostics };
  } catch (e) {
    const p = setup.plugins.at(-1);
    diagnostics.push(
      pluginError(
        { line: p?.line ?? 1, col: p?.col ?? 1 },
        'markdown.remarkPlugins',
        `a remark plugin failed to start: ${firstLine(e)}`,
        "check each plugin's options; plugins must run synchronously (no async transformers)",
      ),
    );
    return { diagnostics };
  }
}

const firstLine = (e: unknown) =>
  String(e instanceof Error ? e.message : e)
    .split('\n')[0]!
    .slice(0, 200);
