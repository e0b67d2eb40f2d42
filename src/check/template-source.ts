/**
 * Where a link that no page's content file holds was made: the line of content/site.yaml that names
 * it (the templates take their links from there: `links:`, `helpline.page`, menus), else the line
 * of a templates file, the site's own before pa-site's, that writes it. So a broken link a template
 * makes blames the template, not line 1 of the page it appears on.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { DEFAULT_TEMPLATES, ownFiles } from '../pipeline/render/compile/template-layers.js';

const SCRIPT = /\.[cm]?[jt]sx?$/;
const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

async function firstLine(file: string, test: RegExp): Promise<number | undefined> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch {
    return undefined;
  }
  const i = text.split(/\r?\n/).findIndex((l) => test.test(l));
  return i < 0 ? undefined : i + 1;
}

/** The file (relative to `root`, forward slashes) and line that make a link to `target`, when one is found. */
export async function linkSource(root: string, target: string): Promise<{ file: string; line: number } | undefined> {
  const t = escapeRe(target);
  const yamlLine = await firstLine(
    path.join(root, 'content', 'site.yaml'),
    new RegExp(`:\\s*["']?${t}["']?\\s*(?:[,}]|#|$)`),
  );
  if (yamlLine) return { file: 'content/site.yaml', line: yamlLine };
  const quoted = new RegExp(`(["'\`])${t}\\1`);
  const own = path.join(root, 'templates');
  const layers = path.resolve(own) === DEFAULT_TEMPLATES ? [own] : [own, DEFAULT_TEMPLATES];
  // A default the site replaces is not what made the link.
  const replaced = new Set(ownFiles(own).map((f) => path.relative(own, f)));
  for (const dir of layers) {
    const files = ownFiles(dir).filter(
      (f) => SCRIPT.test(f) && !/\.test\./.test(f) && (dir === own || !replaced.has(path.relative(dir, f))),
    );
    for (const file of files.sort()) {
      const line = await firstLine(file, quoted);
      if (line) return { file: path.relative(root, file).split(path.sep).join('/'), line };
    }
  }
  return undefined;
}
