/**
 * The real site, built on a fixed date, is byte for byte what tests/fixtures/real-site.sha256 records:
 * a change to the generator (a pack, a template's plumbing, a faster path) that moves one byte a reader
 * gets fails here, naming the files. A change meant to move them writes the record again
 * (`node scripts/dist-digest.mjs --write`), so review sees which files moved.
 */
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DIGEST_FILE, DIGEST_TODAY, digestChanges, digestOf } from '../scripts/dist-digest.mjs';
import { build, stopEsbuild } from '../src/index.js';
import { repoRoot } from './helpers.js';
import { scaled } from './machine.js';

let out: string | undefined;
afterAll(async () => {
  await stopEsbuild();
  if (out) await rm(out, { recursive: true, force: true });
});

describe('the real site', () => {
  it('a digest names each file that changed, was added or was removed', () => {
    const a = `${'a'.repeat(64)}  index.html\n${'b'.repeat(64)}  about.html\n`;
    const b = `${'a'.repeat(64)}  index.html\n${'c'.repeat(64)}  about.html\n${'d'.repeat(64)}  new.html\n`;
    expect(digestChanges(a, b)).toEqual(['changed about.html', 'added new.html']);
    expect(digestChanges(b, a)).toEqual(['changed about.html', 'removed new.html']);
    expect(digestChanges(a, a)).toEqual([]);
  });

  it(
    `built on ${DIGEST_TODAY}, is byte for byte what ${DIGEST_FILE} records`,
    async () => {
      out = await mkdtemp(path.join(tmpdir(), 'pa-site-digest-'));
      const r = await build({ root: repoRoot, outDir: out, today: DIGEST_TODAY });
      expect(r.ok, r.diagnostics.map((d) => d.message).join('\n')).toBe(true);
      const changes = digestChanges(readFileSync(path.join(repoRoot, DIGEST_FILE), 'utf8'), digestOf(out));
      expect(changes, 'if the change is meant, run: node scripts/dist-digest.mjs --write').toEqual([]);
    },
    scaled(180_000),
  );
});
