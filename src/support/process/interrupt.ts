/**
 * What a command must undo if SIGINT or SIGTERM stops it half-way: its staging folder, its output
 * lock, check's temporary folder. The library registers each as it makes it and drops it once it
 * is done with it; the CLI runs what is left when a signal arrives (src/cli/stop-signals.ts).
 * SIGKILL cannot be caught: the next run's recovery removes what such a run left.
 */
const pending = new Set<() => void>();

/** Registers `undo` until the returned function is called. `undo` must be synchronous. */
export function onInterrupt(undo: () => void): () => void {
  pending.add(undo);
  return () => pending.delete(undo);
}

/** Runs every registered undo, newest first; one that fails does not stop the rest. */
export function undoInterrupted(): void {
  for (const undo of [...pending].reverse()) {
    pending.delete(undo);
    try {
      undo();
    } catch {
      // Left for the next run's recovery.
    }
  }
}
