import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { writeProblem } from './write-problem.js';

const root = path.resolve('/project');
const out = path.join(root, 'dist');
const fsError = (code: string, message: string, extra: object = {}) =>
  Object.assign(new Error(message), { code }, extra);

describe('writeProblem', () => {
  it('names the file where it will live in the output folder, not in the staging folder', () => {
    const staged = path.join(root, '.dist.staging-123-abcd', 'guides', 'odds.html');
    const d = writeProblem(root, out, fsError('ENOSPC', `ENOSPC: no space left on device, open '${staged}'`));
    expect(d).toMatchObject({
      severity: 'error',
      code: 'write-error',
      file: 'dist/guides/odds.html',
      message: 'could not write the output: the disk is full (ENOSPC)',
    });
    // No output folder exists at /project/dist: the hint must not claim one was kept.
    expect(d?.hint).toMatch(/free some space.*then build again; nothing was written$/);
    const kept = writeProblem(root, tmpdir(), fsError('ENOSPC', 'ENOSPC: no space left on device'));
    expect(kept?.hint).toMatch(/previous output was left as it was$/);
  });

  it('prefers the error path, and falls back to the output folder', () => {
    const file = path.join(root, '.dist.staging-1-a', 'x.html');
    expect(writeProblem(root, out, fsError('EACCES', 'denied', { path: file }))?.file).toBe('dist/x.html');
    expect(writeProblem(root, out, fsError('EIO', 'i/o error'))?.file).toBe('dist');
    expect(writeProblem(root, out, fsError('EXDEV', 'odd'))?.message).toBe(
      'could not write the output: the system refused (EXDEV)',
    );
  });

  it('says to rename the page when its file name is too long, and to shorten --out otherwise (#36 item 11)', () => {
    const long = path.join(root, '.dist.staging-1-a', 'guides', `${'a'.repeat(300)}.html`);
    const page = writeProblem(root, out, fsError('ENAMETOOLONG', `ENAMETOOLONG: name too long, open '${long}'`));
    expect(page?.message).toBe(
      'could not write the output: a file name in it is longer than the 255 bytes the file system allows ' +
        '(ENAMETOOLONG)',
    );
    expect(page?.hint).toMatch(/^rename the page that writes it \(its file in content\/pages, or its route:\)/);
    expect(page?.hint).not.toContain('--out');
    const deep = path.join(root, `${'deep/'.repeat(900)}dist`);
    const outPath = writeProblem(root, deep, fsError('ENAMETOOLONG', 'ENAMETOOLONG: name too long', { path: deep }));
    expect(outPath?.hint).toMatch(/^choose a shorter output path \(--out\)/);
  });

  it('leaves errors that are not from the operating system alone', () => {
    expect(writeProblem(root, out, new TypeError('x is undefined'))).toBeUndefined();
    expect(writeProblem(root, out, fsError('ERR_WORKER_INIT', 'worker'))).toBeUndefined();
    expect(writeProblem(root, out, undefined)).toBeUndefined();
  });
});
