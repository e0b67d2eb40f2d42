/**
 * `pa-site init [DIR]`: a new project in an empty (or new) folder. It never writes into a folder
 * that holds anything, so nothing of the user's can be overwritten; each file is created with
 * O_EXCL besides, in case something appears in the folder meanwhile.
 */
import { existsSync, lstatSync, readdirSync, readlinkSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { makeDirs } from '../support/fs/make-dirs.js';
import path from 'node:path';
import { schemaFileTexts } from '../schema/json-schema.js';
import { type NextSteps, nextSteps } from './next-steps.js';
import {
  mergeGitignore,
  mergePackageJson,
  type ProjectChange,
  TEMPLATES_NOTE,
  TSCONFIG,
  WORKFLOW,
  WORKFLOW_PATH,
} from './project-files.js';
import { STARTERS, type Starter, starterFiles } from './starter.js';

export type { Starter } from './starter.js';

/**
 * What an npm project that just installed pa-site holds: none of it is a path init writes, so such
 * a folder counts as empty (`npm install pa-site && npx pa-site init`).
 */
const NPM_PROJECT = new Set([
  'package.json',
  'package-lock.json',
  'node_modules',
  '.git',
  '.github',
  '.gitignore',
  '.npmrc',
]);

export interface InitOptions {
  /** The folder to create the project in (default: the current folder); created when missing. */
  dir?: string;
  /** The month the starter page is dated, YYYY-MM (default: this month). */
  month?: string;
  /** What the site starts as: `pa` (default), a gambling guide (its pack on); `blank`, a plain site with a blog. */
  starter?: Starter;
}

export interface InitResult {
  ok: boolean;
  /** The project folder, absolute. */
  dir: string;
  /** The files written, relative to `dir` (forward slashes); none when `ok` is false. */
  files: string[];
  /** The user's files init added to: package.json (scripts) and .gitignore (lines), when they changed. */
  updated: string[];
  /** Scripts package.json already had with another command: kept as they were. */
  keptScripts: string[];
  /** A workflow already at .github/workflows/site.yml: left as it was, and none written. */
  keptWorkflow: boolean;
  /** What to run next, from the current folder. */
  next?: NextSteps;
  /** Why nothing was written, and how to go on, when `ok` is false. */
  problem?: { message: string; hint: string };
}

/** Every content schema as a JSON Schema file, by file name: what `pa-site schema` writes. */
export const schemaFiles = (): Record<string, string> => schemaFileTexts();

/** Writes `files` (relative paths) under `dir`, each created new: an existing file is an error. */
function writeNewFiles(dir: string, files: Record<string, string>): string[] {
  // Refused before the first write, so a refusal leaves nothing half written.
  const taken = Object.keys(files).find((rel) => existsSync(path.join(dir, rel)));
  if (taken)
    throw Object.assign(new Error(`${path.join(dir, taken)} exists`), { code: 'EEXIST', path: path.join(dir, taken) });
  for (const [rel, text] of Object.entries(files)) {
    const file = path.join(dir, rel);
    makeDirs(path.dirname(file)); // one level at a time: recursive mkdir hides EROFS and EACCES as ENOENT
    writeFileSync(file, text, { flag: 'wx' });
  }
  return Object.keys(files);
}

export function init(options: InitOptions = {}): InitResult {
  const dir = path.resolve(options.dir ?? '.');
  if (options.starter !== undefined && !STARTERS.includes(options.starter))
    throw new Error(`unknown starter ${JSON.stringify(options.starter)}: use one of ${STARTERS.join(', ')}`);
  const refuse = (message: string, hint: string): InitResult => ({
    ok: false,
    dir,
    files: [],
    updated: [],
    keptScripts: [],
    keptWorkflow: false,
    problem: { message, hint },
  });
  let stat: ReturnType<typeof statSync> | undefined;
  try {
    // Followed: a link to an empty folder is that folder, as it is to mkdir, git init and npm init.
    stat = statSync(dir);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code !== 'ENOENT' && code !== 'ELOOP') throw e;
    if (lstatSync(dir, { throwIfNoEntry: false })?.isSymbolicLink()) {
      const loop = code === 'ELOOP';
      return refuse(
        `${dir} is a symbolic link to ${readlinkSync(dir)}, ${loop ? 'a loop of links' : 'which does not exist'}`,
        `${loop ? 'point the link at a folder' : 'create the folder it points to'}, or name a new folder: ` +
          'pa-site init my-site',
      );
    }
    if (code === 'ELOOP') throw e;
  }
  if (stat && !stat.isDirectory())
    return refuse(`${dir} is not a folder`, 'name a new or empty folder: pa-site init my-site');
  const held = stat ? readdirSync(dir).filter((name) => !NPM_PROJECT.has(name)) : [];
  if (held.length > 0)
    return refuse(
      `${dir} is not empty (it holds ${held.slice(0, 3).join(', ')}${held.length > 3 ? ', …' : ''}); ` +
        'init writes only into a new or empty folder, so nothing of yours is overwritten',
      'name a new folder: pa-site init my-site',
    );
  // Read (and refused when broken) before the first write, so a refusal leaves nothing half written.
  let changes: ProjectChange[];
  try {
    changes = [mergePackageJson(dir), mergeGitignore(dir)];
  } catch (e) {
    return refuse((e as Error).message, 'fix package.json (or move it away), then run init again');
  }
  const month = options.month ?? new Date().toISOString().slice(0, 7);
  const schemas = Object.fromEntries(Object.entries(schemaFiles()).map(([name, text]) => [`schemas/${name}`, text]));
  const keptWorkflow = existsSync(path.join(dir, WORKFLOW_PATH));
  const workflow: Record<string, string> = keptWorkflow ? {} : { [WORKFLOW_PATH]: WORKFLOW };
  const starter = starterFiles(options.starter ?? 'pa', month);
  const typed: Record<string, string> = existsSync(path.join(dir, 'tsconfig.json'))
    ? {}
    : { 'tsconfig.json': TSCONFIG, 'templates/templates.d.ts': TEMPLATES_NOTE };
  const files = writeNewFiles(dir, { ...starter, ...schemas, ...workflow, ...typed });
  const updated: string[] = [];
  for (const change of changes) {
    if (change.text === undefined) continue;
    const file = path.join(dir, change.file);
    if (existsSync(file)) updated.push(change.file);
    else files.push(change.file);
    // Written beside it and renamed over it: a failed write leaves the user's file whole.
    const temp = `${file}.pa-site-${process.pid}.tmp`;
    writeFileSync(temp, change.text, { flag: 'wx' });
    renameSync(temp, file);
  }
  const keptScripts = changes[0]!.kept ?? [];
  return { ok: true, dir, files, updated, keptScripts, keptWorkflow, next: nextSteps(dir, keptScripts) };
}
