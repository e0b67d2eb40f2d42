import path from 'node:path';
import type { BuildRun } from '../../build-run.js';
import type { CompileOutcome } from './compile-cache.js';
import { TempFolderError } from './code-dir.js';
import { DEFAULT_TEMPLATES } from './template-layers.js';
import { unusedTemplates } from './unused-templates.js';

/** The compiled templates and assets, or undefined with each esbuild error at its place. */
export async function compiledTemplates(
  run: BuildRun,
  tplDir: string,
  compiling: Promise<CompileOutcome>,
): Promise<CompileOutcome | undefined> {
  try {
    const compiled = await compiling;
    run.result.compiled = { templates: compiled.templates, assets: compiled.assets, dir: tplDir };
    run.result.compiledFrom = compiled.from;
    run.report(unusedTemplates(run.root, tplDir, [...compiled.templates.inputs, ...compiled.assets.inputs]));
    return compiled;
  } catch (e) {
    if (e instanceof TempFolderError) {
      run.report([
        {
          severity: 'error',
          code: 'temp-folder',
          file: e.folder,
          line: 1,
          col: 1,
          field: '',
          message: e.message,
          hint: e.hint,
        },
      ]);
      return undefined;
    }
    const err = e as Error & { errors?: { text: string; location?: { file: string; line: number; column: number } }[] };
    run.report(
      (err.errors ?? [{ text: err.message }]).map((m) => ({
        severity: 'error' as const,
        code: 'template-compile',
        // esbuild's paths are relative to the compile's working folder, pa-site's templates.
        file: m.location
          ? path.relative(run.root, path.resolve(DEFAULT_TEMPLATES, m.location.file)).split(path.sep).join('/')
          : path.relative(run.root, tplDir),
        line: m.location?.line ?? 1,
        col: (m.location?.column ?? 0) + 1,
        field: '',
        message: m.text,
        hint: 'fix the template or stylesheet; the previous output was left as it was',
      })),
    );
    return undefined;
  }
}
