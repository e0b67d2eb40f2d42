import path from 'node:path';
import type { Diagnostic } from '../../support/diagnostics/diagnostics.js';
import { writeProblem } from './write-problem.js';
import { ForeignOutputError } from './write.js';
import { LockFileError } from './lock-file.js';

/** The output step's failure as a diagnostic; rethrows what is not a write problem. */
export function outputFailure(root: string, outDir: string, e: unknown): Diagnostic {
  if (e instanceof ForeignOutputError) {
    return {
      severity: 'error',
      code: 'unsafe-out-dir',
      file: path.relative(root, outDir).split(path.sep).join('/') || '.',
      line: 1,
      col: 1,
      field: '--out',
      message: e.message,
      hint:
        e.hint ??
        'something replaced the output folder while pa-site was building: move it away or choose another --out',
    };
  }
  if (e instanceof LockFileError) {
    return {
      severity: 'error',
      code: 'output-locked',
      file: path.relative(root, e.file).split(path.sep).join('/'),
      line: 1,
      col: 1,
      field: '',
      message: e.message,
      hint: `${e.hint}; the previous output was left as it was`,
    };
  }
  const problem = writeProblem(root, outDir, e);
  if (!problem) throw e;
  return problem;
}
