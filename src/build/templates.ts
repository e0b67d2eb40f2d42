import { createHash } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import * as esbuild from 'esbuild';
import type { ComponentType } from 'react';
import type { LayoutProps, TemplateName, TemplateProps } from '../model.js';
import type { MenuItem } from '../schema/site.js';
import { cacheDir } from '../paths.js';

/** What `templates/index.ts` exports. */
export interface TemplateModule {
  templates: Record<TemplateName, ComponentType<TemplateProps>>;
  Layout: ComponentType<LayoutProps>;
  NotFoundPage: ComponentType;
  ErrorScreen: ComponentType<{ message: string; details?: string[] }>;
  sectionFor(menu: readonly MenuItem[], route: string, fallback?: string): string | undefined;
}

export interface CompiledTemplates {
  module: TemplateModule;
  /** Path of the compiled bundle (workers import the same file). */
  file: string;
  /** Hash of the compiled code: part of every render-cache key. */
  hash: string;
  /** Source files the bundle was built from (for the dev server's dependency graph). */
  inputs: string[];
}

/**
 * Compiles `templates/index.ts` and everything it imports with esbuild (React stays external) and
 * imports the result. A changed template yields a new file name, so no restart is ever needed.
 */
export async function compileTemplates(dir: string): Promise<CompiledTemplates> {
  const result = await esbuild.build({
    entryPoints: [path.join(dir, 'index.ts')],
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    jsx: 'automatic',
    packages: 'external',
    metafile: true,
    logLevel: 'silent',
    outfile: 'templates.mjs',
  });
  const code = result.outputFiles[0]!.contents;
  const hash = createHash('sha256').update(code).digest('hex').slice(0, 16);
  await mkdir(cacheDir, { recursive: true });
  const file = path.join(cacheDir, `templates-${hash}.mjs`);
  await writeFile(file, code);
  const module = (await import(pathToFileURL(file).href)) as TemplateModule;
  const inputs = Object.keys(result.metafile.inputs).map((p) => path.resolve(p));
  return { module, file, hash, inputs };
}
