/**
 * `pa-site init` and `pa-site schema`: the starter site builds and passes check with nothing to
 * warn of, a folder holding anything is refused with nothing written, and the schemas the YAML
 * files point at are there.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, lstatSync, readdirSync, readFileSync } from 'node:fs';
import { mkdir, rm, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { build, check, init, schemaFiles, stopEsbuild } from '../src/index.js';
import { nextSteps } from '../src/init/next-steps.js';
import { repoRoot, scratchFolder } from './helpers.js';
import { scaled } from './machine.js';

const bin = path.join(repoRoot, 'bin', 'pa-site.js');
const tmp = scratchFolder('pa-site-init-');
/** The environment without what `npm test` sets for its own script, as a user's shell has it. */
const env: NodeJS.ProcessEnv = Object.fromEntries(
  Object.entries({ ...process.env, NO_COLOR: '1', CI: '' }).filter(([k]) => !/^npm_(package|lifecycle)_/i.test(k)),
);
const cli = (args: string[], cwd = tmp()) =>
  spawnSync(process.execPath, [bin, ...args], { cwd, encoding: 'utf8', env });
/** The commands after "Next:" in init's output, one a line. */
const nextLines = (out: string) => {
  const at = out.split('\n').findIndex((l) => l.startsWith('Next: '));
  expect(at, out).toBeGreaterThan(-1);
  const lines = out.split('\n').slice(at);
  const end = lines.findIndex((l, i) => i > 0 && !l.startsWith('      '));
  return lines
    .slice(0, end < 0 ? undefined : end)
    .map((l) => l.replace(/^Next: /, '').trim())
    .filter(Boolean);
};
/** Every file under `dir`, relative, sorted. */
const filesIn = (dir: string) =>
  readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)))
    .sort();

afterAll(async () => {
  await stopEsbuild();
});

