import { ListenError } from '../serve/listen.js';

/**
 * Why the dev server could not start. `bad-host` is a usage error (a --host that does not resolve or
 * is not this machine's); the rest are about the project or the machine.
 */
export class DevError extends Error {
  constructor(
    readonly code: 'port-in-use' | 'already-running' | 'no-project' | 'bad-host',
    message: string,
    /** How to fix it. */
    readonly hint?: string,
  ) {
    super(message);
  }
}

/** A --host or --port problem, as the dev server reports it. */
export const asDevError = (e: unknown): never => {
  throw e instanceof ListenError ? new DevError(e.code, e.message, e.hint) : e;
};
