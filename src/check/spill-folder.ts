/**
 * Check's spill folder: where broken links wait to be sorted (spill-sort.ts) and the places of
 * findings on many pages wait for the JSON report (place-store.ts). A temporary folder of
 * temp-folder.ts, made only when something is written to it, removed by `remove()`, by a signal
 * (src/support/process/interrupt.ts), or at the latest when the process exits. Check's page thread
 * writes into it under the name `reserve()` gave (threadSpill): the folder stays this thread's to remove.
 */
import path from 'node:path';
import { makeCheckFolder, planCheckFolder, removeStaleCheckFolders } from './temp-folder.js';

/** What the spill's writers need: the folder, made on first use. */
export interface SpillPath {
  path(): string;
}

/** Folders not yet removed: the process's exit removes them. */
const open = new Set<SpillFolder>();
let exitHook = false;

export class SpillFolder implements SpillPath {
  private planned: ReturnType<typeof planCheckFolder> | null = null;
  private made = false;
  constructor(private readonly parent?: string) {}

  /**
   * The folder's name, not made yet: another thread may make it and write there. From now on a
   * signal, the process's exit or `remove()` removes it, whoever made it.
   */
  reserve(): string {
    if (!this.planned) {
      this.planned = planCheckFolder(this.parent);
      open.add(this);
      if (!exitHook) {
        exitHook = true;
        process.on('exit', () => {
          for (const f of open) f.remove();
        });
      }
    }
    return this.planned.dir;
  }

  /** The folder, made on first use. */
  path(): string {
    const dir = this.reserve();
    if (!this.made) {
      // A killed check's spill folder is removed by the next check that spills (or builds).
      removeStaleCheckFolders(this.parent);
      this.planned!.make();
      this.made = true;
    }
    return dir;
  }

  /** Whether the folder was made by this thread (and is not removed yet). */
  get exists(): boolean {
    return this.made;
  }

  remove(): void {
    open.delete(this);
    this.planned?.remove();
    this.planned = null;
    this.made = false;
  }
}

/** In check's page thread: the folder the main thread reserved, made there on first use and never removed there. */
export function threadSpill(dir: string): SpillPath {
  let made = false;
  return {
    path() {
      if (!made) {
        removeStaleCheckFolders(path.dirname(dir));
        makeCheckFolder(dir);
        made = true;
      }
      return dir;
    },
  };
}
