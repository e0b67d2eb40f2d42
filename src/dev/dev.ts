import { rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import path from 'node:path';
import type { BuildResult } from '../pipeline/build.js';
import { ownedOrEmpty } from '../pipeline/write/out-dir.js';
import { answersHalfClosed, failed } from '../serve/serve.js';
import { refusesConnect } from '../serve/request-gate.js';
import { escapeTerminal } from '../support/diagnostics/diagnostics.js';
import { templatesDir } from '../support/package/paths.js';
import { BuildQueue } from './build-queue.js';
import { DevBuilds } from './dev-builds.js';
import { asDevError, DevError } from './dev-error.js';
import { devHandler } from './dev-handler.js';
import { takeDevLock } from './dev-lock.js';
import type { DevLog } from './dev-log.js';
import { isLoopback } from '../serve/host-check.js';
import { listenOn, resolveHost, urlFor } from '../serve/listen.js';
import { LiveReload } from './live-reload.js';
import { requireProject } from './project-check.js';
import { SaveBatch } from './save-batch.js';
import { watchProject } from './watcher.js';
import { workFolder } from './work-folder.js';

export { DevError } from './dev-error.js';
export type { DevLog } from './dev-log.js';

export const DEFAULT_PORT = 4321;

export interface DevOptions {
  root?: string;
  /** Port to listen on (default 4321). */
  port?: number;
  /** With `strictPort`, a busy port is an error; otherwise the next free port is used. */
  strictPort?: boolean;
  /** Interface to bind; 127.0.0.1 unless told otherwise. */
  host?: string;
  /** Receives what the terminal should show. */
  log?: (event: DevLog) => void;
}

export interface DevServer {
  url: string;
  host: string;
  port: number;
  /** Where the dev build is written (never dist/). */
  outDir: string;
  /** The latest build result. */
  last(): BuildResult;
  /** Rebuild now, as after a change to `changed` files. */
  rebuild(changed?: string[]): Promise<void>;
  close(): Promise<void>;
}

/** Starts the dev server: builds into a cache folder, serves it, watches and rebuilds on change. */
export async function dev(options: DevOptions = {}): Promise<DevServer> {
  const root = path.resolve(options.root ?? '.');
  const host = options.host ?? '127.0.0.1';
  const log = options.log ?? (() => undefined);
  requireProject(root);
  const addresses = await resolveHost(host).catch(asDevError);
  const { work, temporary } = workFolder(root, log);
  const outDir = path.join(work, 'site');
  const lockFile = path.join(work, 'dev.lock.json');

  const devLock = takeDevLock(lockFile, root);
  if ('message' in devLock) throw new DevError('already-running', devLock.message, devLock.hint);

  // The dev output is pa-site's own; one from a version without the marker file is rebuilt from scratch.
  if (!ownedOrEmpty(outDir)) await rm(outDir, { recursive: true, force: true });

  // The site's own templates (template-layers.ts puts them over pa-site's). pa-site's own are not
  // watched: an installed package's do not change, and in pa-site's clone they are the site's own.
  // Watching a second root also made chokidar miss links made in content/ on a busy machine.
  const tplDir = templatesDir(root);
  const reload = new LiveReload();
  const builds = new DevBuilds({
    root,
    outDir,
    cacheDir: temporary && path.join(work, 'render'),
    tplDir,
    send: reload.send,
    log,
  });
  const queue = new BuildQueue();
  await builds.run([]);

  const handler = devHandler({ host, addresses, outDir, builds, queue, reload });
  const server = refusesConnect(
    answersHalfClosed(
      createServer((req, res) => {
        handler(req, res).catch(() => failed(res));
      }),
    ),
  );
  const wanted = options.port ?? DEFAULT_PORT;
  const port = await listenOn(server, host, wanted, options.strictPort, (used) =>
    log({ kind: 'info', message: `port ${wanted} is in use; using ${used} instead` }),
  ).catch(asDevError);
  const url = urlFor(host, port);
  devLock.update({ pid: process.pid, url, root });
  if (!addresses.every(isLoopback))
    log({
      kind: 'warning',
      message: `listening on ${host}: other machines on your network can open this dev server`,
      hint: 'use the default --host (127.0.0.1) unless you need that',
    });

  // Watch content, templates and styles; batch the changes of one save.
  const saves = new SaveBatch((changed) => {
    queue
      .add(() => builds.run(changed))
      .catch((e) =>
        log({
          kind: 'info',
          message: `rebuild failed unexpectedly: ${escapeTerminal(String((e as Error).message ?? e))}`,
        }),
      );
  });
  const watcher = await watchProject({ root, tplDir, changed: saves.changed, log });

  return {
    url: builds.base === '/' ? url : url + builds.base,
    host,
    port,
    outDir,
    last: () => builds.last,
    rebuild: (changed = []) => queue.add(() => builds.run(changed.map((f) => path.resolve(root, f)))),
    async close() {
      saves.close();
      await watcher.close();
      reload.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await queue.idle();
      builds.memo.flush();
      if (temporary) temporary();
      else devLock.release();
    },
  };
}
