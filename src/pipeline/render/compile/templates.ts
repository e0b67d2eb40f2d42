import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { esbuildBuild, NODE_MODULE } from './esbuild-service.js';
import { reactRuntime, reactRuntimePlugin } from './react-runtime.js';
import type { Metafile, Plugin } from 'esbuild';
import type { ComponentType, createElement as CreateElement } from 'react';
import type { LayoutProps, TemplateName, TemplateProps } from '../../../model.js';
import type { FieldSchema } from '../../validate/custom-templates.js';
import type { MenuItem } from '../../../schema/site.js';
import { packageDir } from '../../../support/package/paths.js';
import { pruneCompiled, writeCode } from './code-dir.js';
import {
  entryExports,
  JSX_SOURCE,
  type Loaded,
  templateDepsPlugin,
  templateGraph,
  trackedRuntimeDir,
  withSideEffects,
} from './template-deps.js';
import type { TemplateGraph } from './template-keys.js';
import { layeredFile, layersOf, overlayPlugin } from './template-layers.js';

/** The source files of an esbuild build, as absolute paths (the metafile's are relative to its working folder). */
export const inputsOf = (metafile: Metafile, workingDir: string): string[] =>
  Object.keys(metafile.inputs)
    .filter((f) => !f.startsWith('<'))
    .map((f) => path.resolve(workingDir, f));

/**
 * Templates import the shared-parts registry as `pa-site/shared-parts` (a copy of the templates in a
 * project of its own included); it is bundled from pa-site's source into every templates bundle, or
 * from its compiled copy in lib/ in an installed package, which has no src/ (bin/compile.js).
 */
const SHARED_PARTS = 'pa-site/shared-parts';
const sharedPartsPlugin: Plugin = {
  name: 'pa-site-shared-parts',
  setup(build) {
    const source = path.join(packageDir, 'src', 'pipeline', 'render', 'page', 'shared-parts.ts');
    const file = existsSync(source) ? source : path.join(packageDir, 'lib', 'shared-parts.js');
    build.onResolve({ filter: /^pa-site\/shared-parts$/ }, () => ({ path: file }));
  },
};

/** Hash of a compiled bundle's code: names its file (and is checked when a compile cache entry is reused). */
export const codeHash = (code: Uint8Array) => createHash('sha256').update(code).digest('hex').slice(0, 16);
/** The file name of the bundle whose code has `hash` (in the code folder). */
export const bundleName = (hash: string) => `templates-${hash}.mjs`;

/** Props of the error screen `pa-site dev` shows while a build fails. */
export interface ErrorScreenProps {
  message: string;
  details?: string[];
}

/** What `templates/index.ts` exports: a site that replaces index.ts exports the same (docs/templates.md). */
export interface TemplateRegistry {
  /** The page templates, by the name a page's frontmatter `template:` gives. */
  templates: Record<TemplateName, ComponentType<TemplateProps>>;
  Layout: ComponentType<LayoutProps>;
  NotFoundPage: ComponentType;
  ErrorScreen: ComponentType<ErrorScreenProps>;
  /** The top-level menu item a route belongs to (the header marks it). */
  sectionFor(menu: readonly MenuItem[], route: string, fallback?: string): string | undefined;
  /**
   * Optional: a zod schema per template of the site's own, for the frontmatter fields only its pages
   * have (validate/custom-templates.ts checks them at file:line:col).
   */
  schemas?: Record<string, FieldSchema>;
}

/** What the compiled templates bundle exports: the registry and pa-site's own parts. */
export interface TemplateModule extends TemplateRegistry {
  /** Fills in the shared parts (header, footer…) of a rendered page: shared-parts.ts. */
  expandShared(html: string): string;
  /** React's production build, bundled with the templates. */
  createElement: typeof CreateElement;
  renderToStaticMarkup(element: unknown): string;
  /**
   * Runs `render` noting the templates files it uses (template-deps.ts): [its result, the files].
   * Everything a page's HTML is made of must be rendered inside it. Components count when rendered;
   * a templates function pipeline code calls itself must be listed in entryExports (sectionFor is).
   */
  recordDeps<T>(render: () => T): [T, string[]];
  importNotes(): string[];
  tagOf(v: unknown): string;
}

