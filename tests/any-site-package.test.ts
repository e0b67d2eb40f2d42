import { cp, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from './helpers.js';
import { installPacked, sh, TIMEOUT } from './packed.js';

/** The commands of the workflow init writes, after its install step: what CI runs. */
function workflowCommands(project: string): string[] {
  const text = readFileSync(path.join(project, '.github', 'workflows', 'site.yml'), 'utf8');
  return [...text.matchAll(/^\s+run: (.+)$/gm)].map((m) => m[1]!).filter((c) => c !== 'npm ci');
}

let tmp: string;
/** The project the package is installed in; each site is a folder of it. */
let host: string;

beforeAll(async () => {
  tmp = await mkdtemp(path.join(tmpdir(), 'pa-site-any-package-'));
  host = await installPacked(tmp, 'sites', { private: true });
}, TIMEOUT);

afterAll(async () => {
  if (tmp) await rm(tmp, { recursive: true, force: true });
});

/** Builds and checks `site` as its workflow does; returns the text of every built page, sitemap and feed. */
async function asCiDoes(site: string): Promise<Record<string, string>> {
  const commands = workflowCommands(site);
  expect(commands).toEqual(['npm run build', 'npm run check -- --dir dist --format github']);
  for (const command of commands) {
    const r = sh('sh', ['-c', command], site);
    expect(r.code, `${command}:\n${r.out}`).toBe(0);
    expect(r.out, command).not.toMatch(/^::(error|warning)/m);
  }
  const dist = path.join(site, 'dist');
  const out: Record<string, string> = {};
  for (const e of await readdir(dist, { recursive: true, withFileTypes: true }))
    if (e.isFile() && /\.(html|xml|txt)$/.test(e.name))
      out[path.relative(dist, path.join(e.parentPath, e.name))] = await readFile(
        path.join(e.parentPath, e.name),
        'utf8',
      );
  return out;
}

describe('sites from the packed package, checked as the workflow init writes checks them', () => {
  it(
    'the blank starter: clean, and no word of gambling in what it builds',
    async () => {
      const r = sh('npx', ['pa-site', 'init', 'blank', '--starter', 'blank'], host);
      expect(r.code, r.out).toBe(0);
      for (const [file, text] of Object.entries(await asCiDoes(path.join(host, 'blank'))))
        expect(text, file).not.toMatch(/gambl|1-800|\b21\+|sportsbook|casino|compensation|Pennsylvania/i);
    },
    TIMEOUT,
  );

  it(
    'the pa starter (the default): clean, with the Pennsylvania pack on every page',
    async () => {
      const r = sh('npx', ['pa-site', 'init', 'pa'], host);
      expect(r.code, r.out).toBe(0);
      const pages = await asCiDoes(path.join(host, 'pa'));
      expect(pages['index.html']).toContain('physically in Pennsylvania');
      expect(pages['index.html']).toContain('1-800-GAMBLER');
      expect(Object.values(pages).join('\n')).not.toMatch(/New Jersey/);
    },
    TIMEOUT,
  );

  it(
    'the New Jersey fixture: clean, New Jersey on every page and Pennsylvania on none',
    async () => {
      const site = path.join(host, 'new-jersey');
      await cp(path.join(repoRoot, 'tests', 'fixtures', 'new-jersey'), site, { recursive: true });
      // What init would add to a folder that has content already: its scripts and workflow.
      const r = sh('npx', ['pa-site', 'init', 'scaffold'], host);
      expect(r.code, r.out).toBe(0);
      await cp(path.join(host, 'scaffold', 'package.json'), path.join(site, 'package.json'));
      await cp(path.join(host, 'scaffold', '.github'), path.join(site, '.github'), { recursive: true });
      for (const [file, text] of Object.entries(await asCiDoes(site))) {
        expect(text, file).not.toMatch(/Pennsylvania|PGCB/);
        if (file.endsWith('.html') && file !== '404.html') expect(text, file).toContain('New Jersey');
      }
    },
    TIMEOUT,
  );
});

describe('the package others depend on', () => {
  it(
    'is MIT-licensed, not private, and npm publish --dry-run accepts it',
    () => {
      const manifest = JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8'));
      expect(manifest.license).toBe('MIT');
      expect(manifest.private).toBeUndefined();
      expect(readFileSync(path.join(repoRoot, 'LICENSE'), 'utf8')).toMatch(/^MIT License/);
      const r = sh('npm', ['publish', '--dry-run', '--ignore-scripts'], repoRoot);
      expect(r.code, r.out).toBe(0);
      expect(r.out).toMatch(/\+ pa-site@\d+\.\d+\.\d+/);
    },
    TIMEOUT,
  );
});
