import { constants } from 'node:os';

/**
 * What a command must undo if a signal stops it half-way: its staging folder, its output lock,
 * check's temporary folder, the previous output moved aside by the swap. The library registers each as it makes it
 * and drops it once it is done with it; the CLI runs what is left when a signal arrives (src/cli/stop-signals.ts).
 * SIGKILL cannot be caught: the next run's recovery removes what such a run left.
 */
const pending = new Set<() => unknown>();

/**
 * The signals that end a run, each with the same clean-up: Ctrl-C, `kill`, a closed terminal or dropped SSH
 * session (SIGHUP), and Ctrl-\ (SIGQUIT). Without a handler SIGHUP and SIGQUIT ended the process at once,
 * leaving the lock, the staging folder and the temporary folders behind.
 */
export const STOP_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGQUIT'] as const;
export type StopSignal = (typeof STOP_SIGNALS)[number];

/** The exit code of a process a signal ended, as shells report it: 128 + the signal's number (130 for SIGINT). */
export const signalExitCode = (signal: StopSignal): number => 128 + (constants.signals[signal] ?? 15);

/**
 * Registers `undo` until the returned function is called. `undo` must be synchronous; what it returns, if
 * anything, says what it did to the user's files (`dist/ was left as it was`), for the line the CLI prints.
 */
export function onInterrupt(undo: () => unknown): () => void {
  pending.add(undo);
  return () => pending.delete(undo);
}

/** Runs every registered undo, newest first; one that fails does not stop the rest. Returns what they said. */
export function undoInterrupted(): string[] {
  const said: string[] = [];
  for (const undo of [...pending].reverse()) {
    pending.delete(undo);
    try {
      const line = undo();
      if (typeof line === 'string' && line) said.push(line);
    } catch {
      // Left for the next run's recovery.
    }
  }
  return said;
}

/**
 * A test hook: with PA_SITE_TEST_SIGNAL_AT=`<point>:<signal>` the process sends itself that signal when it
 * reaches `point` (such as `swap-between`, between the two renames of the output swap), so that a test can stop
 * a run at an exact step, with no timing involved. The signal is handled as one from outside would be: its
 * handler runs once the current synchronous step has finished.
 */
export function signalPoint(point: string): StopSignal | undefined {
  const asked = process.env.PA_SITE_TEST_SIGNAL_AT;
  if (!asked?.startsWith(`${point}:`)) return undefined;
  const signal = asked.slice(point.length + 1) as StopSignal;
  if (!STOP_SIGNALS.includes(signal)) return undefined;
  process.kill(process.pid, signal);
  return signal;
}

/**
 * signalPoint for a step that may wait: the run waits until the signal has been handled (the CLI's handler exits
 * there), since a build of a few pages can otherwise reach its end in promise callbacks alone.
 */
export async function signalPointAsync(point: string): Promise<void> {
  const asked = process.env.PA_SITE_TEST_SIGNAL_AT;
  if (!asked?.startsWith(`${point}:`)) return;
  const handled = new Promise((resolve) => process.once(asked.slice(point.length + 1), resolve));
  if (!signalPoint(point)) return;
  // Signals reach the loop through a pipe another thread may write: a referenced timer keeps the loop alive
  // (it never fires) until the handler has run.
  const alive = setInterval(() => {}, 2 ** 30);
  await handled;
  clearInterval(alive);
}
