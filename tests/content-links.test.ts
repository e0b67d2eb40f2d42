/**
 * Content files are regular files inside the project (issue 51 item 5): a link that leaves it is an
 * error naming the link, and what the target holds is never quoted.
 */
import { mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { build } from '../src/index.js';
import { fixtureProject } from './fixture.js';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(cleanups.splice(0).map((c) => c()));
});

describe('content links out of the project (#51 item 5)', () => {
  for (const target of ['content/operators/x.yaml', 'content/pages/leak.md', 'content/site.yaml']) {
    it(`${target} linked to a credentials file: an error naming the link, nothing of the file quoted`, async () => {
      const p = await fixtureProject();
      const home = await mkdtemp(path.join(tmpdir(), 'pa-site-home-'));
      cleanups.push(p.cleanup, () => rm(home, { recursive: true, force: true }));
      const secret = path.join(home, '.git-credentials');
      await writeFile(secret, 'https://x-access-token:ghs_SECRET123@github.com\n');
      await rm(path.join(p.root, target), { force: true });
      await symlink(secret, path.join(p.root, target));
      const r = await build({ root: p.root });
      expect(r.ok).toBe(false);
      const d = r.diagnostics.find((x) => x.code === 'link-outside-project');
      expect(d?.file).toBe(target);
      expect(JSON.stringify(r.diagnostics)).not.toContain('ghs_');
    });
  }

  it('a link to a file inside the project is read as before', async () => {
    const p = await fixtureProject();
    cleanups.push(p.cleanup);
    await symlink('../../content/pages/index.md', path.join(p.root, 'content', 'pages', 'copy.md'));
    const r = await build({ root: p.root });
    expect(r.diagnostics.find((x) => x.code === 'link-outside-project')).toBeUndefined();
  });
});
