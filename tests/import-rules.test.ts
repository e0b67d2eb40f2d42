/** Each of the house's import rules (.dependency-cruiser.cjs; `npm run lint` runs them) fails on a seeded break. */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot, tempDir } from './helpers.js';

const depcruise = path.join(repoRoot, 'node_modules/dependency-cruiser/bin/dependency-cruise.mjs');
const config = path.join(repoRoot, '.dependency-cruiser.cjs');

/** Runs dependency-cruiser with the repo's rules on `folders` of `cwd`: its exit status and report. */
function cruise(cwd: string, folders: string[]) {
  const r = spawnSync(process.execPath, [depcruise, ...folders, '--config', config, '--output-type', 'err'], {
    cwd,
    encoding: 'utf8',
  });
  return { status: r.status, report: `${r.stdout}${r.stderr}` };
}

const tsconfig = JSON.stringify({ compilerOptions: { module: 'nodenext', strict: true } });

describe('import rules', () => {
  it('fail on a circle, type-only imports included', async () => {
    const dir = await tempDir({
      'tsconfig.json': tsconfig,
      'src/pipeline/a.ts': "import type { B } from './b.js';\nexport type A = { b?: B };\n",
      'src/pipeline/b.ts': "import type { A } from './a.js';\nexport type B = { a?: A };\n",
    });
    const { status, report } = cruise(dir, ['src']);
    expect(status).not.toBe(0);
    expect(report).toMatch(/no-circular: src\/pipeline\/a\.ts/);
  });

  it('fail when the library imports the CLI, a command another, or a low layer a higher one', async () => {
    const dir = await tempDir({
      'tsconfig.json': tsconfig,
      'src/cli/main.ts': 'export const run = 1;\n',
      'src/check/check.ts': "export { run } from '../cli/main.js';\n",
      'src/pipeline/build.ts': "export { run } from '../check/check.js';\n",
      'src/schema/page.ts': "export { run } from '../pipeline/build.js';\n",
      'src/support/fs/list.ts': "export { run } from '../../schema/page.js';\n",
      'src/dev/listen.ts': 'export const port = 1;\n',
      'src/dev/dev.ts': "export { port } from './listen.js';\n",
      'src/preview/preview.ts': "export { port } from '../dev/listen.js';\n",
    });
    const { status, report } = cruise(dir, ['src']);
    expect(status).not.toBe(0);
    for (const rule of ['library-not-cli', 'pipeline-not-commands', 'schema-lowest', 'support-lowest']) {
      expect(report).toContain(`${rule}:`);
    }
    // One command may not import another; a command's own files import each other freely.
    expect(report).toContain('commands-apart: src/preview/preview.ts → src/dev/listen.ts');
    expect(report).not.toContain('src/dev/dev.ts →');
  });
});
