import { mkdir, rename, rm, writeFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';

export type OutputFiles = Map<string, string | Uint8Array>;

/**
 * Stage 5: writes every file into a fresh sibling folder, then swaps it in for `outDir`. If
 * anything fails before the swap, the previous output is untouched; after it, no stale file from an
 * earlier build survives. Returns the bytes written.
 */
export async function writeAtomically(outDir: string, files: OutputFiles): Promise<number> {
  const parent = path.dirname(outDir);
  await mkdir(parent, { recursive: true });
  const tag = `${process.pid}-${randomBytes(4).toString('hex')}`;
  const staging = path.join(parent, `.${path.basename(outDir)}.staging-${tag}`);
  const retired = path.join(parent, `.${path.basename(outDir)}.old-${tag}`);
  let bytes = 0;
  try {
    const dirs = new Set<string>();
    for (const rel of files.keys()) dirs.add(path.dirname(path.join(staging, rel)));
    await Promise.all([...dirs].map((d) => mkdir(d, { recursive: true })));
    await Promise.all(
      [...files].map(async ([rel, data]) => {
        if (rel.includes('..') || path.isAbsolute(rel)) throw new Error(`refusing to write outside the output folder: ${rel}`);
        bytes += typeof data === 'string' ? Buffer.byteLength(data) : data.byteLength;
        await writeFile(path.join(staging, rel), data);
      }),
    );
  } catch (e) {
    await rm(staging, { recursive: true, force: true });
    throw e;
  }
  const hadPrevious = await stat(outDir).then(() => true, () => false);
  if (hadPrevious) await rename(outDir, retired);
  try {
    await rename(staging, outDir);
  } catch (e) {
    if (hadPrevious) await rename(retired, outDir);
    await rm(staging, { recursive: true, force: true });
    throw e;
  }
  if (hadPrevious) await rm(retired, { recursive: true, force: true });
  return bytes;
}
