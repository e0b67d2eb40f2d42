import { spawnSync } from 'node:child_process';
import { mkdir, rm, symlink } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { fixtureProject } from './fixture.js';
import { repoRoot } from './helpers.js';
import { scaled } from './machine.js';

const bin = path.join(repoRoot, 'bin', 'pa-site.js');
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(cleanups.splice(0).map((c) => c()));
});

const fifo = (file: string) => expect(spawnSync('mkfifo', [file]).status).toBe(0);

/**
 * `pa-site build` in a child process: a FIFO read on the main thread would block it for good, so
 * the timeout (not the test's) is what ends a build that opened one.
 */
const buildCli = (root: string) =>
  spawnSync(process.execPath, [bin, 'build', '--root', root, '--no-cache', '--today', '2025-01-15'], {
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1' },
    timeout: scaled(60_000),
  });

const warningLines = (stderr: string) => stderr.split('\n').filter((l) => l.startsWith('warning '));

describe('files that are not regular files are never opened (#36 items 4 and 11)', () => {
  it('skips FIFOs in pages, operators, authors and public, and links in public, warning for each', async () => {
    const p = await fixtureProject();
    cleanups.push(p.cleanup);
    const c = (rel: string) => path.join(p.root, 'content', rel);
    await mkdir(c('public/feeds'), { recursive: true });
    fifo(c('pages/pipe.md'));
    fifo(c('operators/pipe.yaml'));
    fifo(c('authors/pipe.yaml'));
    fifo(c('public/feeds/pipe.xml'));
    fifo(path.join(p.root, 'elsewhere.md'));
    await symlink('../../elsewhere.md', c('pages/linked-pipe.md'));
    await symlink('../site.yaml', c('public/site.txt'));
    await symlink('../operators', c('pages/operators.md'));
    const r = buildCli(p.root);
    expect(r.signal).toBeNull();
    expect(r.status).toBe(0);
    const fifoSkipped = 'a named pipe (FIFO) is not a regular file, so pa-site skips it without reading it';
    expect(warningLines(r.stderr)).toEqual([
      `warning content/authors/pipe.yaml:1:1  -  ${fifoSkipped}`,
      `warning content/operators/pipe.yaml:1:1  -  ${fifoSkipped}`,
      `warning content/pages/linked-pipe.md:1:1  -  ${fifoSkipped}`,
      'warning content/pages/operators.md:1:1  -  a symbolic link to a folder is not followed: ' +
        'the files in it are not built',
      `warning content/pages/pipe.md:1:1  -  ${fifoSkipped}`,
      `warning content/public/feeds/pipe.xml:1:1  -  ${fifoSkipped}`,
      'warning content/public/site.txt:1:1  -  a symbolic link in content/public/ is not copied to the site',
    ]);
  });

  it('a FIFO content/site.yaml is an error, not a build that never ends', async () => {
    const p = await fixtureProject();
    cleanups.push(p.cleanup);
    await rm(path.join(p.root, 'content/site.yaml'));
    fifo(path.join(p.root, 'content/site.yaml'));
    const r = buildCli(p.root);
    expect(r.signal).toBeNull();
    expect(r.status).toBe(1);
    expect(r.stderr).toContain(
      'error content/site.yaml:1:1  -  expected a file, found a named pipe (FIFO): pa-site does not read it\n' +
        '    fix: replace it with a regular file\n',
    );
  });
});
