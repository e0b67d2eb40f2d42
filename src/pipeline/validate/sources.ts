import type { Diagnostic } from '../../diagnostics.js';
import type { SourceFile } from '../../model.js';
import { sourceId, sourcesFileSchema, type Source } from '../../schema/sources.js';
import { parseYaml, type Position } from '../load/yaml-source.js';
import { issuesToDiagnostics, fieldPath, closest } from './issues.js';
import { err } from './parse-page.js';

/** content/sources.yaml by id. A missing or invalid file gives no sources (its errors reported). */
export function validateSources(file: SourceFile | undefined, diagnostics: Diagnostic[]): Record<string, Source> {
  const sources: Record<string, Source> = {};
  if (!file) return sources;
  const src = parseYaml(file.text, file.path);
  if (src.errors.length) {
    diagnostics.push(...src.errors);
    return sources;
  }
  if (!Array.isArray(src.data)) {
    diagnostics.push(
      err(file.path, 1, 1, '', 'empty-file', 'expected a list of sources, one "- id: …" entry each', {
        hint: 'see docs/content.md, "Sources and citations", for the fields of a source',
      }),
    );
    return sources;
  }
  const parsed = sourcesFileSchema.safeParse(src.data, { reportInput: true });
  if (!parsed.success) diagnostics.push(...issuesToDiagnostics(parsed.error.issues, src));
  // Valid entries are kept even when another fails; an invalid entry with a usable id still counts
  // as known, so its own error is the only one (no "unknown source" on every fact that cites it).
  src.data.forEach((entry, i) => {
    const one = sourcesFileSchema.element.safeParse(entry);
    if (!one.success) {
      const id = (entry as { id?: unknown } | null)?.id;
      if (sourceId.safeParse(id).success && !Object.hasOwn(sources, id as string))
        sources[id as string] = { id: id as string, title: id as string, publisher: '' };
      return;
    }
    if (Object.hasOwn(sources, one.data.id)) {
      const pos = src.locate([i, 'id']);
      diagnostics.push(
        err(
          file.path,
          pos.line,
          pos.col,
          `[${i}].id`,
          'duplicate-source',
          `source id "${one.data.id}" is listed twice`,
          {
            hint: 'give each source its own id, or remove the repeated entry',
          },
        ),
      );
      return;
    }
    sources[one.data.id] = one.data;
  });
  return sources;
}

/**
 * Every `source:` inside `data` (site.yaml, an operator file) must name a source in
 * content/sources.yaml: one error per unknown id, at its file:line:col, with the nearest id.
 */
export function checkSourceRefs(
  data: unknown,
  file: string,
  locate: (path: readonly PropertyKey[]) => Position,
  sources: Record<string, Source>,
  diagnostics: Diagnostic[],
): void {
  const known = Object.keys(sources).sort();
  const check = (id: unknown, at: PropertyKey[]) => {
    if (typeof id !== 'string' || Object.hasOwn(sources, id)) return;
    const pos = locate(at);
    const near = closest(id, known);
    const all = known.length
      ? `source ids are the "id:" entries of content/sources.yaml: ${known.join(', ')}`
      : 'add content/sources.yaml with this source (see docs/content.md, "Sources and citations")';
    diagnostics.push(
      err(file, pos.line, pos.col, fieldPath(at), 'unknown-source', `no source with id "${id}"`, {
        received: JSON.stringify(id),
        hint: near ? `did you mean "${near}"? ${all}` : all,
      }),
    );
  };
  const walk = (v: unknown, at: PropertyKey[]): void => {
    if (Array.isArray(v)) {
      for (const [i, x] of v.entries()) walk(x, [...at, i]);
      return;
    }
    if (!v || typeof v !== 'object') return;
    for (const [k, x] of Object.entries(v)) {
      if (k !== 'source') walk(x, [...at, k]);
      else if (Array.isArray(x)) for (const [i, id] of x.entries()) check(id, [...at, k, i]);
      else check(x, [...at, k]);
    }
  };
  walk(data, []);
}
