import { type Dirent, existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import type { ImportKind, Plugin } from 'esbuild';
import { packageDir } from '../../../support/package/paths.js';

/*
 * A site's templates/ overrides pa-site's templates one file at a time, as Hugo's theme lookup and
 * Astro's component overrides do: each file it holds replaces pa-site's of the same path, and every
 * other file is pa-site's own. A relative import, from either folder, is looked up in the site's
 * folder first; `pa-site/templates/…` always names pa-site's own file (to wrap the default). A site
 * whose templates/ holds everything (index.ts included) is a full copy, used as before.
 */

/** pa-site's default templates. */
export const DEFAULT_TEMPLATES = path.join(packageDir, 'templates');

/** The two folders a compile looks in: the site's own (which may not exist) over pa-site's. */
export interface TemplateLayers {
  /** The site's templates folder, `<root>/templates`: first. The default folder itself in pa-site's own repository. */
  own: string;
  /** pa-site's default templates. */
  base: string;
}

export const layersOf = (ownDir: string): TemplateLayers => ({ own: ownDir, base: DEFAULT_TEMPLATES });

const NODE_MODULES = `${path.sep}node_modules${path.sep}`;
const inside = (dir: string, file: string) =>
  file.startsWith(dir + path.sep) && !file.includes(NODE_MODULES, dir.length);
const posix = (p: string) => p.split(path.sep).join('/');

/** Prefix of the ids of pa-site's own files when a site's folder overrides some of them. */
export const BASE_ID = 'pa-site:';

/**
 * A templates file's id (its tag, its key in the template graph): its path in its folder, with
 * BASE_ID before it for a default file when the site has a folder of its own (a site's file may
 * import the default of the same path). Undefined for a file in neither folder.
 */
export function templateId(layers: TemplateLayers, file: string): string | undefined {
  if (inside(layers.own, file)) return posix(path.relative(layers.own, file));
  if (inside(layers.base, file)) return `${BASE_ID}${posix(path.relative(layers.base, file))}`;
  return undefined;
}

/** Whether `file` is a templates file, the site's or pa-site's (not one of a package below them). */
export const inLayers = (layers: TemplateLayers, file: string) => inside(layers.own, file) || inside(layers.base, file);

const isFile = (f: string) => statSync(f, { throwIfNoEntry: false })?.isFile() ?? false;

/** Extensions esbuild tries, and those a `.js`-style import may stand for in TypeScript source. */
const TRIED = ['.tsx', '.ts', '.jsx', '.js', '.css', '.json'];
const REWRITTEN: Record<string, string[]> = {
  '.js': ['.ts', '.tsx'],
  '.jsx': ['.ts', '.tsx'],
  '.mjs': ['.mts'],
  '.cjs': ['.cts'],
};

/** Whether a relative import of `rel` (a path inside a templates folder) could find a file in `dir`. */
function couldResolveIn(dir: string, rel: string): boolean {
  const base = path.join(dir, rel);
  const ext = path.extname(base);
  const stem = ext ? base.slice(0, -ext.length) : base;
  const candidates = [
    base,
    ...TRIED.map((e) => base + e),
    ...(REWRITTEN[ext] ?? []).map((e) => stem + e),
    ...TRIED.map((e) => path.join(base, `index${e}`)),
  ];
  return candidates.some(isFile);
}

/** The file a compile starts from: the site's `rel` when it has one, else pa-site's. */
export const layeredFile = (layers: TemplateLayers, rel: string): string => {
  const own = path.join(layers.own, rel);
  return existsSync(own) ? own : path.join(layers.base, rel);
};

/** Marks the resolves this plugin asks esbuild for itself, so that it does not look at them again. */
const AGAIN = Symbol('pa-site-overlay');

/**
 * The esbuild plugin that makes the lookup: a relative import inside either folder is resolved in
 * the site's folder when a file there could answer it, else in pa-site's; `pa-site/templates/<path>`
 * is pa-site's file. Only esbuild's own resolution decides which file answers (extensions, index
 * files), in the folder chosen.
 */
export function overlayPlugin(layers: TemplateLayers): Plugin {
  // Checked once per compile: a site without a folder of its own costs no lookups.
  const layered = layers.own !== layers.base && existsSync(layers.own);
  return {
    name: 'pa-site-template-overlay',
    setup(build) {
      const resolveIn = async (dir: string, spec: string, kind: ImportKind) => {
        const r = await build.resolve(spec, { resolveDir: dir, kind, pluginData: AGAIN });
        return r.errors.length ? undefined : { path: r.path, external: r.external, sideEffects: r.sideEffects };
      };
      build.onResolve({ filter: /^pa-site\/templates\// }, (args) =>
        args.pluginData === AGAIN
          ? undefined
          : resolveIn(layers.base, `./${args.path.slice('pa-site/templates/'.length)}`, args.kind),
      );
      if (!layered) return;
      build.onResolve({ filter: /^\.\.?(?:\/|$)/ }, async (args) => {
        if (args.pluginData === AGAIN || args.namespace !== 'file') return undefined;
        const from = [layers.own, layers.base].find(
          (d) => args.resolveDir === d || inside(d, args.resolveDir + path.sep),
        );
        if (!from) return undefined;
        const rel = path.relative(from, path.resolve(args.resolveDir, args.path));
        // An import that leaves the templates folder is not looked up in the other one.
        if (rel.startsWith('..') || path.isAbsolute(rel)) return undefined;
        const spec = `./${posix(rel)}`;
        if (couldResolveIn(layers.own, rel)) return resolveIn(layers.own, spec, args.kind);
        // pa-site's file: from a default file, esbuild's own answer.
        return from === layers.base ? undefined : resolveIn(layers.base, spec, args.kind);
      });
    },
  };
}

/** The folders and files under `dir` (its own included), none of node_modules or hidden ones; [] when missing. */
function walk(dir: string): { folders: string[]; files: string[] } {
  const folders = [dir];
  const files: string[] = [];
  for (let i = 0; i < folders.length; i++) {
    let entries: Dirent[];
    try {
      entries = readdirSync(folders[i]!, { withFileTypes: true });
    } catch {
      continue; // missing, or not a folder
    }
    for (const e of entries) {
      if (e.name.startsWith('.') || e.name === 'node_modules') continue;
      const p = path.join(folders[i]!, e.name);
      if (e.isDirectory()) folders.push(p);
      else if (e.isFile()) files.push(p);
    }
  }
  return { folders, files };
}

/** Every folder of a site's templates/, the folder itself first (whether or not it exists). */
export const ownFolders = (ownDir: string): string[] => walk(ownDir).folders;

/** Every file of a site's templates/, absolute. */
export const ownFiles = (ownDir: string): string[] => walk(ownDir).files;
