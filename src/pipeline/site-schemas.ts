/**
 * The JSON Schemas of a project's content files, for editors: pa-site's, and where the project's
 * templates/index.ts registers templates of its own, page frontmatter that names them with the
 * fields each one's exported zod schema adds (docs/templates.md). The templates are compiled to read
 * that registry, as a build does.
 */
import path from 'node:path';
import { type OwnTemplate, schemaFileTexts } from '../schema/json-schema.js';
import { pageSchemas } from '../schema/page.js';
import type { Diagnostic } from '../support/diagnostics/diagnostics.js';
import { templatesDir } from '../support/package/paths.js';
import { compileTemplates } from './render/compile/templates.js';
import { DEFAULT_TEMPLATES } from './render/compile/template-layers.js';
import { hasOwnRegistry } from './validate/custom-templates.js';

export interface SiteSchemas {
  /** File name → text; absent when the templates did not compile. */
  files?: Record<string, string>;
  /** The templates the project registers beyond pa-site's, in its order. */
  ownTemplates: string[];
  diagnostics: Diagnostic[];
}

/** The schema files for the project at `root` (its own templates included); a project without any gets pa-site's. */
export async function siteSchemaFiles(root: string): Promise<SiteSchemas> {
  if (!hasOwnRegistry(root)) return { files: schemaFileTexts(), ownTemplates: [], diagnostics: [] };
  const dir = templatesDir(root);
  let registry: { templates: Record<string, unknown>; schemas?: Record<string, unknown> };
  try {
    registry = (await compileTemplates(dir)).module;
  } catch (e) {
    const err = e as Error & { errors?: { text: string; location?: { file: string; line: number; column: number } }[] };
    const diagnostics = (err.errors ?? [{ text: err.message }]).map(
      (m): Diagnostic => ({
        severity: 'error',
        code: 'template-compile',
        file: m.location
          ? path.relative(root, path.resolve(DEFAULT_TEMPLATES, m.location.file)).split(path.sep).join('/')
          : 'templates',
        line: m.location?.line ?? 1,
        col: (m.location?.column ?? 0) + 1,
        field: '',
        message: m.text,
        hint: 'fix the template: its registry (templates/index.ts) names the templates the schemas describe',
      }),
    );
    return { ownTemplates: [], diagnostics };
  }
  const own: OwnTemplate[] = Object.keys(registry.templates ?? {})
    .filter((name) => !Object.hasOwn(pageSchemas, name))
    .map((name) => ({ name, schema: registry.schemas?.[name] }));
  return { files: schemaFileTexts(own), ownTemplates: own.map((t) => t.name), diagnostics: [] };
}
