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
      if (count >= 3) process.exit(130);
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
