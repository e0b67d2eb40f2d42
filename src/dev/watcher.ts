import { existsSync, type FSWatcher, lstatSync, statSync, watch } from 'node:fs';
import path from 'node:path';
import chokidar from 'chokidar';
import type { DevLog } from './dev-log.js';

/**
 * Whether `file` is inside a symbolic link to a folder below `content/pages` (or operators, …). The
 * build does not follow those (it warns), so the watcher does not either: `ln -s . selfdir` would
 * otherwise be walked until ELOOP. `content/` and `content/pages` themselves may be links.
 */
const inLinkedFolder = (contentDir: string, file: string) => {
  const folder = path.dirname(file);
  const depth = path.relative(contentDir, folder).split(path.sep);
  if (depth.length < 2 || depth[0] === '..') return false;
  try {
    return lstatSync(folder, { throwIfNoEntry: false })?.isSymbolicLink() ?? false;
  } catch {
    return false;
  }
};

/** The error code of stat on `file`, or undefined when it succeeds. */
const statProblem = (file: string) => {
  try {
    statSync(file);
    return undefined;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code;
  }
};

export interface ProjectWatchOptions {
  root: string;
  /** The site's templates folder, watched when it exists or once it is made. */
  tplDir: string;
  /** Hears each file added, changed or removed in content/ or the templates. */
  changed: (file: string) => void;
  log: (event: DevLog) => void;
}

/**
 * Watches content and templates (styles are in them) for changes, once the first scan is done. Resolves
 * with the way to stop watching.
 */
export async function watchProject(o: ProjectWatchOptions): Promise<{ close(): Promise<void> }> {
  const { root, tplDir, changed, log } = o;
  // Only folders that exist: chokidar's wait for a missing one made it miss files made in content/ on a
  // busy machine (a templates/ made later is found below).
  const watcher = chokidar.watch([path.join(root, 'content'), ...(existsSync(tplDir) ? [tplDir] : [])], {
    ignoreInitial: true,
    ignored: (p) => /(^|[/\\])\.|node_modules/.test(path.basename(p)) || inLinkedFolder(path.join(root, 'content'), p),
  });
  // chokidar cannot stat a symbolic link loop (ELOOP) or an unreadable entry: without a listener
  // that error would end the process with a stack. The path is rebuilt instead, so the build reports
  // it the way `build` does (one diagnostic at the file, or nothing when it is not content); an
  // error that names no path is shown once.
  const watchErrors = new Set<string>();
  /** Whether the watcher's first scan is done (the errors before it are the first build's to report). */
  let ready = false;
  // chokidar never tracks a path it could not stat, so it reports no change when the loop is
  // removed or mended: any event in a watched folder looks at those paths again.
  const unwatched = new Map<string, string | undefined>();
  watcher.on('raw', () => {
    for (const [p, code] of unwatched) {
      if (statProblem(p) === code) continue;
      unwatched.delete(p);
      changed(p);
    }
  });
  watcher.on('error', (e) => {
    const err = e as NodeJS.ErrnoException;
    if (err.path) {
      unwatched.set(err.path, err.code);
      // Before 'ready', the first build has already read (and reported) what is there.
      if (ready) changed(err.path);
      return;
    }
    const message = `the file watcher reported a problem: ${err.code ?? err.message}`;
    if (watchErrors.has(message)) return;
    watchErrors.add(message);
    log({ kind: 'warning', message, hint: 'a change may not rebuild until dev restarts; save the file again' });
  });
  watcher.on('all', (_event, file) => changed(file));
  // chokidar does not see a watched folder appear that did not exist: a templates/ made while dev runs
  // is found by watching the project folder itself, then watched on its own (its files made by then
  // count as changes too, so none is missed between the folder and the watch).
  let lateTemplates: ReturnType<typeof chokidar.watch> | undefined;
  let rootWatch: FSWatcher | undefined;
  if (!existsSync(tplDir)) {
    try {
      rootWatch = watch(root, (_event, name) => {
        if (name !== path.basename(tplDir) || lateTemplates || !existsSync(tplDir)) return;
        lateTemplates = chokidar.watch(tplDir, { ignored: (p) => /(^|[/\\])\./.test(path.basename(p)) });
        lateTemplates.on('all', (_e, file) => changed(file));
        lateTemplates.on('error', () => undefined);
      });
      rootWatch.on('error', () => undefined);
    } catch {
      // No watch on the project folder (a watch limit): a templates/ made later needs a restart.
    }
  }
  await new Promise<void>((resolve) => watcher.once('ready', () => resolve()));
  ready = true;
  return {
    async close() {
      rootWatch?.close();
      await lateTemplates?.close();
      await watcher.close();
      // close() drops every listener, but a stat already under way can still report an error: with
      // no listener left, that would end the process with a stack.
      watcher.on('error', () => undefined);
    },
  };
}
