import { existsSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { CACHE_MAX_AGE_MS } from '../../../support/package/paths.js';
import { pruneCompiled } from './code-dir.js';

const dir = mkdtempSync(path.join(tmpdir(), 'pa-site-code-dir-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it('deletes compiled bundles and partial writes unused for two weeks, and nothing else', () => {
  const now = Date.now();
  const old = (now - CACHE_MAX_AGE_MS - 60_000) / 1000;
  const files = {
    'templates-0123456789abcdef.mjs': old,
    'templates-fedcba9876543210.mjs': now / 1000,
    'templates-0123456789abcdef.mjs.42-ab.tmp': old,
    'react-runtime-19.3.1-19.3.1-abc.mjs': old,
    'render-worker.mjs': old,
  };
  for (const [name, time] of Object.entries(files)) {
    writeFileSync(path.join(dir, name), '');
    utimesSync(path.join(dir, name), time, time);
  }
  pruneCompiled(dir, now);
  const left = Object.keys(files).filter((f) => existsSync(path.join(dir, f)));
  expect(left).toEqual(['templates-fedcba9876543210.mjs', 'react-runtime-19.3.1-19.3.1-abc.mjs', 'render-worker.mjs']);
});
