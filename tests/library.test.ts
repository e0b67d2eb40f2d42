/**
 * `import { build, check } from 'pa-site'` from another project: a package in a temp folder that
 * depends on this one (linked in its node_modules, as `npm install ../pa-site` does), run with Node
 * and type-checked with tsc against the declarations `npm run types` writes.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtureProject } from './fixture.js';
import { repoRoot } from './helpers.js';
import { scaled } from './machine.js';

let consumer: string;
let site: Awaited<ReturnType<typeof fixtureProject>>;
beforeAll(async () => {
  // lib/ as the pa-site command leaves it: recompiled when src/ is newer.
  spawnSync(process.execPath, [path.join(repoRoot, 'bin', 'pa-site.js'), 'help'], { timeout: scaled(120_000) });
  site = await fixtureProject();
  consumer = await mkdtemp(path.join(tmpdir(), 'pa-site-consumer-'));
  await writeFile(
    path.join(consumer, 'package.json'),
    JSON.stringify({
      name: 'consumer',
      private: true,
      type: 'module',
      dependencies: { 'pa-site': `file:${repoRoot}` },
    }),
  );
  await mkdir(path.join(consumer, 'node_modules'));
  await symlink(repoRoot, path.join(consumer, 'node_modules', 'pa-site'), 'dir');
});
afterAll(async () => {
  await rm(consumer, { recursive: true, force: true });
  await site?.cleanup();
});

const run = (args: string[]) =>
  spawnSync(args[0]!, args.slice(1), { cwd: consumer, encoding: 'utf8', timeout: scaled(120_000) });

describe('pa-site as a library', () => {
  it('builds and checks a site from a package outside the repository', async () => {
    await writeFile(
      path.join(consumer, 'use.mjs'),
      [
        "import { build, check, stopEsbuild } from 'pa-site';",
        `const built = await build({ root: ${JSON.stringify(site.root)}, outDir: 'out', cache: false });`,
        'const checked = await check({ dir: built.outDir });',
        'await stopEsbuild();',
        'console.log(JSON.stringify({ ok: built.ok, pages: built.pages, checked: checked.summary.pages }));',
      ].join('\n'),
    );
    const r = run([process.execPath, 'use.mjs']);
    expect(r.stderr).toBe('');
    expect(JSON.parse(r.stdout)).toEqual({ ok: true, pages: 1, checked: 2 });
  });

  it('has type declarations: a TypeScript consumer type-checks, and a wrong call does not', async () => {
    const declarations = path.join(repoRoot, 'lib', 'types', 'src', 'index.d.ts');
    expect(existsSync(declarations), 'run `npm run types` (npm ci does it)').toBe(true);
    await writeFile(
      path.join(consumer, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          target: 'ES2022',
          module: 'NodeNext',
          moduleResolution: 'NodeNext',
          strict: true,
          noEmit: true,
          skipLibCheck: true,
          types: [],
        },
        files: ['use.ts'],
      }),
    );
    await writeFile(
      path.join(consumer, 'use.ts'),
      [
        "import { build, check, type BuildResult, type CheckResult } from 'pa-site';",
        "const built: BuildResult = await build({ root: '.', outDir: 'out' });",
        'const pages: number = built.pages;',
        'const checked: CheckResult = await check({ dir: built.outDir });',
        '// @ts-expect-error: root is a string',
        'await build({ root: 42 });',
        'export { pages, checked };',
      ].join('\n'),
    );
    const tsc = path.join(repoRoot, 'node_modules', 'typescript', 'bin', 'tsc');
    const r = run([process.execPath, tsc, '-p', 'tsconfig.json']);
    expect(r.stdout + r.stderr).toBe('');
    expect(r.status).toBe(0);
  });
});