export interface CompiledTemplates {
  module: TemplateModule;
  /** Path of the compiled bundle (workers import the same file). */
  file: string;
  /** Hash of the compiled code (names the file); render-cache keys use `graph` instead. */
  hash: string;
  /** Absolute paths of the source files compiled into the bundle. */
  inputs: string[];
  /** Which templates files each page can depend on (part of its render-cache key). */
  graph: TemplateGraph;
}

/**
 * Compiles `templates/index.ts` and everything it imports with esbuild, importing React from the
 * shared production runtime (react-runtime.ts: fast whatever NODE_ENV the caller has), and imports
 * the result. A changed template yields a new file name, so no restart is ever needed.
 */
export async function compileTemplates(dir: string, persist = true): Promise<CompiledTemplates> {
  const layers = layersOf(dir);
  const entry = layeredFile(layers, 'index.ts').split(path.sep).join('/');
  const [runtimeUrl, trackedDir] = await Promise.all([reactRuntime(persist), trackedRuntimeDir(persist)]);
  const tracked = path.join(trackedDir, 'jsx-runtime.js');
  const loaded: Loaded = new Map();
  const result = await esbuildBuild({
    stdin: {
      contents: [
        `export * from ${JSON.stringify(entry)};`,
        ...entryExports(entry, tracked),
        "export { renderToStaticMarkup } from 'react-dom/server';",
        // The same module the templates import, so one registry serves both.
        `export { expandShared } from ${JSON.stringify(SHARED_PARTS)};`,
        '',
      ].join('\n'),
      resolveDir: layers.base,
      sourcefile: 'pa-site-templates-entry.ts',
      loader: 'ts',
    },
    ...NODE_MODULE,
    write: false,
    jsx: 'automatic',
    // Templates' JSX goes through the tracked runtime (template-deps.ts).
    jsxImportSource: JSX_SOURCE,
    alias: { [JSX_SOURCE]: trackedDir },
    nodePaths: [path.join(packageDir, 'node_modules')],
    define: { 'process.env.NODE_ENV': '"production"' },
    plugins: [
      overlayPlugin(layers),
      templateDepsPlugin(layers, loaded, tracked),
      reactRuntimePlugin(runtimeUrl),
      sharedPartsPlugin,
    ],
    // A template's CommonJS dependency may call require() for Node built-ins.
    banner: {
      js:
        "import { createRequire as __paSiteRequire } from 'node:module'; " +
        'const require = __paSiteRequire(import.meta.url);',
    },
    logLevel: 'silent',
    outfile: 'templates.mjs',
    metafile: true,
    // Beside the bundle: a template that throws is named by its file and line (template-frame.ts).
    sourcemap: 'external',
    sourcesContent: false,
    // Paths in the bundle, its map and the metafile relative to pa-site's templates, wherever pa-site runs from.
    absWorkingDir: layers.base,
  });
  // Checked while the bundle is written and imported.
  const sideEffects = withSideEffects(loaded, persist);
  sideEffects.catch(() => undefined);
  const code = result.outputFiles.find((f) => f.path.endsWith('.mjs'))!.contents;
  const map = result.outputFiles.find((f) => f.path.endsWith('.map'))!.contents;
  const hash = codeHash(code);
  // Builds running at once (test workers, a dev server beside a build) share this file (code-dir.ts).
  // The map first: a bundle whose file exists has its map.
  await writeCode(`${bundleName(hash)}.map`, map, persist);
  const file = await writeCode(bundleName(hash), code, persist);
  const out = path.dirname(file);
  pruneCompiled(out);
  const module = (await import(pathToFileURL(file).href)) as TemplateModule;
  const graph = await templateGraph(layers, result.metafile, loaded, runtimeUrl, module, sideEffects);
  return { module, file, hash, inputs: inputsOf(result.metafile, layers.base), graph };
}
