/**
 * `pa-site init` and `pa-site schema`: the starter site builds and passes check with nothing to
 * warn of, a folder holding anything is refused with nothing written, and the schemas the YAML
 * files point at are there.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, check, init, schemaFiles, stopEsbuild } from '../src/index.js';
import { repoRoot } from './helpers.js';
import { scaled } from './machine.js';

const bin = path.join(repoRoot, 'bin', 'pa-site.js');
let tmp: string;
const cli = (args: string[], cwd = tmp) =>
  spawnSync(process.execPath, [bin, ...args], { cwd, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
/** Every file under `dir`, relative, sorted. */
const filesIn = (dir: string) =>
  readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)))
    .sort();

beforeAll(async () => {
  tmp = await mkdtemp(path.join(tmpdir(), 'pa-site-init-'));
});
afterAll(async () => {
  await stopEsbuild();
  await rm(tmp, { recursive: true, force: true });
});

describe('init', () => {
  it(
    'writes a site that builds and passes check with no warnings',
    async () => {
      const dir = path.join(tmp, 'new-site');
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
    const dir = path.join(tmp, 'new-site');
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
    const dir = path.join(tmp, 'new-site');
    for (const file of filesIn(dir).filter((f) => f.endsWith('.yaml'))) {
      const first = readFileSync(path.join(dir, file), 'utf8').split('\n')[0]!;
      const schema = /^# yaml-language-server: \$schema=(\S+)$/.exec(first)?.[1];
      expect(schema, file).toBeDefined();
      const target = path.join(dir, path.dirname(file), schema!);
      expect(JSON.parse(readFileSync(target, 'utf8')).$schema, file).toMatch(/json-schema\.org/);
    }
  });

  it('refuses a folder that holds anything, writing nothing, and exits 2 from the CLI', async () => {
    const dir = path.join(tmp, 'busy');
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

  it('refuses a file and a symbolic link in place of the folder', async () => {
    await writeFile(path.join(tmp, 'a-file'), 'mine');
    expect(init({ dir: path.join(tmp, 'a-file') }).problem?.message).toContain('is not a folder');
    await mkdir(path.join(tmp, 'target'));
    await symlink(path.join(tmp, 'target'), path.join(tmp, 'link'));
    expect(init({ dir: path.join(tmp, 'link') }).ok).toBe(false);
    expect(readdirSync(path.join(tmp, 'target'))).toEqual([]);
  });

  it('writes beside what an npm project holds: package.json, its lock file, node_modules', async () => {
    const dir = path.join(tmp, 'npm-project');
    await mkdir(path.join(dir, 'node_modules'), { recursive: true });
    await writeFile(path.join(dir, 'package.json'), '{}');
    const r = init({ dir });
    expect(r.ok).toBe(true);
    expect(readFileSync(path.join(dir, 'package.json'), 'utf8')).toBe('{}');
  });
});

describe('schema', () => {
  it('writes every content schema, and refuses to overwrite one (exit 2, nothing written)', () => {
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
    expect(filesIn(path.join(tmp, 'out-schemas'))).toEqual(names);
    const site = JSON.parse(readFileSync(path.join(tmp, 'out-schemas', 'site.schema.json'), 'utf8'));
    expect(Object.keys(site.properties)).toEqual(expect.arrayContaining(['title', 'helpline', 'favicon']));
    expect(site.required).toEqual(expect.arrayContaining(['title', 'url', 'helpline', 'compliance']));
    expect(site.required).not.toContain('tagline');
    const again = cli(['schema', '--out', 'out-schemas']);
    expect(again.status).toBe(2);
    expect(again.stderr).toMatch(/^error: --out: .*already exists/);
    expect(existsSync(path.join(tmp, 'out-schemas', 'site.schema.json'))).toBe(true);
  });
});
