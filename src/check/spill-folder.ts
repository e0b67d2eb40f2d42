/**
 * Check's spill folder: where broken links wait to be sorted (spill-sort.ts) and the places of
 * findings on many pages wait for the JSON report (place-store.ts). A temporary folder of
 * temp-folder.ts, made only when something is written to it, removed by `remove()`, by a signal
 * (src/interrupt.ts), or at the latest when the process exits.
 */
import { checkFolder, removeStaleCheckFolders } from './temp-folder.js';

/** Folders not yet removed: the process's exit removes them. */
const open = new Set<SpillFolder>();
let exitHook = false;

export class SpillFolder {
  private made: ReturnType<typeof checkFolder> | null = null;
  constructor(private readonly parent?: string) {}

  /** The folder, made on first use. */
  path(): string {
    if (!this.made) {
      // A killed check's spill folder is removed by the next check that spills (or builds).
      removeStaleCheckFolders(this.parent);
      this.made = checkFolder(this.parent);
      open.add(this);
      if (!exitHook) {
        exitHook = true;
        process.on('exit', () => {
          for (const f of open) f.remove();
        });
      }
    }
    return this.made.dir;
  }

  /** Whether the folder was made (and is not removed yet). */
  get exists(): boolean {
    return this.made !== null;
  }

  remove(): void {
    open.delete(this);
    this.made?.remove();
    this.made = null;
  }
}
