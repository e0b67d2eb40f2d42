/**
 * Check's page thread (page-thread.ts): runs the page phase on the input it was started with and
 * answers once, with the inspection as plain data or the error it caught, then ends.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { CheckInputError } from './errors.js';
import { inspectFolder } from './inspect.js';
import type { PageThreadAnswer, PageThreadInput, ThreadError } from './page-thread.js';
import { threadSpill } from './spill-folder.js';

const { spillDir, keepExternal, ...input } = workerData as PageThreadInput;

const caught = (e: unknown): ThreadError => {
  if (!(e instanceof Error)) return { input: false, message: String(e) };
  const code = (e as NodeJS.ErrnoException).code;
  return {
    input: e instanceof CheckInputError,
    message: e.message,
    ...(e.stack !== undefined ? { stack: e.stack } : {}),
    ...(typeof code === 'string' ? { code } : {}),
  };
};

let answer: PageThreadAnswer;
try {
  const { links, ...seen } = await inspectFolder({ ...input, spill: threadSpill(spillDir) });
  const { broken, linkedTo: _, external, externalFragments, mailto, ...rest } = links;
  answer = {
    seen: {
      ...seen,
      links: {
        ...rest,
        broken: broken.handOver(),
        external: keepExternal ? external : new Map(),
        externalFragments: keepExternal ? externalFragments : new Map(),
        mailto: keepExternal ? mailto : new Map(),
      },
    },
  };
} catch (e) {
  answer = { error: caught(e) };
}
parentPort!.postMessage(answer);
