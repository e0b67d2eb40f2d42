import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from './helpers.js';
import { addReview, REVIEW_ROUTE, templatesDocExample } from './review-site.js';
import { installPacked, sh, TIMEOUT, tsc } from './packed.js';

const readme = readFileSync(path.join(repoRoot, 'README.md'), 'utf8');
const librarySample = /^```js\n([\s\S]*?from 'pa-site'[\s\S]*?)^```$/m.exec(readme)?.[1];

let tmp: string;
let project: string;
/** What `npx pa-site init` printed in the project. */
let initOutput = '';

beforeAll(async () => {
  tmp = await mkdtemp(path.join(tmpdir(), 'pa-site-package-'));
  project = await installPacked(tmp, 'my-project', { private: true, type: 'module' });
}, TIMEOUT);

afterAll(async () => {
  if (tmp) await rm(tmp, { recursive: true, force: true });
});

describe('the packed package', () => {
  it('holds lib/, its types, the templates the starters and the docs, and no tests, bench, content or CI files', () => {
    const root = path.join(project, 'node_modules', 'pa-site');
    const top = readdirSync(root).sort();
    expect(top).toEqual(['LICENSE', 'README.md', 'bin', 'docs', 'lib', 'package.json', 'starters', 'templates']);
    expect(readdirSync(path.join(root, 'lib'))).toContain('index.js');
    const types = readFileSync(path.join(root, 'lib', 'types', 'src', 'index.d.ts'), 'utf8');
    for (const name of ['build', 'check', 'init', 'jsonSchema', 'stopEsbuild'])
      expect(types).toMatch(new RegExp(`\\b${name}\\b`));
    expect(
      readdirSync(path.join(root, 'templates'), { recursive: true }).filter((f) => String(f).includes('.test.')),
    ).toEqual([]);
  });

  it(
    'runs npx pa-site init, build and check in the new project: exit 0, no warnings',
    () => {
      for (const command of ['init', 'build', 'check']) {
        const r = sh('npx', ['pa-site', command], project);
        expect(r.code, `${command}:\n${r.out}`).toBe(0);
        expect(r.out, command).not.toMatch(/^(warning|error)\b|^!/m);
        if (command === 'init') initOutput = r.stdout;
      }
      expect(sh('npx', ['pa-site', 'check'], project).stdout).toMatch(/ 0 errors, 0 warnings /);
    },
    TIMEOUT,
  );

  it(
    'runs the "Next:" commands init printed, as printed: the scripts it added to package.json',
    () => {
      const next = initOutput
        .split('\n')
        .filter((l) => /^(Next: | {6})\S/.test(l))
        .map((l) => l.slice(6));
      expect(next).toEqual(['npm run build', 'npm run check']);
      for (const command of next) {
        const r = sh('sh', ['-c', command], project);
        expect(r.code, `${command}:\n${r.out}`).toBe(0);
      }
      expect(readFileSync(path.join(project, '.gitignore'), 'utf8')).toMatch(/^dist\/$/m);
    },
    TIMEOUT,
  );

  it(
    'builds a site whose templates/ replaces one page template and one component, and names a throw in it',
    async () => {
      // docs/templates.md's example, in the project init made, with a review to show it.
      const month = new Date().toISOString().slice(0, 7);
      const operator = path.join(project, 'content', 'operators', 'example-sportsbook.yaml');
      const operatorText = readFileSync(operator, 'utf8');
      await addReview(project, month);
      const example = templatesDocExample(readFileSync(path.join(repoRoot, 'docs', 'templates.md'), 'utf8'));
      for (const [rel, text] of Object.entries(example)) {
        await mkdir(path.dirname(path.join(project, rel)), { recursive: true });
        await writeFile(path.join(project, rel), text);
      }
      const built = sh('npx', ['pa-site', 'build'], project);
      expect(built.code, built.out).toBe(0);
      expect(built.out).not.toMatch(/^(warning|error)\b/m);
      const page = (file: string) => readFileSync(path.join(project, 'dist', file), 'utf8');
      const review = page(`${REVIEW_ROUTE.slice(1)}.html`);
      const home = page('index.html');
      // The overrides where they apply; pa-site's review inside the wrapper, its guide template and header elsewhere.
      expect(review).toContain('review-note');
      expect(review).toContain('review-summary');
      expect(home).not.toContain('review-note');
      expect(home).toContain('page-home');
      for (const html of [review, home]) {
        expect(html).toContain('<p class="footer-disclaimer">');
        expect(html).toContain('site-header');
      }
      // The overrides type-check against the package's types and the defaults they import: the tsconfig init
      // wrote, with skipLibCheck off.
      const written = JSON.parse(readFileSync(path.join(project, 'tsconfig.json'), 'utf8'));
      const typeRoots = [path.join(repoRoot, 'node_modules', '@types')];
      const options = { ...written.compilerOptions, skipLibCheck: false, typeRoots, types: ['node'] };
      const tsconfig = { ...written, compilerOptions: options };
      await writeFile(path.join(project, 'tsconfig.templates.json'), JSON.stringify(tsconfig, null, 2));
      const typed = sh(process.execPath, [tsc, '-p', 'tsconfig.templates.json'], project);
      expect(typed.out).toBe('');
      expect(typed.code).toBe(0);
      await rm(path.join(project, 'tsconfig.templates.json'));
      // A throw in the override: its file, line and column, its component and the page.
      const file = path.join(project, 'templates', 'pages', 'Review.tsx');
      const source = readFileSync(file, 'utf8');
      const thrower = source.replace('  return (\n', "  throw new Error('not today');\n  return (\n");
      await writeFile(file, thrower);
      const failed = sh('npx', ['pa-site', 'build'], project);
      expect(failed.code).toBe(1);
      const line = thrower.split('\n').findIndex((l) => l.includes('not today')) + 1;
      expect(failed.stderr).toContain(
        `error templates/pages/Review.tsx:${line}:9  ReviewPage  not today, rendering content/pages${REVIEW_ROUTE}.md`,
      );
      expect(failed.stderr).not.toMatch(/^\s+at /m);
      await rm(path.join(project, 'templates'), { recursive: true });
      await rm(path.join(project, 'content', 'pages', `${REVIEW_ROUTE.slice(1)}.md`));
      await writeFile(operator, operatorText);
    },
    TIMEOUT,
  );

  it(
    "runs the README's library sample as an ES module",
    async () => {
      expect(librarySample).toBeDefined();
      await writeFile(path.join(project, 'sample.mjs'), librarySample!);
      const r = sh(process.execPath, ['sample.mjs'], project);
      expect(r.stderr).toBe('');
      expect(r.code).toBe(0);
      expect(r.stdout).toMatch(/errors: 0/);
    },
    TIMEOUT,
  );

  it(
    "type-checks the README's library sample as TypeScript with skipLibCheck off",
    async () => {
      await writeFile(path.join(project, 'sample.ts'), librarySample!);
      const tsconfig = {
        compilerOptions: {
          target: 'es2022',
          module: 'nodenext',
          moduleResolution: 'nodenext',
          strict: true,
          noEmit: true,
          skipLibCheck: false,
          // Node's types, as a TypeScript project for Node has them installed (README, Requirements).
          typeRoots: [path.join(repoRoot, 'node_modules', '@types')],
          types: ['node'],
        },
        files: ['sample.ts'],
      };
      await writeFile(path.join(project, 'tsconfig.json'), JSON.stringify(tsconfig, null, 2));
      const r = sh(process.execPath, [tsc, '-p', '.'], project);
      expect(r.out).toBe('');
      expect(r.code).toBe(0);
    },
    TIMEOUT,
  );

  it(
    "type-checks pa-site's declarations in a TypeScript project without @types/node (skipLibCheck off)",
    async () => {
      const dir = path.join(project, 'no-node-types');
      await mkdir(dir);
      // Every export of the package used, its types included; nothing of Node's.
      const index = readFileSync(path.join(project, 'node_modules', 'pa-site', 'lib/types/src/index.d.ts'), 'utf8');
      expect(index).not.toMatch(/from 'node:/);
      const sample = [
        "import * as pa from 'pa-site';",
        "const built: pa.BuildResult = await pa.build({ root: '.' });",
        'export const ok: boolean = built.ok;',
        "export const handler: pa.RequestHandler = pa.staticHandler('dist');",
        "export const served: Promise<pa.ServedDir> = pa.serveDir('dist');",
        "export const checked: Promise<pa.CheckResult> = pa.check({ dir: 'dist' });",
        'export const made: pa.InitResult | undefined = undefined;',
        '',
      ].join('\n');
      await writeFile(path.join(dir, 'sample.ts'), sample);
      await writeFile(path.join(dir, 'package.json'), '{ "type": "module" }\n');
      const tsconfig = {
        compilerOptions: {
          target: 'es2022',
          lib: ['es2022'],
          module: 'nodenext',
          moduleResolution: 'nodenext',
          strict: true,
          noEmit: true,
          skipLibCheck: false,
          // No @types folder at all: a project that never installed @types/node.
          typeRoots: [],
          types: [],
        },
        files: ['sample.ts'],
      };
      await writeFile(path.join(dir, 'tsconfig.json'), JSON.stringify(tsconfig, null, 2));
      const r = sh(process.execPath, [tsc, '-p', '.'], dir);
      expect(r.out).toBe('');
      expect(r.code).toBe(0);
    },
    TIMEOUT,
  );
});
