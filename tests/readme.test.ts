/**
 * The README's walk-through, run as a newcomer would run it: every command in its `sh` blocks as
 * written (`npm run build -- --root my-site`, through npm), its page sample, its sample output, its
 * library sample and its CLI synopsis, against a copy of the real content in a folder laid out like
 * the clone: its package.json has the clone's CLI scripts, which run this repository's bin. A README
 * edit that stops being true fails here.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { cp, mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { existsSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from './helpers.js';
import { scaled } from './machine.js';

interface Fence {
  lang: string;
  code: string;
}
const readme = readFileSync(path.join(repoRoot, 'README.md'), 'utf8');
const fences: Fence[] = [...readme.matchAll(/^```(\w*)\n([\s\S]*?)^```$/gm)].map((m) => ({
  lang: m[1]!,
  code: m[2]!,
}));
/** Every command in the README's `sh` blocks, comments dropped, `a && b` split. */
const commands = fences
  .filter((f) => f.lang === 'sh')
  .flatMap((f) => f.code.split('\n'))
  .map((l) => l.replace(/\s+#.*$/, '').trim())
  .filter(Boolean)
  .flatMap((l) => l.split(/\s*&&\s*/));
/** Run by CI itself rather than here: installing, and the suite this test is part of. */
const RUN_BY_CI = new Set(['npm ci', 'npm test']);
const ran = new Set<string>();

const bin = path.join(repoRoot, 'bin', 'pa-site.js');
/** The environment without the variables `npm test` sets for its own script (npm's settings, its cache, stay). */
const env = Object.fromEntries(
  Object.entries({ ...process.env, NO_COLOR: '1', PA_SITE_TODAY: '2025-01-20' }).filter(
    ([k]) => !/^npm_(package|lifecycle)_/i.test(k),
  ),
);
let parent: string;
/** The copy of the clone the README's commands run in. */
let site: string;

/** A README command's program and arguments: `npm run build -- --root my-site`. */
function argv(command: string): [string, string[]] {
  const [program, ...args] = command.split(/\s+/);
  expect(program, `"${command}" runs through npm`).toBe('npm');
  return [program!, args];
}

/** Runs a README command as written, in `cwd` (default: the copy of the clone). */
function run(command: string, cwd = site, extraEnv: Record<string, string> = {}) {
  expect(commands, `the README shows "${command}"`).toContain(command);
  ran.add(command);
  const [program, args] = argv(command);
  return spawnSync(program, args, { cwd, env: { ...env, ...extraEnv }, encoding: 'utf8', timeout: scaled(240_000) });
}

/** A line with its figures masked: the sample's numbers are one machine's, the words are the interface. */
const shape = (s: string) => s.trim().replace(/[\d.,]+ ?(KB|MB|B|ms|s)?\b/g, 'N');

/** Starts a long-running README command and resolves with the URL it prints. */
function serve(command: string): Promise<{ url: string; child: ChildProcess }> {
  expect(commands).toContain(command);
  ran.add(command);
  const [program, args] = argv(command);
  // In a process group of its own, which a stop signals whole, as Ctrl-C in a terminal does.
  const child = spawn(program, args, { cwd: site, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  return new Promise((resolve, reject) => {
    let out = '';
    const onData = (d: Buffer) => {
      out += d;
      const url = /http:\/\/127\.0\.0\.1:\d+/.exec(out)?.[0];
      if (url) resolve({ url, child });
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('exit', (code) => reject(new Error(`${command} exited ${code} before serving:\n${out}`)));
  });
}

/**
 * Stops a server as Ctrl-C would (npm and pa-site both get SIGINT) and resolves with whether it
 * ended cleanly: exit 0, or npm ending by the same signal, as npm does once its script has exited.
 */
function stop(child: ChildProcess): Promise<boolean> {
  return new Promise((resolve) => {
    child.removeAllListeners('exit');
    child.on('exit', (code, signal) => resolve(code === 0 || signal === 'SIGINT'));
    process.kill(-child.pid!, 'SIGINT');
  });
}

const sample = (lang: string, includes: string) => {
  const f = fences.find((x) => x.lang === lang && x.code.includes(includes));
  expect(f, `a ${lang || 'plain'} block with "${includes}"`).toBeDefined();
  return f!.code;
};

beforeAll(async () => {
  parent = await mkdtemp(path.join(tmpdir(), 'pa-site-readme-'));
  site = path.join(parent, 'pa-site');
  await mkdir(site);
  await cp(path.join(repoRoot, 'content'), path.join(site, 'content'), { recursive: true });
  // The clone's scripts that run its CLI, pointing at this repository's bin.
  const { scripts } = JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as {
    scripts: Record<string, string>;
  };
  const cli = Object.entries(scripts)
    .filter(([, script]) => script.startsWith('node bin/pa-site.js '))
    .map(([name, script]) => [name, script.replace('bin/pa-site.js', JSON.stringify(bin))]);
  expect(cli.map(([name]) => name)).toEqual(expect.arrayContaining(['build', 'check', 'dev', 'preview', 'init']));
  const manifest = { name: 'pa-site-readme-copy', private: true, scripts: Object.fromEntries(cli) };
  await writeFile(path.join(site, 'package.json'), JSON.stringify(manifest, null, 2));
});
afterAll(async () => {
  await rm(parent, { recursive: true, force: true });
});

describe('README walk-through', () => {
  const page = sample('markdown', 'template: guide');
  const pageFile = page.match(/`(content\/pages\/[\w-]+\.md)`/)?.[1] ?? 'content/pages/my-guide.md';

  it("prints on a fresh copy exactly the sample's lines, figures aside", () => {
    // A day long after every offer in the content was checked: what a clone prints once its offers
    // are past the staleness limit, as the README's second line shows.
    const r = run('npm run build', site, { PA_SITE_TODAY: '2030-01-01' });
    expect(r.status).toBe(0);
    // npm's own lines ("> pa-site-readme-copy@ build", blank) are npm's, not pa-site's.
    const printed = `${r.stderr}${r.stdout}`
      .split('\n')
      .filter((l) => l.trim() && !l.startsWith('> '))
      .map(shape);
    expect(printed).toEqual(sample('', '✓ Built').trim().split('\n').map(shape));
    // The counts are the content's, not the machine's: the sample shows exactly what the clone builds.
    const counts = (s: string) => /\b(\d+) pages?, (\d+) files\b/.exec(s)?.slice(1);
    const built = `${r.stdout}`.split('\n').find((l) => l.startsWith('✓ Built')) ?? '';
    expect(counts(built)).toBeDefined();
    expect(counts(sample('', '✓ Built')), `the README's sample says what the build said: ${built}`).toEqual(
      counts(built),
    );
  });

  it('adds the sample page and builds it, printing a summary shaped like the sample', async () => {
    expect(readme).toContain(`\`${pageFile}\``);
    await writeFile(path.join(site, pageFile), page);
    const r = run('npm run build');
    expect(r.stderr + r.stdout).not.toMatch(/^error/m);
    expect(r.status).toBe(0);
    const summary = sample('', '✓ Built').split('\n')[0]!;
    expect(shape(r.stdout.split('\n').find((l) => l.startsWith('✓ Built')) ?? '')).toBe(shape(summary));
    const html = await readFile(path.join(site, 'dist', `${path.basename(pageFile, '.md')}.html`), 'utf8');
    expect(html).toContain('My Guide to Betting in Pennsylvania');
  });

  it('shows the sample error, word for word, for the typo it describes', async () => {
    const shown = sample('', 'descripton');
    await writeFile(path.join(site, pageFile), page.replace('description:', 'descripton:'));
    try {
      const r = run('npm run build');
      expect(r.status).toBe(1);
      for (const line of shown.trim().split('\n')) expect(r.stderr + r.stdout).toContain(line.trim());
    } finally {
      await writeFile(path.join(site, pageFile), page);
    }
  });

  it('checks the site with the page in it', () => {
    const r = run('npm run check');
    expect(r.stdout + r.stderr).toMatch(/0 errors/);
    expect(r.status).toBe(0);
  });

  it('serves the page live with dev, and the build with preview', async () => {
    for (const command of ['npm run dev', 'npm run preview']) {
      const { url, child } = await serve(command);
      try {
        const res = await fetch(`${url}/${path.basename(pageFile, '.md')}`);
        expect(res.status, command).toBe(200);
        expect(await res.text()).toContain('My Guide to Betting in Pennsylvania');
      } finally {
        expect(await stop(child), command).toBe(true);
      }
    }
  });

  it('starts a site of its own with init, and builds and checks it with --root', async () => {
    const mine = path.join(site, 'my-site');
    const made = run('npm run init -- my-site --starter blank');
    expect(made.status, made.stderr).toBe(0);
    expect(existsSync(path.join(mine, 'content', 'site.yaml'))).toBe(true);
    const r = run('npm run build -- --root my-site');
    expect(r.stderr).not.toMatch(/^(warning|error)/m);
    expect(r.status).toBe(0);
    expect(readFileSync(path.join(mine, 'dist', 'index.html'), 'utf8')).toContain('<h1');
    const checked = run('npm run check -- --root my-site');
    expect(checked.stdout).toMatch(/ 0 errors, 0 warnings /);
    expect(checked.status).toBe(0);
    // Refused the second time: the folder holds the site now, and nothing is overwritten.
    const again = spawnSync('npm', ['run', 'init', '--', 'my-site'], { cwd: site, env, encoding: 'utf8' });
    expect(again.status).toBe(2);
    expect(again.stderr).toContain('is not empty');
  });

  it('runs the library sample from the project', async () => {
    const code = sample('js', "from 'pa-site'");
    await mkdir(path.join(site, 'node_modules'), { recursive: true });
    await symlink(repoRoot, path.join(site, 'node_modules', 'pa-site'), 'dir');
    await writeFile(path.join(site, 'sample.mjs'), code);
    const r = spawnSync(process.execPath, ['sample.mjs'], {
      cwd: site,
      env,
      encoding: 'utf8',
      timeout: scaled(240_000),
    });
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/errors: 0/);
  });

  it('runs the library sample after a failed build: the errors as the CLI prints them, exit 1, no stack', async () => {
    // After the test above: the sample and the package link are in place.
    await writeFile(path.join(site, pageFile), page.replace('description:', 'descripton:'));
    try {
      const r = spawnSync(process.execPath, ['sample.mjs'], {
        cwd: site,
        env,
        encoding: 'utf8',
        timeout: scaled(240_000),
      });
      const cli = run('npm run build');
      expect(r.stderr).not.toMatch(/^\s+at /m);
      expect(r.status).toBe(1);
      expect(r.stderr).toContain(`error ${pageFile}:4:1  descripton  unknown key "descripton"`);
      for (const line of r.stderr.trim().split('\n')) expect(cli.stderr).toContain(line);
    } finally {
      await writeFile(path.join(site, pageFile), page);
    }
  });

  it('lists in its CLI synopsis only options each command has', () => {
    const synopsis = sample('', 'pa-site build ');
    let command = '';
    for (const line of synopsis.split('\n')) {
      command = /^pa-site (\w+)/.exec(line)?.[1] ?? command;
      if (line.startsWith('pa-site --help')) break;
      const help = spawnSync(process.execPath, [bin, command, '--help'], { env, encoding: 'utf8' }).stdout;
      for (const option of line.match(/--[\w-]+/g) ?? []) expect(help, `${command} ${option}`).toContain(option);
    }
  });

  it('names only folders the project has in its layout sample', () => {
    const tree = sample('', 'operators/<id>.yaml');
    for (const name of ['site.yaml', 'sources.yaml', 'operators', 'authors', 'pages', 'public'])
      if (tree.includes(name)) expect(existsSync(path.join(repoRoot, 'content', name)), name).toBe(true);
  });

  it('ran every command the README shows', () => {
    for (const c of commands) if (!RUN_BY_CI.has(c)) expect(ran, c).toContain(c);
  });
});
