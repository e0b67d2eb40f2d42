/**
 * Pages of the site's own templates, once the templates compile: each `template:` must name a
 * template templates/index.ts registers (`templates`), and the page's own fields (those no page has)
 * must satisfy the schema the registry exports for it (`schemas`: a zod schema per template name),
 * reported like the built-in keys: file:line:col, the field, "did you mean" and a fix.
 */
import path from 'node:path';
import type { Page } from '../../model.js';
import { BASE_FIELDS, pageSchemas } from '../../schema/page.js';
import type { Diagnostic } from '../../support/diagnostics/diagnostics.js';
import { lstatSync } from 'node:fs';
import { readRegularFile } from '../load/regular-file.js';
import { closest, meantKey } from './did-you-mean.js';
import { err, type PageDraft } from './parse-page.js';

/** What a template's schema must offer: zod's safeParse (any zod 3 or 4, from any copy of it). */
export interface FieldSchema {
  safeParse(value: unknown): {
    success: boolean;
    error?: { issues: readonly { path: readonly PropertyKey[]; message: string; code?: string; keys?: string[] }[] };
  };
  /** zod objects: the keys the schema knows, for "did you mean". */
  shape?: Record<string, unknown>;
}

/** A page file's top-level frontmatter keys, by line (1-based), for placing a field's finding. */
function keyLines(root: string, file: string): Map<string, { line: number; col: number }> {
  const lines = new Map<string, { line: number; col: number }>();
  let text: string;
  try {
    text = readRegularFile(path.join(root, file), 4 * 1024 * 1024).toString('utf8');
  } catch {
    return lines;
  }
  const all = text.split(/\r?\n/);
  for (let i = 1; i < all.length && all[i] !== '---'; i++) {
    const m = /^([A-Za-z_][\w-]*)\s*:/.exec(all[i]!);
    if (m && !lines.has(m[1]!)) lines.set(m[1]!, { line: i + 1, col: 1 });
  }
  return lines;
}

/** The findings on pages of templates the site registered itself; none on pa-site's own templates. */
export function checkCustomTemplates(
  root: string,
  pages: readonly Page[],
  registry: { templates: Record<string, unknown>; schemas?: Record<string, FieldSchema> },
): Diagnostic[] {
  const out: Diagnostic[] = [];
  const names = Object.keys(registry.templates);
  for (const page of pages) {
    const name = page.template as string;
    if (Object.hasOwn(pageSchemas, name)) continue;
    const at = keyLines(root, page.file);
    const place = (key: string) => at.get(key) ?? { line: 1, col: 1 };
    if (!Object.hasOwn(registry.templates, name)) {
      const near = closest(name, names);
      out.push(
        err(
          page.file,
          place('template').line,
          place('template').col,
          'template',
          'unknown-template',
          `unknown template "${name}" (templates/index.ts registers: ${names.join(', ')})`,
          {
            hint: near
              ? `did you mean "${near}"?`
              : `add it to the templates object of templates/index.ts, or use one of: ${names.join(', ')}`,
          },
        ),
      );
      continue;
    }
    const schema = registry.schemas?.[name];
    if (!schema) continue;
    const own = Object.fromEntries(Object.entries(page.data).filter(([k]) => !BASE_FIELDS.has(k)));
    const result = schema.safeParse(own);
    if (result.success) continue;
    const known = [...Object.keys(schema.shape ?? {}), ...BASE_FIELDS];
    for (const issue of result.error?.issues ?? []) {
      if (issue.code === 'unrecognized_keys' && issue.keys) {
        for (const key of issue.keys) {
          const near = meantKey(key, known);
          out.push(
            err(
              page.file,
              place(key).line,
              place(key).col,
              key,
              'unknown-field',
              `"${key}" is not a field of the ${name} template`,
              {
                hint: near
                  ? `did you mean "${near}"?`
                  : `remove it, or add it to the schema templates/index.ts exports for ${name}`,
              },
            ),
          );
        }
        continue;
      }
      const key = String(issue.path[0] ?? '');
      const field = issue.path.map(String).join('.');
      out.push(
        err(page.file, place(key).line, place(key).col, field, 'invalid-field', issue.message, {
          hint: `the ${name} template's schema (exported by templates/index.ts as schemas.${name}) asks for it`,
        }),
      );
    }
  }
  return out;
}

/** Whether the project replaces templates/index.ts, so it may register templates of its own. */
export function hasOwnRegistry(root: string): boolean {
  return ['index.ts', 'index.tsx', 'index.js'].some((f) => {
    try {
      return lstatSync(path.join(root, 'templates', f)).isFile();
    } catch {
      return false;
    }
  });
}

/**
 * Without a templates/index.ts of its own, a site has only pa-site's templates: a page naming another is an
 * error now, at the name's line and column and beside every other error of the run, rather than after the
 * templates compile (which a run with errors never reaches). Returns the drafts that remain.
 */
export function withKnownTemplates(root: string, drafts: PageDraft[], diagnostics: Diagnostic[]): PageDraft[] {
  if (hasOwnRegistry(root)) return drafts;
  const names = Object.keys(pageSchemas);
  return drafts.filter((d) => {
    const name = String(d.data.template);
    if (Object.hasOwn(pageSchemas, name)) return true;
    const pos = d.locate(['template']);
    const near = closest(name, names);
    diagnostics.push(
      err(
        d.file.path,
        pos.line,
        pos.col,
        'template',
        'unknown-template',
        `unknown template "${name}" (expected one of: ${names.join(', ')})`,
        {
          received: JSON.stringify(name),
          hint: near
            ? `did you mean "${near}"?`
            : `use one of: ${names.join(', ')}, or register a template of your own in templates/index.ts ` +
              '(docs/templates.md)',
        },
      ),
    );
    return false;
  });
}
