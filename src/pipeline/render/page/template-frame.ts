import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * A stack frame inside a compiled templates bundle (templates.ts names them `templates-<hash>.mjs`):
 * a file URL, or a plain path when the bundle was loaded from a private temporary folder.
 */
const FRAME = /at (?:(\S+) \()?((?:file:\/\/)?\/\S+?\/templates-[0-9a-f]+\.mjs):(\d+):\d+\)?/;
/** esbuild starts each module in a bundle with a comment naming its file, relative to templates/. */
const MODULE = /^\/\/ (\S+\.[cm]?[jt]sx?)$/;

/**
 * Which template file (and component) an error thrown while rendering came from, read from its
 * stack: `templates/components/Footer.tsx, in Footer`. Undefined when the stack does not say.
 */
export function templateFrame(error: unknown): string | undefined {
  const stack = error instanceof Error ? error.stack : undefined;
  const frame = stack && FRAME.exec(stack);
  if (!frame) return undefined;
  let lines: string[];
  try {
    const file = frame[2]!;
    lines = readFileSync(file.startsWith('file:') ? fileURLToPath(file) : file, 'utf8').split('\n');
  } catch {
    return undefined;
  }
  for (let i = Math.min(Number(frame[3]), lines.length) - 1; i >= 0; i--) {
    const file = MODULE.exec(lines[i]!)?.[1];
    if (file === undefined) continue;
    if (file.startsWith('..')) return undefined; // pa-site's own runtime, not a template
    const fn = frame[1]?.replace(/^Object\./, '');
    return `templates/${file}${fn && /^[A-Z]/.test(fn) ? `, in ${fn}` : ''}`;
  }
  return undefined;
}