describe('init', () => {
  it(
    'writes a site that builds and passes check with no warnings',
    async () => {
      const dir = path.join(tmp(), 'new-site');
      const made = init({ dir, month: '2025-01' });
      expect(made.ok).toBe(true);
      expect(made.files).toEqual(expect.arrayContaining(['content/site.yaml', 'content/pages/index.md']));
      expect(filesIn(dir)).toEqual([...made.files].sort());
      const built = await build({ root: dir, today: new Date('2025-01-20') });
      expect(built.diagnostics).toEqual([]);
      expect(built.ok).toBe(true);
      const checked = await check({ root: dir, today: new Date('2025-01-20') });
      expect(checked.findings).toEqual([]);
      expect(checked.ok).toBe(true);
    },
    scaled(120_000),
  );

  it('comments every field of the starter YAML files', () => {
    const dir = path.join(tmp(), 'new-site');
    for (const file of ['content/site.yaml', 'content/sources.yaml', 'content/operators/example-sportsbook.yaml']) {
      const lines = readFileSync(path.join(dir, file), 'utf8').split('\n');
      lines.forEach((line, i) => {
        // A key line says what it is for on the line, or is under a comment (or a commented parent).
        if (!/^\s*(- )?[\w]+:/.test(line)) return;
        const commented = line.includes(' # ') || /^\s*#/.test(lines[i - 1] ?? '') || /:\s*$/.test(lines[i - 1] ?? '');
        expect(commented, `${file}:${i + 1} ${line}`).toBe(true);
      });
    }
  });

  it('points each YAML file at a schema it wrote', () => {
    const dir = path.join(tmp(), 'new-site');
    for (const file of filesIn(dir).filter((f) => f.endsWith('.yaml'))) {
      const first = readFileSync(path.join(dir, file), 'utf8').split('\n')[0]!;
      const schema = /^# yaml-language-server: \$schema=(\S+)$/.exec(first)?.[1];
      expect(schema, file).toBeDefined();
      const target = path.join(dir, path.dirname(file), schema!);
      expect(JSON.parse(readFileSync(target, 'utf8')).$schema, file).toMatch(/json-schema\.org/);
    }
  });

  it('refuses a folder that holds anything, writing nothing, and exits 2 from the CLI', async () => {
    const dir = path.join(tmp(), 'busy');
    await mkdir(dir);
    await writeFile(path.join(dir, 'notes.txt'), 'mine');
    const r = init({ dir });
    expect(r.ok).toBe(false);
    expect(r.files).toEqual([]);
    expect(r.problem?.message).toContain('is not empty (it holds notes.txt)');
    const c = cli(['init', 'busy']);
    expect(c.status).toBe(2);
    expect(c.stderr).toMatch(/^error: .*busy is not empty/);
    expect(c.stderr).toContain('fix: name a new folder');
    expect(c.stderr).not.toMatch(/\n\s+at /); // no stack
    expect(filesIn(dir)).toEqual(['notes.txt']);
  });

  it('refuses a file, and a link to a file, in place of the folder', async () => {
    await writeFile(path.join(tmp(), 'a-file'), 'mine');
    expect(init({ dir: path.join(tmp(), 'a-file') }).problem?.message).toContain('is not a folder');
    await symlink(path.join(tmp(), 'a-file'), path.join(tmp(), 'file-link'));
    expect(init({ dir: path.join(tmp(), 'file-link') }).problem?.message).toContain('is not a folder');
  });

  it('a link to an empty folder is that folder; to a busy one, busy (#51 item 9: it "is not a folder")', async () => {
    await mkdir(path.join(tmp(), 'target'));
    await symlink(path.join(tmp(), 'target'), path.join(tmp(), 'link'));
    const r = init({ dir: path.join(tmp(), 'link') });
    expect(r.problem).toBeUndefined();
    expect(existsSync(path.join(tmp(), 'target', 'content', 'site.yaml'))).toBe(true);
    expect(lstatSync(path.join(tmp(), 'link')).isSymbolicLink()).toBe(true);
    const again = init({ dir: path.join(tmp(), 'link') });
    expect(again.problem?.message).toContain('is not empty');
  });

  it('a dangling link or a loop of links says so, with a fix, and writes nothing', async () => {
    await symlink(path.join(tmp(), 'nowhere'), path.join(tmp(), 'dangling'));
    const r = init({ dir: path.join(tmp(), 'dangling') });
    expect(r.problem?.message).toBe(
      `${path.join(tmp(), 'dangling')} is a symbolic link to ${path.join(tmp(), 'nowhere')}, which does not exist`,
    );
    expect(r.problem?.hint).toContain('create the folder it points to');
    await symlink('loop', path.join(tmp(), 'loop'));
    expect(init({ dir: path.join(tmp(), 'loop') }).problem?.message).toContain('a loop of links');
    const c = cli(['init', 'dangling']);
    expect(c.status).toBe(2);
    expect(c.stderr).toContain('which does not exist');
    expect(c.stderr).not.toMatch(/\n\s+at /);
    expect(existsSync(path.join(tmp(), 'nowhere'))).toBe(false);
  });

  it('writes beside what an npm project holds: package.json, its lock file, node_modules', async () => {
    const dir = path.join(tmp(), 'npm-project');
    await mkdir(path.join(dir, 'node_modules'), { recursive: true });
    await writeFile(path.join(dir, 'package.json'), '{}');
    const r = init({ dir });
    expect(r.ok).toBe(true);
    expect(r.updated).toEqual(['package.json']);
    expect(JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')).scripts.build).toBe('pa-site build');
  });
});

describe('init makes a project', () => {
  it('creates package.json with the scripts, .gitignore and the workflow in a new folder', () => {
    const dir = path.join(tmp(), 'new-site');
    expect(JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8'))).toEqual({
      name: 'new-site',
      private: true,
      scripts: {
        build: 'pa-site build',
        check: 'pa-site check',
        dev: 'pa-site dev',
        preview: 'pa-site preview',
        typecheck: 'tsc --noEmit',
      },
    });
    const ignored = readFileSync(path.join(dir, '.gitignore'), 'utf8').split('\n');
    expect(ignored).toEqual(expect.arrayContaining(['dist/', 'node_modules/']));
  });

  it("writes a workflow that is valid YAML, installs, builds and checks with GitHub's format", () => {
    const dir = path.join(tmp(), 'new-site');
    const workflow = parseYaml(readFileSync(path.join(dir, '.github/workflows/site.yml'), 'utf8'));
    expect(Object.keys(workflow.on)).toEqual(['push', 'pull_request']);
    const jobs = Object.values<{ 'runs-on': string; steps: { uses?: string; run?: string }[] }>(workflow.jobs);
    expect(jobs).toHaveLength(1);
    expect(jobs[0]!['runs-on']).toBe('ubuntu-latest');
    const steps = jobs[0]!.steps;
    expect(steps.map((s) => s.uses).filter(Boolean)).toEqual(['actions/checkout@v4', 'actions/setup-node@v4']);
    const runs = steps.map((s) => s.run).filter(Boolean);
    expect(runs).toEqual(['npm ci', 'npm run build', 'npm run check -- --dir dist --format github']);
    // Each `npm run` names a script init wrote, which runs the pa-site command.
    const scripts = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')).scripts;
    for (const run of runs.slice(1)) expect(scripts[/^npm run (\w+)/.exec(run!)![1]!]).toMatch(/^pa-site /);
  });

  it('shows the same workflow in docs/deploy.md', () => {
    const deploy = readFileSync(path.join(repoRoot, 'docs', 'deploy.md'), 'utf8');
    const shown = /^```yaml\n(name: Site\n[\s\S]*?)^```$/m.exec(deploy)?.[1];
    expect(shown).toBeDefined();
    const written = readFileSync(path.join(tmp(), 'new-site', '.github/workflows/site.yml'), 'utf8');
    expect(parseYaml(shown!)).toEqual(parseYaml(written));
  });

  it("merges into the user's package.json and .gitignore, losing nothing and keeping their own scripts", async () => {
    const dir = path.join(tmp(), 'merge');
    await mkdir(path.join(dir, '.github', 'workflows'), { recursive: true });
    const mine =
      '{\n    "name": "mine",\n    "version": "1.2.3",\n    "scripts": { "build": "make", "test": "t" },\n' +
      '    "dependencies": { "left-pad": "1.0.0" }\n}\n';
    await writeFile(path.join(dir, 'package.json'), mine);
    await writeFile(path.join(dir, '.gitignore'), '/dist\n*.log');
    await writeFile(path.join(dir, '.github', 'workflows', 'site.yml'), 'mine');
    const r = init({ dir });
    expect(r.ok).toBe(true);
    expect(r.updated.sort()).toEqual(['.gitignore', 'package.json']);
    expect(r.keptScripts).toEqual(['build']);
    expect(r.keptWorkflow).toBe(true);
    expect(r.files).not.toContain('.github/workflows/site.yml');
    expect(readFileSync(path.join(dir, '.github', 'workflows', 'site.yml'), 'utf8')).toBe('mine');
    const text = readFileSync(path.join(dir, 'package.json'), 'utf8');
    expect(text).toMatch(/^\{\n {4}"name"/); // its indentation kept
    expect(JSON.parse(text)).toEqual({
      name: 'mine',
      version: '1.2.3',
      scripts: {
        build: 'make',
        test: 't',
        check: 'pa-site check',
        dev: 'pa-site dev',
        preview: 'pa-site preview',
        typecheck: 'tsc --noEmit',
      },
      dependencies: { 'left-pad': '1.0.0' },
    });
    const ignored = readFileSync(path.join(dir, '.gitignore'), 'utf8');
    expect(ignored.startsWith('/dist\n*.log\n')).toBe(true);
    expect(ignored.match(/dist/g)).toHaveLength(3); // /dist already there; the staging and retired folders added
    expect(ignored.split('\n')).toContain('node_modules/');
  });

  it('refuses a package.json that is not JSON, writing nothing', async () => {
    const dir = path.join(tmp(), 'broken-json');
    await mkdir(dir);
    await writeFile(path.join(dir, 'package.json'), '{ "name": ');
    const c = cli(['init', 'broken-json']);
    expect(c.status).toBe(2);
    expect(c.stderr).toMatch(/^error: package\.json is not valid JSON/);
    expect(c.stderr).not.toMatch(/\n\s+at /);
    expect(filesIn(dir)).toEqual(['package.json']);
  });

  it(
    'prints "Next:" commands that run as printed, and git then ignores what the build wrote',
    async () => {
      // A project that installed pa-site: its node_modules/.bin has the command (linked to this copy).
      const dir = path.join(tmp(), 'installed');
      await mkdir(path.join(dir, 'node_modules', '.bin'), { recursive: true });
      await symlink(bin, path.join(dir, 'node_modules', '.bin', 'pa-site'));
      expect(spawnSync('git', ['init', '-q', dir]).status).toBe(0);
      const made = cli(['init', 'installed']);
      expect(made.status, made.stderr).toBe(0);
      const next = nextLines(made.stdout);
      expect(next).toEqual(['cd installed', 'npm run build', 'npm run check']);
      const run = spawnSync('sh', ['-c', next.join(' && ')], { cwd: tmp(), encoding: 'utf8', env });
      expect(run.status, `${run.stdout}${run.stderr}`).toBe(0);
      expect(run.stdout).toMatch(/✓ Built 1 page/);
      expect(run.stdout).toMatch(/ 0 errors, 0 warnings /);
      expect(existsSync(path.join(dir, 'dist', 'index.html'))).toBe(true);
      const status = spawnSync('git', ['status', '--porcelain', '--untracked-files=all'], {
        cwd: dir,
        encoding: 'utf8',
      });
      expect(status.stdout).toContain('content/site.yaml');
      expect(status.stdout).not.toMatch(/dist\/|node_modules/);
      // A "build" script of the user's own is kept, so "Next:" runs pa-site's through npx.
      expect(nextSteps(dir, ['build'], tmp()).commands).toEqual(['cd installed', 'npx pa-site build', 'npm run check']);

      // Without pa-site installed: this copy's command, by its path, runs as printed.
      const bare = cli(['init', 'bare']);
      expect(bare.status, bare.stderr).toBe(0);
      const printed = nextLines(bare.stdout);
      expect(printed).toHaveLength(2);
      expect(printed[0]).toMatch(/^node \S+pa-site\.js build --root bare$/);
      expect(bare.stdout).toMatch(/npm install --save-dev /);
      const ran = spawnSync('sh', ['-c', printed[0]!], { cwd: tmp(), encoding: 'utf8', env });
      expect(ran.status, `${ran.stdout}${ran.stderr}`).toBe(0);
      expect(existsSync(path.join(tmp(), 'bare', 'dist', 'index.html'))).toBe(true);
    },
    scaled(240_000),
  );
});

describe('schema', () => {
  it('writes every content schema, replaces its own, refuses any other file (exit 2, nothing written)', async () => {
    const r = cli(['schema', '--out', 'out-schemas']);
    expect(r.status, r.stderr).toBe(0);
    const names = Object.keys(schemaFiles()).sort();
    expect(names).toEqual([
      'author.schema.json',
      'operator.schema.json',
      'page.schema.json',
      'site.schema.json',
      'sources.schema.json',
    ]);
    expect(filesIn(path.join(tmp(), 'out-schemas'))).toEqual(names);
    const site = JSON.parse(readFileSync(path.join(tmp(), 'out-schemas', 'site.schema.json'), 'utf8'));
    expect(Object.keys(site.properties)).toEqual(expect.arrayContaining(['title', 'helpline', 'favicon']));
    expect(site.required).toEqual(expect.arrayContaining(['title', 'url']));
    expect(site.required).not.toContain('tagline');
    // Run again (after adding a template, say): its own earlier schemas are replaced.
    const again = cli(['schema', '--out', 'out-schemas']);
    expect(again.status, again.stderr).toBe(0);
    expect(again.stdout).toContain('replaced the earlier schemas: site.schema.json');
    expect(filesIn(path.join(tmp(), 'out-schemas'))).toEqual(names);
    // A file of the user's under one of the names, or a link there, is never overwritten, and nothing is written.
    const mine = path.join(tmp(), 'out-schemas', 'page.schema.json');
    await writeFile(mine, '{ "title": "my own page schema" }\n');
    await rm(path.join(tmp(), 'out-schemas', 'author.schema.json'));
    const refused = cli(['schema', '--out', 'out-schemas']);
    expect(refused.status).toBe(2);
    expect(refused.stderr).toMatch(
      /^error: --out: .*page\.schema\.json already exists and is not a schema pa-site wrote/,
    );
    expect(readFileSync(mine, 'utf8')).toBe('{ "title": "my own page schema" }\n');
    expect(existsSync(path.join(tmp(), 'out-schemas', 'author.schema.json'))).toBe(false);
    await rm(mine);
    await symlink(path.join(tmp(), 'out-schemas', 'site.schema.json'), mine);
    expect(cli(['schema', '--out', 'out-schemas']).status).toBe(2);
    expect(lstatSync(mine).isSymbolicLink()).toBe(true);
  });
});
