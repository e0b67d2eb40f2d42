import { realpathSync } from 'node:fs';
import path from 'node:path';
import type { Diagnostic } from '../../support/diagnostics/diagnostics.js';

/**
 * Content files are read only from inside the project: a symbolic link whose target lies outside
 * it (`content/operators/x.yaml -> ~/.git-credentials`) is an error naming the link, and its target
 * is never read, so no message can quote what it holds into a CI log.
 */
export function linkLeavesProject(root: string, abs: string): boolean {
  try {
    const project = realpathSync(root);
    const real = realpathSync(abs);
    return !real.startsWith(project + path.sep);
  } catch {
    return false; // dangling or a loop: reported where it is read
  }
}

export function outsideProject(file: string): Diagnostic {
  return {
    severity: 'error',
    code: 'link-outside-project',
    file,
    line: 1,
    col: 1,
    field: '',
    message: 'is a symbolic link to a file outside the project: pa-site reads content only from inside it',
    hint: 'copy the file into the project (or link to a file inside it), or remove the link',
  };
}
