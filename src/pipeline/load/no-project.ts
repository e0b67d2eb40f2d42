/**
 * Why a folder is not a pa-site project, said from where the user stands: inside the project's
 * content/ (or below it), in a project whose site.yaml is gone, or in a folder that is no project.
 */
import { statSync } from 'node:fs';
import path from 'node:path';

const isFile = (...p: string[]) => statSync(path.join(...p), { throwIfNoEntry: false })?.isFile() ?? false;
const isDir = (...p: string[]) => statSync(path.join(...p), { throwIfNoEntry: false })?.isDirectory() ?? false;

/** A folder as the user would type it: relative to the current folder when that is shorter. */
function shown(abs: string): string {
  const rel = path.relative(process.cwd(), abs);
  if (!rel) return 'this folder';
  return rel.length < abs.length ? rel : abs;
}

/** The project folder `dir` sits in (its content/ folder or below it), or undefined. */
function enclosingProject(dir: string): string | undefined {
  for (let at = dir; ; ) {
    if (path.basename(at) === 'content' && isFile(at, 'site.yaml')) return path.dirname(at);
    if (at !== dir && isFile(at, 'content', 'site.yaml')) return at;
    const up = path.dirname(at);
    if (up === at) return undefined;
    at = up;
  }
}

/** The fix when --root is not a project and nothing nearer is known: said the same by build, check and dev. */
export const NO_PROJECT_HINT =
  'run pa-site in the project folder, or pass --root DIR pointing at a folder that contains content/site.yaml';

/** The message and fix for a `root` with no content/site.yaml. */
export function noProjectProblem(root: string): { message: string; hint: string } {
  const abs = path.resolve(root);
  if (!isDir(abs)) return { message: `${shown(abs)} does not exist`, hint: NO_PROJECT_HINT };
  const project = enclosingProject(abs);
  if (project) {
    const inContent = path.basename(abs) === 'content' && path.dirname(abs) === project;
    const there = path.relative(process.cwd(), project) || '.';
    return {
      message:
        `no content/site.yaml in ${shown(abs)}: ` +
        (inContent ? "this is the project's content/ folder" : `this folder is inside the project at ${there}`),
      hint: `run pa-site from the project folder (cd ${there}), or pass --root ${there}`,
    };
  }
  if (isDir(abs, 'content'))
    return {
      message: `${shown(path.join(abs, 'content', 'site.yaml'))} is missing: every site needs one`,
      hint:
        'restore it from version control, or write one (docs/content.md lists its fields); ' +
        '`pa-site init` in an empty folder starts a new site',
    };
  return {
    message: `no pa-site project in ${shown(abs)}: there is no content/site.yaml`,
    hint: 'start a site with `pa-site init`, or pass --root DIR pointing at a folder that contains content/site.yaml',
  };
}
