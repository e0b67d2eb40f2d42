import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { repoRoot } from './helpers.js';
import { fixtureProject, OPERATOR } from './fixture.js';

const bin = path.join(repoRoot, 'bin', 'pa-site.js');
const run = (args: string[], env: Record<string, string> = {}) => {
  const r = spawnSync(process.execPath, [bin, ...args], {
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1', ...env },
  });
  return { code: r.status, out: r.stdout, err: r.stderr };
};

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(cleanups.splice(0).map((c) => c()));
});

describe('pa-site CLI', () => {
  it('prints its version', () => {
    const r = run(['--version']);
    expect(r.code).toBe(0);
    expect(r.out.trim()).toMatch(/^\d+\.\d+\.\d+$/);
  });

  it('shows help listing the commands', () => {
    const r = run(['--help']);
    expect(r.code).toBe(0);
    expect(r.out).toContain('build [options]');
    expect(r.out).toContain('Exit codes: 0 success, 1 content or build errors (check: findings), 2 usage errors.');
  });

  it('without a command prints the usage on stderr and exits 2, with or without options', () => {
    for (const args of [[], ['--debug']]) {
      const r = run(args);
      expect(r.code).toBe(2);
      expect(r.out).toBe('');
      expect(r.err).toContain('build [options]');
    }
  });

  it('escapes an --out path in what it prints', async () => {
    const p = await fixtureProject();
    cleanups.push(p.cleanup);
    const r = run(['build', '--root', p.root, '--out', path.join(p.root, 'out\x1b[2Jx')]);
    expect(r.code).toBe(0);
    expect(r.out + r.err).not.toContain('\x1b');
    expect(r.out).toContain('out\\x1b[2Jx');
  });

  it('exits 2 on an unknown command or flag', () => {
    expect(run(['deploy']).code).toBe(2);
    const r = run(['build', '--colour']);
    expect(r.code).toBe(2);
    expect(r.err).toContain("unknown option '--colour'");
  });

  it('rejects a bad --workers value as a usage error', () => {
    const r = run(['build', '--workers', 'lots']);
    expect(r.code).toBe(2);
    expect(r.err).toContain('--workers must be a whole number from 1 to 64 (received: lots)');
  });

  it('rejects a $PA_SITE_CORES that is not a number of cores, for build, dev and check, and escapes it', () => {
    for (const cmd of ['build', 'dev', 'check']) {
      const r = run([cmd], { PA_SITE_CORES: 'all\x1b[2J' });
      expect(r.code).toBe(2);
      expect(r.err).toContain('PA_SITE_CORES must be a whole number from 1 to 1024 (received: all\\x1b[2J)');
      expect(r.err).toContain('fix: set PA_SITE_CORES to the number of cores pa-site may use');
    }
    // Empty, as shells leave an unset variable: detected as usual.
    expect(run(['build', '--root', 'no-such-folder'], { PA_SITE_CORES: '' }).err).not.toContain('PA_SITE_CORES');
  });

  it('builds a project and prints one summary line and no control characters without a terminal', async () => {
    const p = await fixtureProject();
    cleanups.push(p.cleanup);
    // On a day its offer is current (checked 2025-01-10), the build has nothing to warn of.
    const r = run(['build', '--root', p.root, '--today', '2025-01-20'], { NO_COLOR: '' });
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/^✓ Built 1 page, \d+ files, [\d.,]+ KB in [\d,]+ ms → .*\n$/);
    expect(r.err).toBe('');
    // No escape, carriage return or other control byte except the final newline.
    const control = [...r.out.slice(0, -1)].filter((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f);
    expect(control).toEqual([]);
  });

  it('prints stage timings with --verbose, nothing with --quiet, and refuses both at once', async () => {
    const p = await fixtureProject();
    cleanups.push(p.cleanup);
    const verbose = run(['build', '--root', p.root, '--verbose']);
    expect(verbose.code).toBe(0);
    // Durations in any width: a stage can take over a second (`1,059 ms`) on a busy machine.
    const n = String.raw`[\d,]+ ms`;
    expect(verbose.out).toMatch(
      new RegExp(`^stages: load ${n}, validate ${n}, compile ${n}, render ${n}, write ${n}$`, 'm'),
    );
    expect(verbose.out).toMatch(/^pages: [01] rendered( on the main thread)?, [01] from the render cache$/m);
    // Built-in templates: compiled, or unchanged since another build compiled them.
    expect(verbose.out).toMatch(/^templates: (compiled with esbuild|unchanged, taken from the compile cache)$/m);
    expect(verbose.out).toMatch(/^✓ Built 1 page/m);
    const quiet = run(['build', '--root', p.root, '--quiet']);
    expect([quiet.code, quiet.out, quiet.err]).toEqual([0, '', '']);
    const both = run(['build', '--root', p.root, '--quiet', '--verbose']);
    expect(both.code).toBe(2);
    expect(both.err).toContain("option '--verbose' cannot be used with option '-q, --quiet'");
  });

  it('leaves no process running after a build exits (esbuild service, render workers)', async () => {
    const p = await fixtureProject();
    cleanups.push(p.cleanup);
    // Its own process group: every process the build starts belongs to it unless it moves away.
    const child = spawn(process.execPath, [bin, 'build', '--root', p.root, '--workers', '2', '--no-cache'], {
      detached: true,
      stdio: 'ignore',
    });
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect(code).toBe(0);
    let left = true;
    try {
      process.kill(-child.pid!, 0);
    } catch (e) {
      left = (e as NodeJS.ErrnoException).code !== 'ESRCH';
    }
    if (left) spawnSync('kill', ['--', `-${child.pid}`]);
    expect(left, 'a process of the build outlived it (esbuild not stopped and reaped)').toBe(false);
  });

  it('exits 1 with every content error and keeps quiet output to errors', async () => {
    const p = await fixtureProject({ 'content/operators/example.yaml': OPERATOR.replace('rating: 4.5', 'rating: 7') });
    cleanups.push(p.cleanup);
    const r = run(['build', '--root', p.root, '--quiet']);
    expect(r.code).toBe(1);
    expect(r.err).toContain('content/operators/example.yaml:5:9  rating  ratings are out of 5 (received: 7)');
    expect(r.err).toContain('1 error in 1 file');
    expect(r.err).toContain('Build failed; ');
  });

  it('ends with its own exit code, not a crash, when the reader closes the pipe early', async () => {
    const p = await fixtureProject({});
    cleanups.push(p.cleanup);
    // Like `pa-site build | head -c 0`: nobody reads the summary line. Unhandled, the write's EPIPE
    // would crash the process with a stack (exit 1) after a good build.
    const child = spawn(process.execPath, [bin, 'build', '--root', p.root], { env: { ...process.env, NO_COLOR: '1' } });
    child.stdout.destroy();
    const code = await new Promise((resolve) => child.on('close', resolve));
    expect(code).toBe(0);
  });
});

