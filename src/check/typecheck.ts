/**
 * Type-checks the project's own templates: where the project has a tsconfig.json, a templates/
 * folder and TypeScript installed, `check` runs its tsc (as `npm run typecheck` does) and reports
 * each error at its file, line and column, so `site.footer.disclaimr` fails check rather than
 * publishing an empty paragraph. Without TypeScript nothing runs and nothing is reported.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { packageDir } from '../support/package/paths.js';
import type { Finding } from './types.js';

/** tsc's plain (`--pretty false`) error line: `templates/pages/Talk.tsx(4,7): error TS2339: …`. */
const TSC_ERROR = /^(.+?)\((\d+),(\d+)\): error (TS\d+): (.*)$/;

/** The project's own tsc, or undefined when TypeScript is not installed there. */
function projectTsc(root: string): string | undefined {
  try {
    return createRequire(path.join(root, 'package.json')).resolve('typescript/bin/tsc');
  } catch {
    return undefined;
  }
}

const firstLine = (text: string) => text.trim().split('\n')[0];

export function typecheckFindings(root: string): Finding[] {
  // pa-site's own clone type-checks itself in npm test: its check is about the content.
  if (path.resolve(root) === packageDir) return [];
  if (!existsSync(path.join(root, 'tsconfig.json')) || !existsSync(path.join(root, 'templates'))) return [];
  const tsc = projectTsc(root);
  if (!tsc) return [];
  const r = spawnSync(process.execPath, [tsc, '--noEmit', '-p', 'tsconfig.json', '--pretty', 'false'], {
    cwd: root,
    encoding: 'utf8',
    timeout: 300_000,
    maxBuffer: 64 * 1024 * 1024,
  });
  const findings: Finding[] = [];
  for (const line of `${r.stdout ?? ''}`.split('\n')) {
    const m = TSC_ERROR.exec(line.trim());
    if (!m) continue;
    const file = m[1]!.split(path.sep).join('/');
    findings.push({
      rule: 'typecheck',
      severity: 'error',
      category: 'page',
      message: `${m[5]} (${m[4]})`,
      hint: 'fix the template: npm run typecheck shows the same errors',
      places: [{ page: file, url: '', file, line: Number(m[2]), col: Number(m[3]) }],
    });
  }
  if (findings.length === 0 && r.status !== 0)
    findings.push({
      rule: 'typecheck',
      severity: 'error',
      category: 'page',
      message: `tsc could not check the templates: ${firstLine(r.stdout || r.stderr || r.error?.message || '')}`,
      hint: 'run npm run typecheck to see why',
      places: [{ page: 'tsconfig.json', url: '', file: 'tsconfig.json', line: null }],
    });
  return findings;
}
