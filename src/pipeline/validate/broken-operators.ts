import type { Diagnostic } from '../../support/diagnostics/diagnostics.js';

/**
 * Operators whose file is invalid (its errors already reported), each with the files that refer
 * to it. References to them are not reported again: one broken file yields its own errors plus one
 * note of how many files it affects, not an error on every page that uses it.
 */
export type Broken = Map<string, { file: string; users: Set<string> }>;

/** The one note per broken operator file: how many files use it, and that their references wait for it. */
export function reportBrokenUsers(broken: Broken, diagnostics: Diagnostic[]): void {
  for (const [id, { file, users }] of broken) {
    if (!users.size) continue;
    const list = [...users].sort();
    const shown = list.length > 3 ? `${list.slice(0, 3).join(', ')} and ${list.length - 3} more` : list.join(', ');
    diagnostics.push({
      severity: 'warning',
      code: 'broken-operator-users',
      file,
      line: 1,
      col: 1,
      field: '',
      message:
        `${list.length} file${list.length === 1 ? '' : 's'} use operator "${id}" (${shown}); ` +
        'their references to it are not checked until this file is valid',
      hint: "fix this file's errors first",
    });
  }
}
