import { STOP_SIGNALS, type StopSignal, signalExitCode, undoInterrupted } from '../support/process/interrupt.js';

/**
 * Ctrl-C (SIGINT), SIGTERM, SIGHUP and SIGQUIT for a long-running command: `stopped` resolves on the first. The
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
  for (const signal of STOP_SIGNALS) process.on(signal, stop);
  return {
    stopped,
    release: () => {
      for (const signal of STOP_SIGNALS) process.off(signal, stop);
    },
  };
}

/**
 * For a command that runs to its end (build, check): any of the stop signals undoes what it registered
 * (its staging folder, output lock, check's temporary folder, the old output the swap moved aside; see
 * src/support/process/interrupt.ts), says what became of the output, and exits as the signal would have (130 for
 * SIGINT, 143 for SIGTERM, 129 for SIGHUP, 131 for SIGQUIT). Returns the function that removes the handlers.
 */
export function exitOnSignal(say: (line: string) => void): () => void {
  const stop = (signal: StopSignal) => {
    const said = undoInterrupted();
    say(`pa-site: stopped by ${signal}; ${[...said, 'its temporary files were removed'].join('; ')}`);
    process.exit(signalExitCode(signal));
  };
  for (const signal of STOP_SIGNALS) process.once(signal, stop);
  return () => {
    for (const signal of STOP_SIGNALS) process.off(signal, stop);
  };
}
