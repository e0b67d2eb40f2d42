import { createHash } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { cp, mkdir, mkdtemp, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import { readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type BuildOptions } from '../src/index.js';
import { fixtureProject } from './fixture.js';
import { expectSameFiles, repoRoot } from './helpers.js';
import { manifestFile } from '../src/pipeline/render/compile/compile-cache.js';

// A build whose templates did not change takes them from the compile cache instead of running esbuild.
let project: Awaited<ReturnType<typeof fixtureProject>>;
let renderCache: string;
const tpl = (rel: string) => path.join(project.root, 'templates', rel);
const at = (extra: BuildOptions = {}) =>
  build({ root: project.root, cacheDir: renderCache, now: new Date('2026-06-01'), today: '2026-06-01', ...extra });
const from = async (extra: BuildOptions = {}) => {
  const r = await at(extra);
  expect(r.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  return r.compiledFrom;
};

/** Files the compile cache trusts must be older than its settling time (compile-cache.ts). */
async function ageTemplates() {
  const past = new Date(Date.now() - 3_600_000);
  // Folders too: the cache dates a folder's listing as well as its files.
  for (const e of readdirSync(tpl('.'), { recursive: true, withFileTypes: true }))
    await utimes(path.join(e.parentPath, e.name), past, past);
  await utimes(tpl('.'), past, past);
}

describe('the compile cache', () => {
  beforeAll(async () => {
    project = await fixtureProject();
    await cp(path.join(repoRoot, 'templates'), tpl('.'), { recursive: true });
    renderCache = await mkdtemp(path.join(tmpdir(), 'pa-site-compile-cache-'));
    await ageTemplates();
  });
  afterAll(async () => {
    await project.cleanup();
    await rm(renderCache, { recursive: true, force: true });
  });

  it('skips esbuild while nothing compiled changed, with the same output and render cache hits', async () => {
    expect(await from({ outDir: 'first' })).toBe('esbuild');
    const again = await at({ outDir: 'second' });
    expect(again.compiledFrom).toBe('compile cache');
    // The template graph came back too: every page's render-cache key is the same.
    expect(again.renderedRoutes).toEqual([]);
    await expectSameFiles(again.outDir, path.join(project.root, 'first'));
  });

  it('takes the templates from the compile cache on the second build after the cache was cleared', async () => {
    // An empty cache folder, as after `rm -rf node_modules/.cache`: the first build writes pa-site's
    // own runtime files into it, which must not keep that build from being recorded.
    const cache = await mkdtemp(path.join(tmpdir(), 'pa-site-cleared-cache-'));
    try {
      const said = () =>
        spawnSync(process.execPath, [path.join(repoRoot, 'bin/pa-site.js'), 'build', '--verbose'], {
          cwd: project.root,
          encoding: 'utf8',
          env: { ...process.env, NO_COLOR: '1', PA_SITE_CACHE_DIR: cache, PA_SITE_TODAY: '2026-06-01' },
        }).stdout.match(/^templates: .*$/m)?.[0];
      expect(said()).toBe('templates: compiled with esbuild');
      expect(said()).toBe('templates: unchanged, taken from the compile cache');
    } finally {
      await rm(cache, { recursive: true, force: true });
    }
  });

  it('compiles again after a template edit, and shows it', async () => {
    const footer = await readFile(tpl('components/Footer.tsx'), 'utf8');
    await writeFile(tpl('components/Footer.tsx'), footer.replace('<footer', '<footer data-compile-cache=""'));
    await ageTemplates();
    const r = await at({ outDir: 'edited' });
    expect(r.compiledFrom).toBe('esbuild');
    expect(await readFile(path.join(r.outDir, 'index.html'), 'utf8')).toContain('data-compile-cache');
    expect(await from({ outDir: 'edited' })).toBe('compile cache');
  });

  it('compiles again when a new file could change what an import resolves to', async () => {
    // `./dates` resolves to dates.tsx before dates.ts: no file the last compile read changed.
    const dates = await readFile(tpl('lib/dates.ts'), 'utf8');
    await writeFile(tpl('lib/dates.tsx'), dates);
    await ageTemplates();
    expect(await from({ outDir: 'dist' })).toBe('esbuild');
    expect(await from({ outDir: 'dist' })).toBe('compile cache');
    await rm(tpl('lib/dates.tsx'));
    await ageTemplates();
    expect(await from({ outDir: 'dist' })).toBe('esbuild');
  });

  it('compiles again when a tsconfig.json above the templates appears or changes', async () => {
    const tsconfig = path.join(project.root, 'tsconfig.json');
    const past = new Date(Date.now() - 3_600_000);
    await writeFile(tsconfig, '{ "compilerOptions": { "jsx": "react-jsx" } }\n');
    await utimes(tsconfig, past, past);
    expect(await from({ outDir: 'dist' })).toBe('esbuild');
    expect(await from({ outDir: 'dist' })).toBe('compile cache');
    await writeFile(tsconfig, '{ "compilerOptions": { "jsx": "react-jsx", "strict": true } }\n');
    await utimes(tsconfig, past, past);
    expect(await from({ outDir: 'dist' })).toBe('esbuild');
    await rm(tsconfig);
    expect(await from({ outDir: 'dist' })).toBe('esbuild');
  });

  it('compiles again when a file a tsconfig.json extends changes', async () => {
    const tsconfig = path.join(project.root, 'tsconfig.json');
    const base = path.join(project.root, 'tsconfig.base.json');
    const past = new Date(Date.now() - 3_600_000);
    await writeFile(tsconfig, '{\n  // shared options\n  "extends": "./tsconfig.base",\n}\n');
    await writeFile(base, '{ "compilerOptions": { "jsx": "react-jsx" } }\n');
    for (const f of [tsconfig, base]) await utimes(f, past, past);
    expect(await from({ outDir: 'dist' })).toBe('esbuild');
    expect(await from({ outDir: 'dist' })).toBe('compile cache');
    await writeFile(base, '{ "compilerOptions": { "jsx": "react-jsx", "strict": true } }\n');
    await utimes(base, past, past);
    expect(await from({ outDir: 'dist' })).toBe('esbuild');
    expect(await from({ outDir: 'dist' })).toBe('compile cache');
    // A base in a package is resolved through node_modules: such a compile is never recorded.
    await writeFile(tsconfig, '{ "extends": "@tsconfig/node20/tsconfig.json" }\n');
    await utimes(tsconfig, past, past);
    expect(await from({ outDir: 'dist' })).toBe('esbuild');
    expect(await from({ outDir: 'dist' })).toBe('esbuild');
    await rm(tsconfig);
    await rm(base);
  });

  it('compiles again when a package the templates import is installed nearer to them', async () => {
    // Resolved from pa-site's own node_modules until the project installs its own copy.
    const dates = await readFile(tpl('lib/dates.ts'), 'utf8');
    await writeFile(
      tpl('lib/dates.ts'),
      `import { slug } from 'github-slugger';\nexport const slugged = slug;\n${dates}`,
    );
    await ageTemplates();
    expect(await from({ outDir: 'dist' })).toBe('esbuild');
    expect(await from({ outDir: 'dist' })).toBe('compile cache');
    const own = path.join(project.root, 'node_modules', 'github-slugger');
    await mkdir(own, { recursive: true });
    await writeFile(
      path.join(own, 'package.json'),
      '{ "name": "github-slugger", "type": "module", "main": "index.js" }\n',
    );
    await writeFile(path.join(own, 'index.js'), 'export const slug = (s) => s;\n');
    const past = new Date(Date.now() - 3_600_000);
    for (const f of ['package.json', 'index.js']) await utimes(path.join(own, f), past, past);
    expect(await from({ outDir: 'dist' })).toBe('esbuild');
    expect(await from({ outDir: 'dist' })).toBe('compile cache');
    await rm(path.join(project.root, 'node_modules'), { recursive: true });
    await writeFile(tpl('lib/dates.ts'), dates);
    await ageTemplates();
  });

  it('records no compile of files changed moments before it', async () => {
    const faq = await readFile(tpl('components/Faq.tsx'), 'utf8');
    await writeFile(tpl('components/Faq.tsx'), `${faq}\n// edited just now\n`);
    // Dated a minute ahead: "moments before" however slowly this machine gets to the builds.
    const soon = new Date(Date.now() + 60_000);
    await utimes(tpl('components/Faq.tsx'), soon, soon);
    expect(await from({ outDir: 'dist' })).toBe('esbuild');
    // Still esbuild: the file may have changed while the last compile read it.
    expect(await from({ outDir: 'dist' })).toBe('esbuild');
    await ageTemplates();
    expect(await from({ outDir: 'dist' })).toBe('esbuild');
    expect(await from({ outDir: 'dist' })).toBe('compile cache');
  });

  it('treats a damaged manifest as absent, and --no-cache never reads it', async () => {
    expect(await from({ outDir: 'dist', cache: false })).toBe('esbuild');
    expect(await from({ outDir: 'dist' })).toBe('compile cache');
    const file = manifestFile(tpl('.'));
    const text = await readFile(file, 'utf8');
    const at = text.indexOf('"graph"');
    expect(at).toBeGreaterThan(0);
    // One byte of the body changed: its checksum no longer matches.
    await writeFile(file, `${text.slice(0, at)}"grapH"${text.slice(at + 7)}`);
    expect(await from({ outDir: 'dist' })).toBe('esbuild');
    expect(await from({ outDir: 'dist' })).toBe('compile cache');
  });
  it('compiles again when React changed (another runtime than the bundle imports)', async () => {
    expect(await from({ outDir: 'dist' })).toBe('compile cache');
    // As after an upgrade: the manifest names another runtime (its checksum made anew, so only that differs).
    const file = manifestFile(tpl('.'));
    const text = await readFile(file, 'utf8');
    const body = JSON.parse(text.slice(text.indexOf('\n') + 1)) as { runtime: string };
    body.runtime = body.runtime.replace(/react-runtime-[^/]*$/, 'react-runtime-18.3.1-18.3.1-00000000.mjs');
    const json = JSON.stringify(body);
    await writeFile(file, `${createHash('sha256').update(json).digest('hex')}\n${json}`);
    expect(await from({ outDir: 'dist' })).toBe('esbuild');
    expect(await from({ outDir: 'dist' })).toBe('compile cache');
  });

  // Issue 36 item 3: every key and path read from a cache file is checked before use.
  it('treats a manifest with unsafe paths as absent, whatever its checksum says', async () => {
    await from({ outDir: 'dist' });
    expect(await from({ outDir: 'dist' })).toBe('compile cache');
    const file = manifestFile(tpl('.'));
    const text = await readFile(file, 'utf8');
    const fifo = path.join(project.root, 'fifo');
    spawnSync('mkfifo', [fifo]);
    type Body = { files: [string, string][]; assets: { files: [string, string][] }; templates: { hash: string } };
    const tampered: ((b: Body) => void)[] = [
      // An asset written outside the output folder.
      (b) => b.assets.files.push(['../../escaped.js', Buffer.from('alert(1)').toString('base64')]),
      // A FIFO as an input: hashing it would block the build for good.
      (b) => b.files.push([fifo, '']),
      // A relative input path, and a bundle hash that is a path.
      (b) => b.files.push(['../../etc/passwd', '']),
      (b) => {
        b.templates.hash = '../../x';
      },
    ];
    for (const change of tampered) {
      const body = JSON.parse(text.slice(text.indexOf('\n') + 1)) as Body;
      change(body);
      const json = JSON.stringify(body);
      await writeFile(file, `${createHash('sha256').update(json).digest('hex')}\n${json}`);
      expect(await from({ outDir: 'dist' })).toBe('esbuild');
    }
    await expect(readFile(path.join(project.root, 'escaped.js'))).rejects.toThrow(/ENOENT/);
    await rm(fifo);
  });
});

describe('the compile cache, from the command line', () => {
  it('still builds when the React runtime its bundle imports was deleted', async () => {
    const p = await fixtureProject();
    const cache = await mkdtemp(path.join(tmpdir(), 'pa-site-own-cache-'));
    try {
      const cli = () =>
        spawnSync(
          process.execPath,
          [path.join(repoRoot, 'bin', 'pa-site.js'), 'build', '--root', p.root, '--verbose'],
          {
            encoding: 'utf8',
            env: { ...process.env, NO_COLOR: '1', PA_SITE_CACHE_DIR: cache },
          },
        );
      // The first build is recorded (the runtime files it wrote into the cache do not hold it back).
      expect(cli().stdout).toContain('templates: compiled with esbuild');
      for (const n of readdirSync(cache)) if (n.startsWith('react-runtime-')) await rm(path.join(cache, n));
      const r = cli();
      expect(r.status, r.stderr).toBe(0);
      expect(r.stdout).toContain('templates: unchanged, taken from the compile cache');
    } finally {
      await p.cleanup();
      await rm(cache, { recursive: true, force: true });
    }
  });
});
