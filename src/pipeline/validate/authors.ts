import path from 'node:path';
import type { Diagnostic } from '../../support/diagnostics/diagnostics.js';
import type { SourceFile } from '../../model.js';
import type { SiteConfig } from '../../schema/site.js';
import { authorSchema, type Author } from '../../schema/author.js';
import { issuesToDiagnostics, notAMapping } from './issues.js';
import { err, type PageDraft } from './parse-page.js';
import { parseYaml } from '../load/yaml-source.js';

type Locate = (path: readonly PropertyKey[]) => { line: number; col: number };

/** Authors by id; `broken` holds the ids whose file is invalid (its own errors reported). */
export interface Authors {
  byId: Record<string, Author>;
  broken: Set<string>;
}

/** Reads content/authors: one author per file, its id the file name. */
export function validateAuthors(files: SourceFile[], diagnostics: Diagnostic[]): Authors {
  const authors: Record<string, Author> = {};
  const broken = new Set<string>();
  for (const file of files) {
    const id = path.basename(file.path).replace(/\.ya?ml$/i, '');
    const src = parseYaml(file.text, file.path);
    if (src.errors.length) {
      diagnostics.push(...src.errors);
      broken.add(id);
      continue;
    }
    const empty = notAMapping(src, 'write name, role and bio as "key: value" lines (see docs/content.md)');
    if (empty) {
      diagnostics.push(empty);
      broken.add(id);
      continue;
    }
    const parsed = authorSchema.safeParse(src.data, { reportInput: true });
    if (!parsed.success) {
      diagnostics.push(...issuesToDiagnostics(parsed.error.issues, src, [], { schema: authorSchema, input: src.data }));
      broken.add(id);
    } else authors[id] = { ...parsed.data, id, file: file.path };
  }
  return { byId: authors, broken };
}

/**
 * Author ids named by site.yaml's `editorial` and by pages must be files in content/authors. The
 * position is asked for only when there is an error: finding it parses the YAML a second time.
 */
function checkAuthorRef(
  { byId: authors, broken }: Authors,
  id: string,
  file: string,
  at: () => { line: number; col: number },
  field: string,
): Diagnostic | undefined {
  // An author whose file is invalid has its own errors: the reference is not a second cause.
  if (Object.hasOwn(authors, id) || broken.has(id)) return undefined;
  const known = Object.keys(authors);
  const pos = at();
  return err(file, pos.line, pos.col, field, 'unknown-author', `no author with id "${id}"`, {
    hint: known.length
      ? `author ids are the file names in content/authors: ${known.join(', ')}`
      : `add content/authors/${id}.yaml with name, role and bio`,
  });
}

/** site.yaml's default byline (`editorial.author`, `editorial.factCheckedBy`) names authors that exist. */
export function checkEditorialAuthors(
  authors: Authors,
  config: SiteConfig,
  file: string,
  locate: Locate,
  diagnostics: Diagnostic[],
): void {
  for (const field of ['author', 'factCheckedBy'] as const) {
    const id = config.editorial[field];
    if (id === undefined) continue; // no default byline: pages name their own, or the site signs them
    const d = checkAuthorRef(authors, id, file, () => locate(['editorial', field]), `editorial.${field}`);
    if (d) diagnostics.push(d);
  }
}

/** A page's `author` and `factCheckedBy` name authors that exist. */
export function checkPageAuthors(authors: Authors, d: PageDraft, diagnostics: Diagnostic[]): void {
  for (const field of ['author', 'factCheckedBy'] as const) {
    const id = d.data[field];
    if (id === undefined) continue;
    const bad = checkAuthorRef(authors, id, d.file.path, () => d.locate([field]), field);
    if (bad) diagnostics.push(bad);
  }
}
