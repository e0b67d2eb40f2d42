/** A broken source URL is fixed in content/sources.yaml: the finding names its `url:` line there. */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Finding } from './types.js';

const SOURCES_YAML = 'content/sources.yaml';

export async function locateSources(findings: Finding[], root: string, urls: readonly string[]): Promise<void> {
  const broken = findings.filter((f) => f.target !== undefined && urls.includes(f.target));
  if (!broken.length) return;
  const lines = (await readFile(path.join(root, SOURCES_YAML), 'utf8').catch(() => '')).split(/\r?\n/);
  for (const f of broken) {
    const at = lines.findIndex(
      (l) => /^\s*url:\s*/.test(l) && l.replace(/^\s*url:\s*["']?|["']?\s*$/g, '') === f.target,
    );
    if (at >= 0) f.source = { file: SOURCES_YAML, line: at + 1 };
    const fix = `a source's address: correct its url in ${SOURCES_YAML}, or cite another source`;
    f.hint = f.hint ? `${f.hint}; ${fix}` : fix;
  }
}
