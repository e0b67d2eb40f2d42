/**
 * The dev builds in flight, one after another. A page request waits for them (a build swaps the
 * output folder at its end), and a failed build does not stop the ones queued after it.
 */
export class BuildQueue {
  private running: Promise<void> = Promise.resolve();

  /** Runs `job` after the builds queued before it; the promise rejects if `job` fails. */
  add(job: () => Promise<void>): Promise<void> {
    const done = this.running.then(job);
    this.running = done.catch(() => undefined);
    return done;
  }

  /** Resolves once every build queued so far has ended, failed or not. */
  idle(): Promise<void> {
    return this.running;
  }
}
