/**
 * Writes `pa-site schema`'s files: a new file is created, one that `pa-site schema` wrote earlier (a
 * JSON Schema whose `title` is the one it gives that file) is replaced, so that adding a template
 * and running the command again updates the editor's schemas. Any other file there (the user's, a
 * link, a folder, a FIFO) is refused before anything is written.
 */
import { lstatSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { readCacheText, takeCacheWarnings } from '../pipeline/load/cache-file.js';
import { makeDirs } from '../support/fs/make-dirs.js';

/** The largest earlier schema file looked into (the page schema with many templates is far smaller). */
const SCHEMA_FILE_MAX_BYTES = 16 * 1024 * 1024;

/** Whether `file` holds a JSON Schema titled `title`: one `pa-site schema` wrote. Read like a cache file. */
function isOwnSchema(file: string, title: unknown): boolean {
  const text = readCacheText(file, SCHEMA_FILE_MAX_BYTES);
  takeCacheWarnings(); // a file it will not read is refused below, not warned about in a later build
  if (text === undefined) return false;
  try {
    return (JSON.parse(text) as { title?: unknown }).title === title;
  } catch {
    return false;
  }
}

/** A file in the way: not one pa-site wrote. */
export class SchemaFileTaken extends Error {
  constructor(readonly file: string) {
    super(`${file} exists`);
  }
}

/** Writes `files` (name → text) into `dir`; returns the names of those that replaced an earlier schema. */
export function writeSchemaFiles(dir: string, files: Record<string, string>): string[] {
  const replaced: string[] = [];
  // Every file is judged before the first write, so a refusal leaves nothing half written.
  for (const [name, text] of Object.entries(files)) {
    const file = path.join(dir, name);
    if (!lstatSync(file, { throwIfNoEntry: false })) continue;
    if (!isOwnSchema(file, (JSON.parse(text) as { title?: unknown }).title)) throw new SchemaFileTaken(file);
    replaced.push(name);
  }
  makeDirs(dir); // one level at a time: recursive mkdir hides EROFS and EACCES as ENOENT
  for (const [name, text] of Object.entries(files)) {
    const file = path.join(dir, name);
    if (!replaced.includes(name)) {
      writeFileSync(file, text, { flag: 'wx' });
      continue;
    }
    // Written beside it and renamed over it: a failed write leaves the earlier schema whole.
    const temp = `${file}.pa-site-${process.pid}.tmp`;
    try {
      writeFileSync(temp, text, { flag: 'wx' });
      renameSync(temp, file);
    } catch (e) {
      rmSync(temp, { force: true });
      throw e;
    }
  }
  return replaced;
}
