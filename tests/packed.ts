import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { expect } from 'vitest';
import { repoRoot } from './helpers.js';
import { scaled } from './machine.js';

/** Time for one step of a packed-package test (npm ci, a build, a check) on a busy machine. */
export const TIMEOUT = scaled(300_000);
export const tsc = path.join(repoRoot, 'node_modules', 'typescript', 'bin', 'tsc');
/** The environment without the variables `npm test` sets for its own script (npm's settings, its cache, stay). */
const env: NodeJS.ProcessEnv = Object.fromEntries(
  Object.entries({ ...process.env, NO_COLOR: '1', CI: '' }).filter(([k]) => !/^npm_(package|lifecycle)_/i.test(k)),
);

/** Runs a command in `cwd` with that environment: its exit code and its output, together and apart. */
export function sh(cmd: string, args: string[], cwd: string) {
  const r = spawnSync(cmd, args, { cwd, env, encoding: 'utf8', timeout: TIMEOUT });
  return { code: r.status, out: `${r.stdout}${r.stderr}`, stdout: r.stdout, stderr: r.stderr };
}

/**
 * A lock file for a project that depends on the packed tarball: the repository's own runtime entries, so
 * `npm ci` installs it offline from the cache `npm ci` filled (package.test.ts, any-site-package.test.ts).
 */
function lockFor(tarball: string, name: string) {
  const lock = JSON.parse(readFileSync(path.join(repoRoot, 'package-lock.json'), 'utf8'));
  const self = lock.packages[''];
  const packages: Record<string, unknown> = {
    '': { name, dependencies: { 'pa-site': `file:${tarball}` } },
    'node_modules/pa-site': {
      version: self.version,
      resolved: `file:${tarball}`,
      dependencies: self.dependencies,
      bin: self.bin,
      engines: self.engines,
    },
  };
  for (const [key, entry] of Object.entries<Record<string, unknown>>(lock.packages)) {
    if (!key.startsWith('node_modules/') || entry.dev) continue;
    const { devOptional: _d, peer: _p, ...rest } = entry;
    packages[key] = rest;
  }
  return { name, lockfileVersion: 3, requires: true, packages };
}

/**
 * Packs the repository as `npm publish` would and installs the tarball, offline, into a new project
 * `tmp/<name>` whose package.json is `manifest` plus the dependency; returns the project's folder.
 */
export async function installPacked(tmp: string, name: string, manifest: Record<string, unknown>): Promise<string> {
  // lib/ as `prepare` builds it; packed without running it again, which would rebuild lib/ under
  // the other test files that run the CLI meanwhile.
  const fresh = pathToFileURL(path.join(repoRoot, 'bin', 'fresh-lib.js')).href;
  await ((await import(fresh)) as { freshLib(entry: string): Promise<string> }).freshLib('cli.js');
  // The declarations too, which only `prepare` writes (tsc rewrites each file in place).
  const types = sh(process.execPath, [tsc, '-p', 'tsconfig.types.json'], repoRoot);
  expect(types.code, types.out).toBe(0);
  const packed = sh('npm', ['pack', '--ignore-scripts', '--pack-destination', tmp], repoRoot);
  expect(packed.code, packed.out).toBe(0);
  const tarball = readdirSync(tmp).find((f) => f.endsWith('.tgz'));
  expect(tarball).toBeDefined();
  const project = path.join(tmp, name);
  await mkdir(project);
  const json = { name, ...manifest, dependencies: { 'pa-site': `file:../${tarball}` } };
  await writeFile(path.join(project, 'package.json'), JSON.stringify(json, null, 2));
  await writeFile(path.join(project, 'package-lock.json'), JSON.stringify(lockFor(`../${tarball}`, name), null, 2));
  const installed = sh('npm', ['install', '--offline', '--no-audit', '--no-fund', `../${tarball}`], project);
  expect(installed.code, installed.out).toBe(0);
  return project;
}
