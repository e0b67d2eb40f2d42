import { undoInterrupted } from '../support/process/interrupt.js';

/**
 * Ctrl-C (SIGINT) and SIGTERM for a long-running command: `stopped` resolves on the first. The
 * handlers stay until `release()`, so a second press while the command cleans up (removing its
 * temporary folder) does not kill the process half-way; a third quits at once, in case clean-up
 * ever hangs.
 */
export function stopSignals(say: (line: string) => void): { stopped: Promise<void>; release(): void } {
  let count = 0;
  let stop = () => {};
  const stopped = new Promise<void>((resolve) => {
    stop = () => {
      count += 1;
      resolve();
      if (count === 2) say('pa-site: stopping… (Ctrl-C again to quit at once)');
      if (count >= 3) {
        undoInterrupted();
        process.exit(130);
      }
    };
  });
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  return {
    stopped,
    release: () => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
    },
  };
}

/**
 * For a command that runs to its end (build, check): SIGINT or SIGTERM undoes what it registered
 * (its staging folder, output lock, check's temporary folder; see src/support/process/interrupt.ts) and exits as
 * the signal would have (130, 143). Returns the function that removes the handlers.
 */
export function exitOnSignal(say: (line: string) => void): () => void {
  const stop = (signal: NodeJS.Signals) => {
    undoInterrupted();
    say('pa-site: stopped; its temporary files were removed');
    process.exit(signal === 'SIGINT' ? 130 : 143);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  return () => {
    process.off('SIGINT', stop);
    process.off('SIGTERM', stop);
  };
}
