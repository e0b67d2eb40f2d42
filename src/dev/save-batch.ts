import path from 'node:path';
import { checksum } from '../pipeline/render/cache/render-cache.js';
import { readRegularFile } from '../pipeline/load/regular-file.js';

/** chokidar's window for repeated change events of one file (FSWatcher._emit). */
const CHANGE_THROTTLE_MS = 50;

/** A file's content fingerprint ('' when it cannot be read, or is not a regular file: a FIFO would block). */
function digest(file: string): string {
  try {
    return checksum(readRegularFile(file));
  } catch {
    return '';
  }
}

/**
 * Gathers the file events of one save into one rebuild: `flush` hears the changed files once events
 * stop coming for a moment.
 */
export class SaveBatch {
  private pending = new Set<string>();
  private timer: NodeJS.Timeout | undefined;
  private readonly trailing = new Set<NodeJS.Timeout>();

  constructor(private readonly flush: (changed: string[]) => void) {}

  private later(ms: number): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      const changed = [...this.pending];
      this.pending = new Set();
      this.flush(changed);
    }, ms);
  }

  /** Notes a changed file (any path: it is made absolute). */
  changed = (file: string): void => {
    const abs = path.resolve(file);
    this.pending.add(abs);
    this.later(15);
    // chokidar drops a change that follows another one of the same file within 50 ms, so a good save
    // right after a bad one would never be built. The last save wins: look again once that window
    // has passed, and rebuild if the file changed since this event.
    const seen = digest(abs);
    const again = setTimeout(() => {
      this.trailing.delete(again);
      if (digest(abs) === seen) return;
      this.pending.add(abs);
      this.later(0);
    }, CHANGE_THROTTLE_MS + 25);
    this.trailing.add(again);
  };

  /** Drops the batch waiting and every look still to come. */
  close(): void {
    clearTimeout(this.timer);
    for (const t of this.trailing) clearTimeout(t);
  }
}
