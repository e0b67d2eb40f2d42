// Folders are moved aside during benchmark runs and deleted when the script exits. Deleting thousands of
// files right before a timed run made that run slower on machines whose ext4 has no journal: for a
// few minutes after a delete, each new file's inode allocation scans past the recently deleted
// inodes (perf: 28–45% of a build's CPU in the kernel's recently_deleted and find_inode_bit). That
// is the disk's history, not the tool's work, and it fell on whichever tool ran after a delete.
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const trashes = new Set();
process.on('exit', () => {
  for (const t of trashes) rmSync(t, { recursive: true, force: true });
});
// Ctrl-C or a kill ends the run through 'exit', so the moved-aside folders are deleted then too.
for (const signal of ['SIGINT', 'SIGTERM']) process.once(signal, () => process.exit(130));
let moved = 0;

/** Moves a folder out of the way (into a trash folder beside it, deleted at exit); absent is fine. */
export function moveAside(dir) {
  const trash = path.join(path.dirname(dir), `.bench-trash-${process.pid}`);
  trashes.add(trash);
  try {
    mkdirSync(trash, { recursive: true });
    renameSync(dir, path.join(trash, String(++moved)));
  } catch (e) {
    if (e.code === 'ENOENT') return;
    throw e;
  }
}

/** The render cache the pa-site builds of a benchmark use: $PA_SITE_CACHE_DIR/render when set. */
export const renderCache = process.env.PA_SITE_CACHE_DIR
  ? path.resolve(process.env.PA_SITE_CACHE_DIR, 'render')
  : path.join(
      path.dirname(path.dirname(fileURLToPath(import.meta.url))),
      'node_modules',
      '.cache',
      'pa-site',
      'render',
    );

/**
 * Keeps your render cache out of the benchmark's way until the script exits (a Ctrl-C included),
 * then puts it back in place of what the benchmark's builds left there (which is deleted).
 */
export function keepRenderCache() {
  const kept = path.join(path.dirname(renderCache), `.bench-kept-${process.pid}`);
  const had = existsSync(renderCache);
  if (had) renameSync(renderCache, kept);
  process.on('exit', () => {
    rmSync(renderCache, { recursive: true, force: true });
    if (had) renameSync(kept, renderCache);
  });
}

/**
 * Deletes pa-site's compile cache manifests (compile-cache.ts), so that a cold build compiles its
 * templates with esbuild as a first build does. A few small files: no disk history to worry about.
 */
export function forgetCompiles() {
  const dir = path.dirname(renderCache);
  let names = [];
  try {
    names = readdirSync(dir);
  } catch {
    return;
  }
  for (const n of names) if (/^compiled-[0-9a-f]+\.json$/.test(n)) rmSync(path.join(dir, n), { force: true });
}