describe('usage errors, the same at every level (#35 item 4)', () => {
  it('names an unknown option even without a command, instead of printing the whole help', () => {
    const r = run(['--bogus']);
    expect([r.code, r.out]).toEqual([2, '']);
    expect(r.err).toBe('error: unknown option \'--bogus\'\n(run "pa-site --help" for usage)\n');
    for (const command of ['build', 'check', 'dev', 'preview']) {
      const c = run([command, '--bogus']);
      expect([command, c.code, c.err.split('\n')[0]]).toEqual([command, 2, "error: unknown option '--bogus'"]);
    }
  });

  it('a --root that is not a project is a usage error (exit 2) for build, check, dev and preview', () => {
    for (const command of ['build', 'check', 'dev']) {
      const r = run([command, '--root', '/no/such/project']);
      expect([command, r.code, r.out]).toEqual([command, 2, '']);
      expect(r.err).toBe(
        'error: --root: /no/such/project does not exist\n' +
          '    fix: run pa-site in the project folder, or pass --root DIR pointing at a folder that contains ' +
          'content/site.yaml\n',
      );
    }
    expect(run(['preview', '--root', '/no/such/project']).code).toBe(2);
  });

  it('every usage error starts with "error: " and has at most one fix line', () => {
    for (const args of [
      ['build', '--workers', '0'],
      ['build', '--today', 'soon'],
      ['check', '--dir', '/no/such/dist'],
      ['dev', '--port', 'x'],
      ['preview', '--port', 'x'],
      ['preview', '--dir', '/no/such/dist'],
    ]) {
      const r = run(args);
      const lines = r.err.trimEnd().split('\n');
      expect([args.join(' '), r.code, lines[0]?.startsWith('error: ')]).toEqual([args.join(' '), 2, true]);
      expect(lines.slice(1).every((l) => l.startsWith('    fix: '))).toBe(true);
    }
  });

  it('dev and preview read --port by one rule: digits, 0 to 65535', () => {
    for (const command of ['dev', 'preview'])
      for (const port of ['1e3', '-1', '65536', ' 80'])
        expect([command, port, run([command, '--port', port]).err.split('\n')[0]]).toEqual([
          command,
          port,
          `error: --port must be a whole number from 0 to 65535 (received: ${port})`,
        ]);
  });

  it('says in the help which folder each path option is relative to', () => {
    const help = (...args: string[]) => run([...args, '--help']).out.replace(/\s+/g, ' ');
    expect(help()).toContain(
      'Paths: --root and --dir (check, preview) are relative to the current folder; build --out is relative to --root',
    );
    expect(help('build')).toContain('--out <dir> output folder, relative to --root');
    expect(help('check')).toContain('--dir <dir> check this built folder instead of building (relative to the current');
    expect(help('preview')).toContain('--dir <dir> serve this built folder (relative to the current folder; default:');
  });
});
