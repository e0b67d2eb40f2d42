// What the line checks (check-line-width.mjs, check-possessive.mjs) share: which files, reading them,
// and a problem for a file that cannot be read.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository's folder. */
export const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));

/**
 * The problems `check(text, file)` finds in each of the files named on the command line (relative to the
 * current folder), else of `defaultFiles()` (relative to the repository). A file that cannot be read is a
 * problem of its own.
 */
export function fileProblems(defaultFiles, check) {
  const args = process.argv.slice(2);
  const files = args.length ? args : defaultFiles();
  const problems = [];
  for (const file of files) {
    let text;
    try {
      text = readFileSync(path.resolve(args.length ? process.cwd() : root, file), 'utf8');
    } catch (e) {
      problems.push(`${file}: cannot read it (${e.code ?? e.message})`);
      continue;
    }
    problems.push(...check(text, file));
  }
  return problems;
}

/** The problems `check(line, lineNumber, file)` finds in each line of the files, as `fileProblems` chooses them. */
export function lineProblems(defaultFiles, check) {
  return fileProblems(defaultFiles, (text, file) =>
    text.split(/\r?\n/).flatMap((line, i) => [...check(line, i + 1, file)]),
  );
}
