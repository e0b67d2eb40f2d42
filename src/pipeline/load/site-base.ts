/**
 * site.yaml `base` for the commands that serve or check a built folder without validating the
 * whole site (preview, check): the folder the site is served under, `/` when site.yaml has none.
 */
import path from 'node:path';
import { parse } from 'yaml';
import { basePathProblem } from '../../urls/urls.js';
import { readRegularFile } from './regular-file.js';

/** site.yaml is a few kilobytes; a larger file is not read whole to find one key. */
const MAX_SITE_YAML = 4 * 1024 * 1024;

/** `base` from `root`/content/site.yaml: `/` when there is no file or no base, `problem` for an invalid one. */
export function readSiteBase(root: string): { base: string; problem?: string } {
  let data: unknown;
  try {
    data = parse(readRegularFile(path.join(root, 'content', 'site.yaml'), MAX_SITE_YAML).toString('utf8'));
  } catch {
    return { base: '/' };
  }
  const base = (data as { base?: unknown } | null)?.base;
  if (base === undefined || base === null) return { base: '/' };
  const bad = typeof base === 'string' ? basePathProblem(base) : { problem: 'expected a path such as /repo/' };
  return bad
    ? { base: '/', problem: `content/site.yaml base ${JSON.stringify(base)}: ${bad.problem}` }
    : { base: base as string };
}
