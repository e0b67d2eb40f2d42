/**
 * The pa-site command on a Node older than `engines` allows: one line naming the version needed and
 * the one found, exit 2, before anything that an old Node could fail to load (Node 18 cannot link
 * lib/, which imports node:crypto's hash()). The old Node is a real one when PA_SITE_OLD_NODE names
 * its binary (CONTRIBUTING.md says how to get one), else this one with `process.versions` faked in
 * the child process by a module preloaded with --import, so the whole command runs as it would there.
 * A copy of the bin without its check, run on the same old Node, is not stopped: the check is what stops it.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
// @ts-expect-error: a plain JavaScript module of the bin, without declarations
import { enginesRange, nodeVersionProblem } from '../bin/node-version.js';
import { repoRoot } from './helpers.js';

const bin = path.join(repoRoot, 'bin', 'pa-site.js');
const env = { ...process.env, NO_COLOR: '1' };
const asNode = (version: string, args: string[], file = bin) => {
  const fake = `Object.defineProperty(process, 'versions', { value: { ...process.versions, node: '${version}' } });`;
  const r = spawnSync(
    process.execPath,
    ['--import', `data:text/javascript,${encodeURIComponent(fake)}`, file, ...args],
    {
      encoding: 'utf8',
      env,
    },
  );
  return { code: r.status, out: r.stdout, err: r.stderr };
};

/** A real Node older than engines allows, when PA_SITE_OLD_NODE names its binary. */
const realOld = process.env.PA_SITE_OLD_NODE;
/** The old Node the command runs on: [its version, a runner of a bin file with arguments]. */
const oldNode = (): [string, (args: string[], file?: string) => ReturnType<typeof asNode>] => {
  if (!realOld) return ['18.20.4', (args, file) => asNode('18.20.4', args, file)];
  const version = spawnSync(realOld, ['-p', 'process.versions.node'], { encoding: 'utf8' }).stdout.trim();
  expect(nodeVersionProblem('>=20.19', version), `PA_SITE_OLD_NODE is Node ${version}`).toBeDefined();
  return [
    version,
    (args, file = bin) => {
      const r = spawnSync(realOld, [file, ...args], { encoding: 'utf8', env });
      return { code: r.status, out: r.stdout, err: r.stderr };
    },
  ];
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

  it(`stops ${realOld ? 'a real' : 'a faked'} old Node, and a copy of the bin without the check is not stopped`, () => {
    const [version, run] = oldNode();
    const stopped = run(['--version']);
    expect(stopped.code, stopped.err).toBe(2);
    expect(stopped.out).toBe('');
    expect(stopped.err).toBe(`${nodeVersionProblem('>=20.19', version)}\n`);
    // The same package with the check cut out of its bin: --version needs nothing a Node 18 lacks, so it answers.
    const dir = mkdtempSync(path.join(tmpdir(), 'pa-site-no-check-'));
    onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
    mkdirSync(path.join(dir, 'bin'));
    for (const f of ['node-version.js', 'fresh-lib.js', 'jit-flags.js'])
      copyFileSync(path.join(repoRoot, 'bin', f), path.join(dir, 'bin', f));
    copyFileSync(path.join(repoRoot, 'package.json'), path.join(dir, 'package.json'));
    const source = readFileSync(bin, 'utf8');
    const check = /^const tooOld = [^\n]*\nif \(tooOld\) \{\n[\s\S]*?\n\}\n/m;
    expect(source).toMatch(check);
    writeFileSync(path.join(dir, 'bin', 'pa-site.js'), source.replace(check, ''));
    const unchecked = run(['--version'], path.join(dir, 'bin', 'pa-site.js'));
    expect(unchecked.err).toBe('');
    expect(unchecked.code).toBe(0);
    const pkg = JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as { version: string };
    expect(unchecked.out).toBe(`${pkg.version}\n`);
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
