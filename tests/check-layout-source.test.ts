/**
 * A broken link the layout makes from a content/site.yaml key that is not a menu's `href` (the
 * favicon, helpline.page) is reported with `source:` at that key's line, as a menu link is.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { check, init, stopEsbuild } from '../src/index.js';
import { scaled } from './machine.js';

let tmp: string | undefined;
afterAll(async () => {
  await stopEsbuild();
  if (tmp) await rm(tmp, { recursive: true, force: true });
});

it(
  'a favicon pointing at a missing file names its line of content/site.yaml',
  async () => {
    tmp = await mkdtemp(path.join(tmpdir(), 'pa-site-layout-source-'));
    const root = path.join(tmp, 'site');
    expect(init({ dir: root, month: '2025-01' }).ok).toBe(true);
    const siteYaml = path.join(root, 'content', 'site.yaml');
    const lines = readFileSync(siteYaml, 'utf8').split('\n');
    const at = lines.findIndex((l) => l.startsWith('url:')) + 1;
    lines.splice(at, 0, 'favicon: /missing-icon.svg # the site icon');
    writeFileSync(siteYaml, lines.join('\n'));
    const r = await check({ root, today: new Date('2025-01-20') });
    const finding = r.findings.find((f) => f.target === '/missing-icon.svg');
    expect(finding?.rule).toBe('broken-asset');
    expect(finding?.source).toEqual({ file: 'content/site.yaml', line: at + 1 });
  },
  scaled(120_000),
);
