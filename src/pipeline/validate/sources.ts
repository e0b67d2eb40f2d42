import { formatReceived, type Diagnostic } from '../../support/diagnostics/diagnostics.js';
import type { SourceFile } from '../../model.js';
import { sourceId, sourcesFileSchema, type Source } from '../../schema/sources.js';
import { parseYaml, type Position } from '../load/yaml-source.js';
import { issuesToDiagnostics, fieldPath } from './issues.js';
import { closest } from './did-you-mean.js';
import { err } from './parse-page.js';

const SOURCES_FILE = 'content/sources.yaml';
const SOURCE_FIELDS = 'see docs/content.md, "Sources and citations", for the fields of a source';

/**
 * content/sources.yaml, by id. When the file is missing, unreadable, unparsable or lists nothing,
 * no fact's `source:` can be checked against it: that is one cause, so it is one error (at the
 * file, reported by `reportUnusableSources`), not one per citing fact.
 */
export interface SourceRegistry {
  byId: Record<string, Source>;
  /** Why the file gives no sources: `broken` when its own error is already reported. */
  unusable?: 'missing' | 'empty' | 'broken';
  /** While `unusable`: how many facts cite a source, and in which files. */
  citing: { count: number; files: Set<string> };
}

export function validateSources(file: SourceFile | undefined, diagnostics: Diagnostic[]): SourceRegistry {
  const sources: Record<string, Source> = {};
  const registry: SourceRegistry = { byId: sources, citing: { count: 0, files: new Set() } };
  if (!file) {
    // An unreadable file was reported by the loader.
    const unreadable = diagnostics.some((d) => d.file === SOURCES_FILE && d.severity === 'error');
    return { ...registry, unusable: unreadable ? 'broken' : 'missing' };
  }
  const src = parseYaml(file.text, file.path);
  if (src.errors.length) {
    diagnostics.push(...src.errors);
    return { ...registry, unusable: 'broken' };
  }
  if (Array.isArray(src.data) && src.data.length === 0) return { ...registry, unusable: 'empty' };
  if (!Array.isArray(src.data)) {
    // An empty file is "no sources" (one error, once something cites one); any other value is wrong here.
    if (src.data === null || src.data === undefined) return { ...registry, unusable: 'empty' };
    diagnostics.push(
      err(file.path, 1, 1, '', 'not-a-list', 'expected a list of sources, one "- id: …" entry each', {
        received: formatReceived(src.data),
        hint: SOURCE_FIELDS,
      }),
    );
    return { ...registry, unusable: 'broken' };
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
  return registry;
}

/** The one error for facts citing sources while content/sources.yaml gives none (missing or empty). */
export function reportUnusableSources(registry: SourceRegistry, diagnostics: Diagnostic[]): void {
  const { unusable, citing } = registry;
  if ((unusable !== 'missing' && unusable !== 'empty') || citing.count === 0) return;
  const facts =
    `${citing.count} fact${citing.count === 1 ? '' : 's'} in ${citing.files.size} ` +
    `file${citing.files.size === 1 ? '' : 's'} cite${citing.count === 1 ? 's' : ''} a source`;
  diagnostics.push(
    unusable === 'missing'
      ? err(SOURCES_FILE, 1, 1, '', 'missing-sources', `${SOURCES_FILE} is missing, and ${facts} from it`, {
          hint:
            `restore ${SOURCES_FILE} from version control, or create it with one "- id: …" entry per source; ` +
            SOURCE_FIELDS,
        })
      : err(SOURCES_FILE, 1, 1, '', 'empty-sources', `${SOURCES_FILE} lists no sources, and ${facts} from it`, {
          hint: `list each source as a "- id: …" entry; ${SOURCE_FIELDS}`,
        }),
  );
}

/**
 * Every `source:` inside `data` (site.yaml, an operator file) must name a source in
 * content/sources.yaml: one error per unknown id, at its file:line:col, with the nearest id. While
 * the file gives no sources at all, citations are only counted (see `reportUnusableSources`).
 */
export function checkSourceRefs(
  data: unknown,
  file: string,
  locate: (path: readonly PropertyKey[]) => Position,
  registry: SourceRegistry,
  diagnostics: Diagnostic[],
): void {
  const sources = registry.byId;
  const known = Object.keys(sources).sort();
  const check = (id: unknown, at: PropertyKey[]) => {
    if (typeof id !== 'string' || Object.hasOwn(sources, id)) return;
    if (registry.unusable) {
      // The file's one error (its own, or reportUnusableSources') is the cause of this one.
      registry.citing.count++;
      registry.citing.files.add(file);
      return;
    }
    const pos = locate(at);
    const near = closest(id, known);
    const all = known.length
      ? `source ids are the "id:" entries of content/sources.yaml: ${known.join(', ')}`
      : 'content/sources.yaml has no valid entry yet: fix its errors first';
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
