import path from 'node:path';
import type { Diagnostic } from '../../support/diagnostics/diagnostics.js';
import type { Operator, SourceFile } from '../../model.js';
import { operatorSchema } from '../../schema/operator.js';
import { issuesToDiagnostics, notAMapping } from './issues.js';
import { err } from './parse-page.js';
import { checkSourceRefs, type SourceRegistry } from './sources.js';
import { parseYaml, type Locate } from '../load/yaml-source.js';
import type { Broken } from './broken-operators.js';

/**
 * Reads content/operators, one operator per file, its id the file name. Each valid one's locator
 * goes into `locators`; each invalid one into `broken`.
 */
export function validateOperators(
  files: SourceFile[],
  sources: SourceRegistry,
  diagnostics: Diagnostic[],
  locators: Map<string, Locate>,
  broken: Broken,
): Operator[] {
  const operators: Operator[] = [];
  for (const file of files) {
    const id = path.basename(file.path).replace(/\.ya?ml$/i, '');
    if (!/^[a-z0-9-]+$/.test(id)) {
      diagnostics.push(
        err(file.path, 1, 1, '', 'operator-id', `operator file name "${id}" is not a valid id`, {
          hint: 'rename the file to lowercase letters, digits and "-", e.g. fanduel.yaml',
        }),
      );
      continue;
    }
    const src = parseYaml(file.text, file.path);
    if (src.errors.length) {
      diagnostics.push(...src.errors);
      broken.set(id, { file: file.path, users: new Set() });
      continue;
    }
    const empty = notAMapping(src, 'copy another operator file and edit it (docs/content.md lists the fields)');
    const parsed = empty ? undefined : operatorSchema.safeParse(src.data, { reportInput: true });
    if (!parsed?.success) {
      diagnostics.push(
        ...(parsed
          ? issuesToDiagnostics(parsed.error.issues, src, [], { schema: operatorSchema, input: src.data })
          : [empty!]),
      );
      broken.set(id, { file: file.path, users: new Set() });
      continue;
    }
    checkSourceRefs(parsed.data, file.path, (p) => src.locate(p), sources, diagnostics);
    // Rank, rating and Editor's choice are set by rateOperators once every operator is read.
    operators.push({
      ...parsed.data,
      id,
      file: file.path,
      rank: parsed.data.rank ?? 0,
      featured: false,
      scored: [],
      typedRating: parsed.data.rating,
      typedRank: parsed.data.rank,
    });
    locators.set(id, (p) => src.locate(p));
  }
  const at = (o: Operator, field: string) => locators.get(o.id)!([field]);
  // A sportsbook's sister casino must exist and be a casino.
  const ids = new Map(operators.map((o) => [o.id, o]));
  for (const o of operators) {
    if (!o.casino) continue;
    const c = ids.get(o.casino);
    if (!c && broken.has(o.casino)) broken.get(o.casino)!.users.add(o.file);
    else if (c?.kind !== 'casino') {
      const pos = at(o, 'casino');
      diagnostics.push(
        err(
          o.file,
          pos.line,
          pos.col,
          'casino',
          'unknown-operator',
          c ? `"${o.casino}" is a ${c.kind}, not a casino` : `no operator with id "${o.casino}"`,
          {
            hint:
              'use the file name of a casino in content/operators, ' +
              `e.g. ${operators.find((x) => x.kind === 'casino')?.id ?? 'fanduel-casino'}`,
          },
        ),
      );
    }
  }
  // Typed ranks (a project without a methodology) are unique within a kind.
  for (const kind of ['sportsbook', 'casino'] as const) {
    const byRank = new Map<number, Operator>();
    for (const o of operators.filter((x) => x.kind === kind && x.rank)) {
      const other = byRank.get(o.rank);
      if (other)
        diagnostics.push(
          err(
            o.file,
            at(o, 'rank').line,
            at(o, 'rank').col,
            'rank',
            'duplicate-rank',
            `rank ${o.rank} is used by both this file and ${other.file}`,
            { hint: `give each ${kind} its own rank: change it here or in ${other.file}` },
          ),
        );
      else byRank.set(o.rank, o);
    }
  }
  return operators;
}

/**
 * With no operator files at all, every reference to an operator fails for one cause: the folder is
 * missing or empty. Its errors become one, at the folder, saying how many references it broke.
 */
export function collapseUnknownOperators(diagnostics: Diagnostic[]): void {
  const refs = diagnostics.filter((d) => d.code === 'unknown-operator');
  if (!refs.length) return;
  const files = new Set(refs.map((d) => d.file)).size;
  const kept = diagnostics.filter((d) => d.code !== 'unknown-operator');
  diagnostics.length = 0;
  diagnostics.push(
    ...kept,
    err(
      'content/operators',
      1,
      1,
      '',
      'no-operators',
      `content/operators has no operator files, and ${refs.length} reference${refs.length === 1 ? '' : 's'} ` +
        `in ${files} file${files === 1 ? '' : 's'} name${refs.length === 1 ? 's' : ''} an operator`,
      {
        hint:
          'restore content/operators from version control, or add one YAML file per operator ' +
          '(content/operators/<id>.yaml; docs/content.md lists the fields)',
      },
    ),
  );
}
