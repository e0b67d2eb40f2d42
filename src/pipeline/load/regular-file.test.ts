import { spawnSync } from 'node:child_process';
import { mkdtempSync, mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  FileTooLargeError,
  NotRegularFileError,
  readListedFile,
  readRegularFile,
  readRegularFileAsync,
} from './regular-file.js';

const dir = mkdtempSync(path.join(tmpdir(), 'pa-site-regular-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const at = (name: string) => path.join(dir, name);

describe('readRegularFile', () => {
  writeFileSync(at('page.md'), 'text');
  symlinkSync('page.md', at('linked.md'));
  mkdirSync(at('folder.md'));
  spawnSync('mkfifo', [at('pipe.md')]);

  it('reads a regular file, and one through a symbolic link', async () => {
    expect(readRegularFile(at('page.md')).toString()).toBe('text');
    expect((await readRegularFileAsync(at('linked.md'))).toString()).toBe('text');
  });

  it('reads every byte whatever the size: empty, below and above a buffer pool slice, and large', () => {
    for (const size of [0, 1, 4095, 4097, 300_000]) {
      const bytes = Buffer.alloc(size, 'é');
      writeFileSync(at(`size-${size}.md`), bytes);
      expect(readRegularFile(at(`size-${size}.md`)).equals(bytes), String(size)).toBe(true);
    }
  });

  // A FIFO with no writer: a plain read would wait for one for ever (and this test with it).
  it('refuses a FIFO without waiting for a writer, sync and async', async () => {
    expect(() => readRegularFile(at('pipe.md'))).toThrow(NotRegularFileError);
    await expect(readRegularFileAsync(at('pipe.md'))).rejects.toMatchObject({
      code: 'ENOTREG',
      kind: 'a named pipe (FIFO)',
    });
  });

  it('reads a file up to maxBytes and refuses a larger one with its size, unread', () => {
    expect(readRegularFile(at('page.md'), 4).toString()).toBe('text');
    expect(() => readRegularFile(at('page.md'), 3)).toThrow(expect.objectContaining({ code: 'EFBIG', size: 4 }));
    expect(() => readRegularFile(at('page.md'), 3)).toThrow(FileTooLargeError);
  });

  it('refuses a folder as EISDIR', () => {
    expect(() => readRegularFile(at('folder.md'))).toThrow(expect.objectContaining({ code: 'EISDIR' }));
  });

  it('reads a listed file without following a link: a link, FIFO, folder or larger file throws', () => {
    expect(readListedFile(at('page.md')).toString()).toBe('text');
    expect(() => readListedFile(at('linked.md'))).toThrow(expect.objectContaining({ code: 'ELOOP' }));
    expect(() => readListedFile(at('pipe.md'))).toThrow(NotRegularFileError);
    expect(() => readListedFile(at('folder.md'))).toThrow(expect.objectContaining({ code: 'EISDIR' }));
    expect(() => readListedFile(at('page.md'), 3)).toThrow(FileTooLargeError);
  });
});
