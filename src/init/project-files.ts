/**
 * What makes `init`'s folder an npm project: the scripts in package.json, a .gitignore and a CI
 * workflow. package.json and .gitignore are merged into what is there (nothing of the user's is
 * lost or changed); the workflow is written only where there is none.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** The npm scripts init adds: each runs the installed `pa-site` command. */
const SCRIPTS: Readonly<Record<string, string>> = {
  build: 'pa-site build',
  check: 'pa-site check',
  dev: 'pa-site dev',
  preview: 'pa-site preview',
  // TypeScript is the project's own (npm install --save-dev typescript); check runs it when it is there.
  typecheck: 'tsc --noEmit',
};

/** The tsconfig.json init writes: the project's templates, checked against pa-site's types. */
export const TSCONFIG = `${JSON.stringify(
  {
    compilerOptions: {
      target: 'es2022',
      module: 'nodenext',
      moduleResolution: 'nodenext',
      jsx: 'react-jsx',
      strict: true,
      noEmit: true,
      skipLibCheck: true,
    },
    include: ['templates'],
  },
  null,
  2,
)}\n`;

/** A declaration file in templates/, so that tsc finds an input before the site has a template of its own. */
export const TEMPLATES_NOTE = `// Your templates go in this folder: a file here replaces pa-site's file of the same path
// (docs/templates.md in the pa-site package). npm run typecheck and pa-site check type-check them.
export {};
`;

/**
 * What git must not track: the output, the dependencies, and what a killed build can leave beside
 * dist/ (its staging and retired folders). pa-site's caches live in node_modules/.cache/pa-site.
 */
const IGNORED = ['dist/', 'node_modules/', '.dist.staging-*/', '.dist.old-*/'];

export const WORKFLOW_PATH = '.github/workflows/site.yml';

/** The workflow init writes: install, build, then check the built folder with GitHub annotations. */
export const WORKFLOW = `# Builds the site and checks every link and page rule on every push and pull request.
# check's findings show as annotations on the changed files (docs/deploy.md in the pa-site package).
name: Site

on:
  push:
  pull_request:

permissions:
  contents: read

jobs:
  site:
    runs-on: ubuntu-latest
    steps:
      - uses: actions/checkout@v4
      - uses: actions/setup-node@v4
        with:
          node-version: 22
          cache: npm
      - name: Install
        run: npm ci
      - name: Build
        run: npm run build
      - name: Check links and page rules
        run: npm run check -- --dir dist --format github
`;

/** A change to one of the user's files, or why it was left alone. */
export interface ProjectChange {
  /** The file's path in the project. */
  file: string;
  /** Its new text; undefined when nothing needs to change. */
  text?: string;
  /** Scripts already there with another command, kept as they are (package.json only). */
  kept?: string[];
}

/** The text a JSON file was indented with, so that a merge keeps it. */
function indentOf(text: string): string | number {
  return /^[{[]\s*\n([ \t]+)\S/.exec(text)?.[1] ?? 2;
}

/**
 * package.json with the scripts added: a new one named after the folder, or the user's with every
 * key and its order kept. Throws a message (not a stack) when the file is not a JSON object.
 */
export function mergePackageJson(dir: string): ProjectChange {
  const file = path.join(dir, 'package.json');
  if (!existsSync(file)) {
    const name =
      path
        .basename(dir)
        .toLowerCase()
        .replace(/[^a-z0-9._-]+/g, '-')
        .replace(/^[._-]+/, '') || 'my-site';
    const manifest = { name, private: true, scripts: { ...SCRIPTS } };
    return { file: 'package.json', text: `${JSON.stringify(manifest, null, 2)}\n` };
  }
  const text = readFileSync(file, 'utf8');
  let manifest: unknown;
  try {
    manifest = JSON.parse(text);
  } catch (e) {
    throw new Error(`package.json is not valid JSON (${(e as Error).message})`);
  }
  if (typeof manifest !== 'object' || manifest === null || Array.isArray(manifest))
    throw new Error('package.json does not hold a JSON object');
  const m = manifest as Record<string, unknown>;
  const scripts = m.scripts ?? {};
  if (typeof scripts !== 'object' || scripts === null || Array.isArray(scripts))
    throw new Error('"scripts" in package.json is not an object');
  const have = scripts as Record<string, unknown>;
  const kept = Object.keys(SCRIPTS).filter((k) => k in have && have[k] !== SCRIPTS[k]);
  const added = Object.entries(SCRIPTS).filter(([k]) => !(k in have));
  if (added.length === 0) return { file: 'package.json', kept };
  m.scripts = { ...have, ...Object.fromEntries(added) };
  const eol = text.endsWith('\n') ? '\n' : '';
  return { file: 'package.json', text: JSON.stringify(m, null, indentOf(text)) + eol, kept };
}

/** .gitignore with the lines it lacks appended (a line already there, with or without a slash, counts). */
export function mergeGitignore(dir: string): ProjectChange {
  const file = path.join(dir, '.gitignore');
  const text = existsSync(file) ? readFileSync(file, 'utf8') : '';
  const bare = (line: string) => line.trim().replace(/^\//, '').replace(/\/$/, '');
  const have = new Set(text.split(/\r?\n/).map(bare));
  const missing = IGNORED.filter((line) => !have.has(bare(line)));
  if (missing.length === 0) return { file: '.gitignore' };
  const lead = text === '' ? '' : text.endsWith('\n') ? '\n' : '\n\n';
  return {
    file: '.gitignore',
    text: `${text}${lead}# pa-site: the built site and its dependencies\n${missing.join('\n')}\n`,
  };
}
