// lib/ is compiled from src/ on `npm ci`. Everything that runs the compiled code (the CLI, the
// screenshot and Lighthouse scripts) calls freshLib() first: it recompiles when a source file (or
// the installed packages) is newer than lib/. esbuild is imported only then, so start-up stays cheap.
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const pkg = path.dirname(path.dirname(fileURLToPath(import.meta.url)));

function newestSource(dir) {
  let newest = 0;
  for (const e of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (e.isFile() && e.name.endsWith('.ts'))
      newest = Math.max(newest, statSync(path.join(e.parentPath, e.name)).mtimeMs);
  }
  return newest;
}

/** When npm last changed node_modules (it rewrites this file on every install and update), else 0. */
function installed() {
  try {
    return statSync(path.join(pkg, 'node_modules', '.package-lock.json')).mtimeMs;
  } catch {
    return 0;
  }
}

/**
 * Recompiles lib/ when src/ changed since, or node_modules did (lib/ bundles some packages, see
 * compile.js); returns the URL of a compiled entry (e.g. 'cli.js').
 */
export async function freshLib(entry) {
  const stamp = path.join(pkg, 'lib', '.stamp');
  const src = path.join(pkg, 'src');
  const stale = () => Math.max(newestSource(src), installed()) > statSync(stamp).mtimeMs;
  if (existsSync(src) && (!existsSync(stamp) || stale())) {
    const { compile } = await import('./compile.js');
    await compile();
  }
  return pathToFileURL(path.join(pkg, 'lib', entry)).href;
}
