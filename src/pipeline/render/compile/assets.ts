import path from 'node:path';
import { esbuildBuild } from './esbuild-service.js';
import type { AssetRefs } from '../../../model.js';
import { inputsOf } from './templates.js';
import { layeredFile, layersOf, overlayPlugin } from './template-layers.js';

export interface BuiltAssets {
  refs: AssetRefs;
  /** Output path (relative to dist/) → contents. */
  files: Map<string, Uint8Array>;
  /** Absolute paths of the source files bundled (styles, client scripts and what they import). */
  inputs: string[];
}

/**
 * Bundles and minifies `templates/styles/site.css` and the client scripts with esbuild, writing
 * content-hashed names under `assets/` so hosts can cache them for a year. The names depend only on
 * the files bundled, whichever folder pa-site runs from.
 */
export async function buildAssets(ownDir: string): Promise<BuiltAssets> {
  // Each entry, and each file it imports, the site's own where it has one (template-layers.ts).
  const layers = layersOf(ownDir);
  const templatesDir = layers.base;
  const entries = {
    site: layeredFile(layers, 'client/site.ts'),
    'not-found': layeredFile(layers, 'client/not-found.ts'),
    styles: layeredFile(layers, 'styles/site.css'),
  };
  const result = await esbuildBuild({
    entryPoints: entries,
    bundle: true,
    minify: true,
    write: false,
    format: 'iife',
    target: ['es2020', 'chrome100', 'firefox100', 'safari15'],
    outdir: 'assets',
    entryNames: '[name]-[hash]',
    assetNames: '[name]-[hash]',
    metafile: true,
    logLevel: 'silent',
    legalComments: 'none',
    plugins: [overlayPlugin(layers)],
    // Paths (and so the names' hashes) relative to templates/, not to wherever pa-site was started.
    absWorkingDir: templatesDir,
  });
  const files = new Map<string, Uint8Array>();
  const refs: Partial<AssetRefs> = {};
  for (const [out, meta] of Object.entries(result.metafile.outputs)) {
    const rel = out.replace(/\\/g, '/');
    const entry = meta.entryPoint ? path.basename(meta.entryPoint) : '';
    if (entry === 'site.ts') refs.script = `/${rel}`;
    else if (entry === 'not-found.ts') refs.notFoundScript = `/${rel}`;
    else if (rel.endsWith('.css') && entry === 'site.css') refs.css = `/${rel}`;
  }
  for (const f of result.outputFiles) {
    const rel = path.relative(templatesDir, f.path).replace(/\\/g, '/');
    files.set(rel, f.contents);
  }
  if (!refs.css || !refs.script || !refs.notFoundScript) throw new Error('asset bundle is missing an entry');
  return { refs: refs as AssetRefs, files, inputs: inputsOf(result.metafile, templatesDir) };
}
