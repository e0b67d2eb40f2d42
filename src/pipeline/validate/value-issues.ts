import type { Diagnostic } from '../../support/diagnostics/diagnostics.js';
import { fieldPath } from './issues.js';
import { err } from './parse-page.js';
import { leftoverIssue, malformedIssue, type Leftover, type Malformed } from './interpolate.js';

// The errors a `{{id.field}}` value raises, alike in operator text, page frontmatter and page bodies.

type Position = { line: number; col: number };

/**
 * Offer terms reach readers only through offer boxes, which date them and withhold them once stale
 * (see src/domain/staleness.ts). Prose that types `{{id.bonus.…}}` would state them as current forever.
 */
export const isOfferReference = (id: string, keys: readonly string[]) => id !== 'site' && keys[0] === 'bonus';
export const offerInProse = (file: string, line: number, col: number, field: string, reference: string): Diagnostic =>
  err(file, line, col, field, 'offer-in-prose', `"${reference}" puts an offer term into prose`, {
    hint:
      'offer terms appear only in offer boxes, which show when they were checked and withhold them once stale: ' +
      'place an offer block (type: offer) or describe the offer without its figures',
  });

export const malformedAt = (file: string, pos: Position, m: Malformed & { path: PropertyKey[] }): Diagnostic => {
  const { message, ...extra } = malformedIssue(m);
  return err(file, pos.line, pos.col, fieldPath(m.path), 'malformed-value', message, extra);
};

/** A value whose text still holds a `{{…}}` once filled in, which would be published as written. */
export const leftoverAt = (file: string, pos: Position, l: Leftover): Diagnostic => {
  const { message, hint } = leftoverIssue(l.reference, l.left);
  return err(file, pos.line, pos.col, fieldPath(l.path), 'unresolved-value', message, { hint });
};
