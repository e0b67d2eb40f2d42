import { readFileSync } from 'node:fs';
import { SourceMap } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { packageDir } from '../../../support/package/paths.js';
import { DEFAULT_TEMPLATES } from '../compile/template-layers.js';

/**
 * A stack frame inside a compiled templates bundle (templates.ts names them `templates-<hash>.mjs`):
 * a file URL, or a plain path when the bundle was loaded from a private temporary folder.
 */
const FRAME = /at (?:(\S+) \()?((?:file:\/\/)?\/\S+?\/templates-[0-9a-f]+\.mjs):(\d+):(\d+)\)?/g;

/** Where in a templates file an error was thrown: the file (absolute), its line and column, the component. */
export interface TemplateFrame {
  file: string;
  line: number;
  col: number;
  /** The component (a capitalised function) the throw happened in, or under. */
  component?: string;
}

/** Source maps of the bundles seen, by bundle path (undefined: none could be read). */
const maps = new Map<string, SourceMap | undefined>();
function mapOf(bundle: string): SourceMap | undefined {
  if (maps.has(bundle)) return maps.get(bundle);
  let map: SourceMap | undefined;
  try {
    map = new SourceMap(JSON.parse(readFileSync(`${bundle}.map`, 'utf8')));
  } catch {
    map = undefined; // pruned, or a bundle from before maps: the frame is not told
  }
  maps.set(bundle, map);
  return map;
}

/**
 * pa-site's own code bundled with the templates (the tracked React, the shared-parts registry, the
 * entry) and packages a template calls: not a template.
 */
const OWN = [path.join(packageDir, 'src'), path.join(packageDir, 'lib')].map((d) => d + path.sep);
const own = (file: string) =>
  /(?:^|[\\/])pa-site-(?:tracked-|templates-entry)/.test(file) ||
  (!file.startsWith(DEFAULT_TEMPLATES + path.sep) &&
    (OWN.some((d) => file.startsWith(d)) || file.includes(`${path.sep}node_modules${path.sep}`)));

/**
 * The name a component was declared under: esbuild renames a top-level function whose name another
 * bundled file also uses (`Payments2`); the source says which.
 */
function declaredName(name: string, file: string): string {
  const stem = /^(.*\D)\d+$/.exec(name)?.[1];
  if (!stem) return name;
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return name;
  }
  const declares = (n: string) => new RegExp(`(?:function\\s+|const\\s+|let\\s+)${n}\\b`).test(text);
  return !declares(name) && declares(stem) ? stem : name;
}

/**
 * Which templates file, line and component an error thrown while rendering came from, read from
 * its stack through the bundle's source map: the first frame in a templates file (pa-site's own
 * code, and packages a template calls, are passed over). Undefined when the stack does not say.
 */
export function templateFrame(error: unknown): TemplateFrame | undefined {
  const stack = error instanceof Error ? error.stack : undefined;
  if (!stack) return undefined;
  let found: TemplateFrame | undefined;
  for (const m of stack.matchAll(FRAME)) {
    const bundle = m[2]!.startsWith('file:') ? fileURLToPath(m[2]!) : m[2]!;
    const entry = mapOf(bundle)?.findEntry(Number(m[3]) - 1, Number(m[4]) - 1);
    if (!entry || !('originalSource' in entry) || !entry.originalSource) continue;
    // Sources are relative to the bundle's working folder, pa-site's templates (templates.ts).
    const source = entry.originalSource.startsWith('file:')
      ? fileURLToPath(entry.originalSource)
      : entry.originalSource;
    const file = path.resolve(DEFAULT_TEMPLATES, source);
    if (own(file)) continue;
    const fn = m[1]?.replace(/^Object\./, '');
    const component = fn && /^[A-Z]/.test(fn) ? declaredName(fn, file) : undefined;
    found ??= { file, line: entry.originalLine + 1, col: entry.originalColumn + 1 };
    // A helper that threw is named with the component that called it.
    if (component) return { ...found, component };
  }
  return found;
}
