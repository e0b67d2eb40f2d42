import path from 'node:path';
import type { Diagnostic } from '../../../support/diagnostics/diagnostics.js';
import { closest } from '../../validate/did-you-mean.js';
import { DEFAULT_TEMPLATES, ownFiles } from './template-layers.js';

/** Files a templates folder may hold that no compile reads: tests, type declarations, notes, editor config. */
const NOT_TEMPLATES = /\.(?:test|spec)\.[cm]?[jt]sx?$|\.d\.[cm]?ts$|\.md$|^(?:tsconfig|jsconfig|package)\.json$/;

const posix = (p: string) => p.split(path.sep).join('/');

/**
 * A warning for each file of the site's templates/ that neither compile read: a file meant to
 * replace a default whose name does not match one (`pages/Reviews.tsx`), or one nothing imports.
 * Otherwise it would be ignored without a word.
 */
export function unusedTemplates(root: string, ownDir: string, inputs: Iterable<string>): Diagnostic[] {
  if (path.resolve(ownDir) === DEFAULT_TEMPLATES) return [];
  const used = new Set(inputs);
  const defaults = ownFiles(DEFAULT_TEMPLATES).map((f) => posix(path.relative(DEFAULT_TEMPLATES, f)));
  const out: Diagnostic[] = [];
  for (const file of ownFiles(ownDir).sort()) {
    if (used.has(file) || NOT_TEMPLATES.test(path.basename(file))) continue;
    const rel = posix(path.relative(ownDir, file));
    const near = closest(rel, defaults);
    out.push({
      severity: 'warning',
      code: 'template-unused',
      file: posix(path.relative(root, file)),
      line: 1,
      col: 1,
      field: '',
      message: defaults.includes(rel)
        ? `nothing uses this file: no template imports ${rel}, pa-site's or the site's`
        : `nothing uses this file: pa-site has no template at ${rel} for it to replace, and no template imports it`,
      hint: near
        ? `did you mean ${near}? A file replaces pa-site's template of the same path (docs/templates.md)`
        : 'name it as the template it replaces (docs/templates.md lists them), import it from one, or remove it',
    });
  }
  return out;
}
