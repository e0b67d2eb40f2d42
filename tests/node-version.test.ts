/**
 * The pa-site command on a Node older than `engines` allows: one line naming the version needed and
 * the one found, exit 2, before anything that an old Node could fail to load (Node 18 cannot link
 * lib/, which imports node:crypto's hash()). The old Node is this one with `process.versions` faked
 * by a module preloaded with --import, so the whole command runs as it would there.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain JavaScript module of the bin, without declarations
import { enginesRange, nodeVersionProblem } from '../bin/node-version.js';
import { repoRoot } from './helpers.js';

const bin = path.join(repoRoot, 'bin', 'pa-site.js');
const asNode = (version: string, args: string[]) => {
  const fake = `Object.defineProperty(process, 'versions', { value: { ...process.versions, node: '${version}' } });`;
  const r = spawnSync(
    process.execPath,
    ['--import', `data:text/javascript,${encodeURIComponent(fake)}`, bin, ...args],
    {
      encoding: 'utf8',
      env: { ...process.env, NO_COLOR: '1' },
    },
  );
  return { code: r.status, out: r.stdout, err: r.stderr };
};

describe('the Node version check', () => {
  it('reads the range from package.json engines', () => {
    const engines = JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8')).engines.node;
    expect(enginesRange(path.join(repoRoot, 'package.json'))).toBe(engines);
    expect(engines).toBe('>=20.19');
  });

  it('names the version needed and the one found, for every version below it only', () => {
    expect(nodeVersionProblem('>=20.19', '18.20.4')).toBe(
      'error: pa-site needs Node 20.19 or newer and this is Node 18.20.4; ' +
        'install a current Node (https://nodejs.org, or nvm install 22) and run it again',
    );
    expect(nodeVersionProblem('>=20.19', '20.18.3')).toContain('this is Node 20.18.3');
    expect(nodeVersionProblem('>=20.19', 'v16.0.0')).toContain('this is Node 16.0.0');
    for (const ok of ['20.19.0', '20.20.2', '22.0.0', '24.11.1', 'v21.0.0'])
      expect(nodeVersionProblem('>=20.19', ok), ok).toBeUndefined();
  });

  it('stops an old Node with that one line and exit 2, for every command, before any other work', () => {
    for (const [version, args] of [
      ['18.20.4', ['build']],
      ['20.18.3', ['check', '--format', 'json']],
      ['18.0.0', ['--version']],
    ] as const) {
      const r = asNode(version, [...args]);
      expect(r.code, r.err).toBe(2);
      expect(r.out).toBe('');
      expect(r.err).toBe(`${nodeVersionProblem('>=20.19', version)}\n`);
    }
    expect(asNode('20.19.0', ['--version']).code).toBe(0);
  });

  it("imports nothing before the check: its module is the bin's only static import, and needs only node:fs", () => {
    const staticImports = (file: string) =>
      [...readFileSync(path.join(repoRoot, 'bin', file), 'utf8').matchAll(/^import .* from '([^']+)';$/gm)].map(
        (m) => m[1],
      );
    expect(staticImports('pa-site.js')).toEqual(['./node-version.js']);
    expect(staticImports('node-version.js')).toEqual(['node:fs']);
    const source = readFileSync(bin, 'utf8');
    expect(source.indexOf('process.exit(2)')).toBeLessThan(source.indexOf('await import('));
  });
});
