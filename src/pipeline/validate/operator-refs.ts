import type { Diagnostic } from '../../support/diagnostics/diagnostics.js';
import type { Operator } from '../../model.js';
import { operatorIdHint } from './did-you-mean.js';
import { err, type PageDraft } from './parse-page.js';
import type { BodyScan } from './body.js';
import { isOfferReference, offerInProse } from './value-issues.js';
import type { Broken } from './broken-operators.js';

type Where = () => { line: number; col: number };
type CheckRef = (id: string, where: Where, field: string, via: string, needsReview: boolean) => void;

/**
 * Checks one reference to an operator from `file`: it must exist (a broken one only counts the
 * file as a user), and a link to its review needs a review page. Known ids are added to `refs`.
 * Positions are found only for an error: locating a key runs the position-tracking YAML parser.
 */
function refChecker(
  filePath: string,
  operators: Map<string, Operator>,
  reviewRoutes: Map<string, string>,
  diagnostics: Diagnostic[],
  broken: Broken,
  refs: Set<string>,
): CheckRef {
  const file = { path: filePath };
  return (id, where, field, via, needsReview) => {
    if (id === 'site' && !needsReview) return;
    if (!operators.has(id) && broken.has(id)) {
      broken.get(id)!.users.add(file.path);
      return;
    }
    if (!operators.has(id)) {
      diagnostics.push(
        err(file.path, where().line, where().col, field, 'unknown-operator', `no operator with id "${id}"`, {
          received: JSON.stringify(via),
          hint: operatorIdHint(id, [...operators.keys(), ...broken.keys()]),
        }),
      );
      return;
    }
    refs.add(id);
    if (needsReview && !reviewRoutes.has(id))
      diagnostics.push(
        err(
          file.path,
          where().line,
          where().col,
          field,
          'no-review-page',
          `operator "${id}" has no review page to link to`,
          {
            hint: `add a page with "template: review" and "operator: ${id}", or link elsewhere`,
          },
        ),
      );
  };
}

/** The field names of a body reference as written: `{{ fanduel.review.minDeposit }}` → review, minDeposit. */
export const referenceKeys = (via: string) =>
  via
    .replace(/^\{\{\s*|\s*\}\}$/g, '')
    .split('.')
    .slice(1);

/** The body's `{{id.…}}` values and `operator:` links: known operators, and no offer terms in prose. */
function checkBodyReferences(
  filePath: string,
  body: BodyScan,
  operators: Map<string, Operator>,
  diagnostics: Diagnostic[],
  checkRef: CheckRef,
): void {
  for (const r of body.references) {
    checkRef(r.id, () => r, 'body', r.via, r.via.startsWith('operator:'));
    const keys = referenceKeys(r.via);
    if (!r.via.startsWith('operator:') && isOfferReference(r.id, keys) && operators.has(r.id))
      diagnostics.push(offerInProse(filePath, r.line, r.col, 'body', r.via));
  }
}

/** The body of a page whose frontmatter failed: its operator references are still checked. */
export function checkFailedBodyReferences(
  file: string,
  body: BodyScan,
  operators: Map<string, Operator>,
  reviewRoutes: Map<string, string>,
  diagnostics: Diagnostic[],
  broken: Broken,
): void {
  const checkRef = refChecker(file, operators, reviewRoutes, diagnostics, broken, new Set());
  checkBodyReferences(file, body, operators, diagnostics, checkRef);
}

/**
 * The operators a page refers to (its blocks' lists, offer blocks, body references, its review's
 * operator and that operator's rivals), sorted, each checked to exist.
 */
export function pageOperatorRefs(
  draft: PageDraft,
  operators: Map<string, Operator>,
  reviewRoutes: Map<string, string>,
  diagnostics: Diagnostic[],
  broken: Broken,
): string[] {
  const { data, file, body } = draft;
  const refs = new Set<string>();
  for (const block of Object.values(data.blocks)) {
    // Licensed-brands tables show reviewed brands' license holders from their operator files.
    if (
      block.type === 'operators' ||
      block.type === 'apps' ||
      block.type === 'licensed-brands' ||
      block.type === 'offers' ||
      block.type === 'comparison'
    ) {
      for (const o of operators.values()) if (o.kind === block.kind) refs.add(o.id);
    }
    // A review list names a casino's sister sportsbook when its review covers the casino.
    if (block.type === 'reviews') for (const o of operators.values()) refs.add(o.id);
  }
  const checkRef = refChecker(file.path, operators, reviewRoutes, diagnostics, broken, refs);
  for (const [name, block] of Object.entries(data.blocks)) {
    if (block.type !== 'offer') continue;
    checkRef(
      block.operator,
      () => draft.locate(['blocks', name, 'operator']),
      `blocks.${name}.operator`,
      block.operator,
      false,
    );
  }
  checkBodyReferences(file.path, body, operators, diagnostics, checkRef);
  if (data.template === 'review') {
    let located: { line: number; col: number } | undefined;
    const operatorAt = () => {
      located ??= draft.locate(['operator']);
      return located;
    };
    checkRef(data.operator, operatorAt, 'operator', data.operator, false);
    const op = operators.get(data.operator);
    if (op?.casino) refs.add(op.casino);
    // A review compares its operator with every other of its kind and links its brand's other review.
    for (const o of operators.values()) if (o.kind === op?.kind || o.casino === op?.id) refs.add(o.id);
    if (op && !op.review)
      diagnostics.push(
        err(
          file.path,
          operatorAt().line,
          operatorAt().col,
          'operator',
          'no-review-data',
          `operator "${op.id}" has no review data`,
          {
            hint: `add a "review:" section to ${op.file}`,
          },
        ),
      );
  }
  return [...refs].sort();
}
