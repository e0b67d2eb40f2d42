import { createHash } from 'node:crypto';
import path from 'node:path';
import { esbuildBuild } from './esbuild-service.js';
import type { AssetRefs } from '../../../model.js';
import { inputsOf } from './templates.js';
import { layeredFile, layersOf, overlayPlugin } from './template-layers.js';
import { TOOLS, type ToolName } from '../../../schema/blocks.js';

export interface BuiltAssets {
  refs: AssetRefs;
  /** Output path (relative to dist/) → contents. */
  files: Map<string, Uint8Array>;
  /** Absolute paths of the source files bundled (styles, client scripts and what they import). */
  inputs: string[];
}

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** Eight base-32 characters of a file's SHA-256: its name's hash, from its bytes alone. */
export function contentHash(bytes: Uint8Array): string {
  const digest = createHash('sha256').update(bytes).digest();
  let bits = 0n;
  for (const b of digest.subarray(0, 5)) bits = (bits << 8n) | BigInt(b);
  let out = '';
  for (let i = 7; i >= 0; i--) out += BASE32[Number((bits >> BigInt(i * 5)) & 31n)];
  return out;
}

/**
 * Bundles and minifies `templates/styles/site.css` and the client scripts with esbuild, writing
 * content-hashed names under `assets/` so hosts can cache them for a year. The names depend only on
 * the bytes of each file: esbuild's own [hash] also covers the entry's path, which for a site's own
 * file (templates/client/site.ts) is where the site sits relative to pa-site.
 */
export async function buildAssets(ownDir: string): Promise<BuiltAssets> {
  // Each entry, and each file it imports, the site's own where it has one (template-layers.ts).
  const layers = layersOf(ownDir);
  const templatesDir = layers.base;
  const entries = {
    site: layeredFile(layers, 'client/site.ts'),
    'not-found': layeredFile(layers, 'client/not-found.ts'),
    styles: layeredFile(layers, 'styles/site.css'),
    // One script per tool, so a page loads only the tool it places.
    ...Object.fromEntries(TOOLS.map((t) => [`tool-${t}`, layeredFile(layers, `client/tool-${t}.ts`)])),
  };
  const result = await esbuildBuild({
    entryPoints: entries,
    bundle: true,
    minify: true,
    write: false,
    format: 'iife',
    target: ['es2020', 'chrome100', 'firefox100', 'safari15'],
    outdir: 'assets',
    // Named below from their bytes; nothing bundled refers to an entry's name.
    entryNames: '[name]',
    assetNames: '[name]-[hash]',
    metafile: true,
    logLevel: 'silent',
    legalComments: 'none',
    plugins: [overlayPlugin(layers)],
    // Paths (and so the names' hashes) relative to templates/, not to wherever pa-site was started.
    absWorkingDir: templatesDir,
  });
  const bytes = new Map(
    result.outputFiles.map((f) => [path.relative(templatesDir, f.path).replace(/\\/g, '/'), f.contents]),
  );
  const files = new Map<string, Uint8Array>();
  const refs: Partial<AssetRefs> = {};
  const tools: Partial<Record<ToolName, string>> = {};
  for (const [out, meta] of Object.entries(result.metafile.outputs)) {
    let rel = out.replace(/\\/g, '/');
    const contents = bytes.get(rel);
    if (!contents) continue;
    if (meta.entryPoint) {
      const ext = path.posix.extname(rel);
      rel = `${rel.slice(0, -ext.length)}-${contentHash(contents)}${ext}`;
    }
    files.set(rel, contents);
    const entry = meta.entryPoint ? path.basename(meta.entryPoint) : '';
    if (entry === 'site.ts') refs.script = `/${rel}`;
    else if (entry === 'not-found.ts') refs.notFoundScript = `/${rel}`;
    else if (rel.endsWith('.css') && entry === 'site.css') refs.css = `/${rel}`;
    else {
      const tool = TOOLS.find((t) => entry === `tool-${t}.ts`);
      if (tool) tools[tool] = `/${rel}`;
    }
  }
  if (!refs.css || !refs.script || !refs.notFoundScript || TOOLS.some((t) => !tools[t]))
    throw new Error('asset bundle is missing an entry');
  refs.tools = tools as Record<ToolName, string>;
  return { refs: refs as AssetRefs, files, inputs: inputsOf(result.metafile, templatesDir) };
}
