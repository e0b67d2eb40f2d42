/**
 * No handle outlives its request (issue 51 items 7 and 8), made exact: the lookup is held open (a
 * wrapped openServed) until the client has dropped the request and the response's 'close' has
 * fired, the one moment a loop of dropped requests rarely hits. On 74f48e6 the file opened then was
 * piped into the closed response and never closed: Node closed it on garbage collection, with a
 * warning and DEP0137 on the user's terminal. Now the handle is closed at once, and nothing is printed.
 */
import type { EventEmitter } from 'node:events';
import type { FileHandle } from 'node:fs/promises';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server, type ServerResponse } from 'node:http';
import { type AddressInfo, connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

/** The test's hold on the lookup: told when it starts, released by the test, and the handle it found. */
const lookup = vi.hoisted(() => ({
  hold: undefined as undefined | { started: () => void; release: Promise<void> },
  opened: [] as FileHandle[],
}));

vi.mock('./served-file.js', async (importOriginal) => {
  const real = await importOriginal<typeof import('./served-file.js')>();
  return {
    ...real,
    openServed: async (dir: string, urlPath: string) => {
      const hold = lookup.hold;
      if (hold) {
        hold.started();
        await hold.release;
      }
      const found = await real.openServed(dir, urlPath);
      if (found) lookup.opened.push(found.handle);
      return found;
    },
  };
});

const { fileServer } = await import('./serve.js');

let dir: string;
let server: Server;
let port: number;
const responses: ServerResponse[] = [];
const warnings: string[] = [];
const onWarning = (w: Error) => warnings.push(`${w.name}: ${w.message}`);

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'pa-site-serve-drops-'));
  await writeFile(path.join(dir, 'index.html'), `<html>${'x'.repeat(200_000)}</html>`);
  const files = fileServer(dir);
  server = createServer((req, res) => {
    responses.push(res);
    files.handle(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
  process.on('warning', onWarning);
});

afterAll(async () => {
  process.off('warning', onWarning);
  server?.closeAllConnections();
  await new Promise((r) => server?.close(r));
  await rm(dir, { recursive: true, force: true });
});

/** Node's garbage collector, run now: what would close a forgotten handle, with Node's warning. */
function collectGarbage(): void {
  setFlagsFromString('--expose-gc');
  (runInNewContext('gc') as () => void)();
}

/** Whether `handle` closes before `ms` pass. */
function closes(handle: FileHandle, ms: number): Promise<boolean> {
  if (handle.fd === -1) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), ms);
    // A FileHandle is an EventEmitter that emits 'close' (Node docs), which @types/node leaves out.
    (handle as unknown as EventEmitter).once('close', () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}

/**
 * Sends a request and drops it while the lookup is held; the lookup goes on only once the response's
 * 'close' has fired. Whether the file it opened was closed; no reference to it is kept, so that
 * garbage collection could reach it.
 */
async function dropDuringLookup(): Promise<boolean> {
  let release = () => {};
  const started = new Promise<void>((resolve) => {
    lookup.hold = { started: resolve, release: new Promise<void>((r) => (release = r)) };
  });
  const client = connect(port, '127.0.0.1');
  client.on('error', () => undefined);
  client.write('GET /index.html HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
  await started;
  lookup.hold = undefined;
  const res = responses.pop()!;
  const resClosed = new Promise((r) => (res.closed ? r(undefined) : res.once('close', r)));
  client.destroy();
  await resClosed;
  release();
  await vi.waitFor(() => expect(lookup.opened.length).toBe(1), { timeout: 10_000 });
  return closes(lookup.opened.pop()!, 10_000);
}

describe('a request dropped during the lookup (#51 items 7 and 8)', () => {
  it('closes the file the lookup opened, and Node prints nothing on its behalf', async () => {
    const closed = await dropDuringLookup();
    // What Node would do with a forgotten handle: close it on collection, with a warning and DEP0137.
    for (let i = 0; i < 3; i++) {
      collectGarbage();
      await new Promise((r) => setImmediate(r));
    }
    expect({ closed, warnings }).toEqual({ closed: true, warnings: [] });
  });
});
