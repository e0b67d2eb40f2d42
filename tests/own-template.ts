/** docs/templates.md's own-template example, for the tests that build it or describe it. */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { repoRoot } from './helpers.js';

/** Each fenced file of the "A template of your own" section, by the `// path` on its first line. */
export function ownTemplateExample(): Record<string, string> {
  const doc = readFileSync(path.join(repoRoot, 'docs', 'templates.md'), 'utf8');
  const section = doc.slice(doc.indexOf('## A template of your own'), doc.indexOf('## What templates receive'));
  const files: Record<string, string> = {};
  for (const m of section.matchAll(/^```tsx?\n\/\/ (templates\/\S+)\n([\s\S]*?)^```$/gm)) files[m[1]!] = m[2]!;
  return files;
}
