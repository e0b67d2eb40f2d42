/**
 * What every pa-site start loads and compiles: lib/ (bin/compile.js) and the React runtime the templates import
 * (react-runtime.ts). Each carried code that was never called: every zod locale (one `import { z }` defeated
 * tree shaking: 755 kB of lib/), gray-matter's own js-yaml 3 (its engines are switched off), and React DOM's
 * streaming renderer beside the static one (300 kB).
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: bin/ is plain JavaScript, run by node without a build step
import { freshLib } from '../bin/fresh-lib.js';
import { reactRuntime } from '../src/pipeline/render/compile/react-runtime.js';

const lib = path.resolve(import.meta.dirname, '..', 'lib');

/** esbuild's `// node_modules/…` markers in lib/'s JavaScript: each names a bundled module. */
function bundledModules(): string[] {
  const found: string[] = [];
  for (const name of readdirSync(lib).filter((n) => n.endsWith('.js')))
    for (const m of readFileSync(path.join(lib, name), 'utf8').matchAll(/^\/\/ (node_modules\/\S+)$/gm))
      found.push(m[1]!);
  return found;
}

describe('code loaded on every start', () => {
  it('lib/ bundles zod with its English messages only, and no second js-yaml', async () => {
    await (freshLib as (entry: string) => Promise<string>)('index.js');
    const modules = bundledModules();
    expect(modules.some((m) => m.startsWith('node_modules/zod/v4/core/'))).toBe(true);
    expect(modules.filter((m) => m.startsWith('node_modules/zod/v4/locales/'))).toEqual([
      'node_modules/zod/v4/locales/en.js',
    ]);
    expect(modules.filter((m) => /(^|\/)js-yaml\//.test(m))).toEqual(['node_modules/js-yaml/dist/js-yaml.mjs']);
    expect(modules).toContain('node_modules/gray-matter/index.js');
  });

  it('lib/ loads esbuild with require, never as an ES module (Node would scan its CommonJS source first)', async () => {
    await (freshLib as (entry: string) => Promise<string>)('index.js');
    const js = readdirSync(lib).filter((n) => n.endsWith('.js'));
    const esm = js.filter((n) =>
      /^\s*import\b[^;]*?\bfrom\s*["']esbuild["']/m.test(readFileSync(path.join(lib, n), 'utf8')),
    );
    expect(esm).toEqual([]);
    expect(js.some((n) => readFileSync(path.join(lib, n), 'utf8').includes('("esbuild")'))).toBe(true);
  });

  it('the React runtime comes built with lib/: a first build bundles no React', async () => {
    await (freshLib as (entry: string) => Promise<string>)('index.js');
    const url = await reactRuntime(false);
    expect(path.dirname(fileURLToPath(url))).toBe(path.join(lib, 'react-runtime'));
    expect(readdirSync(path.join(lib, 'react-runtime'))).toEqual([path.basename(fileURLToPath(url))]);
  });

  it("lib/ holds the side-effect check of each of pa-site's templates files: a first build runs none", async () => {
    await (freshLib as (entry: string) => Promise<string>)('index.js');
    const results = JSON.parse(readFileSync(path.join(lib, 'template-side-effects.json'), 'utf8'));
    const templates = path.resolve(lib, '..', 'templates');
    const scripts = readdirSync(templates, { recursive: true, encoding: 'utf8' }).filter((n) => /\.tsx?$/.test(n));
    expect(scripts.length).toBeGreaterThan(20);
    for (const name of scripts) {
      const hash = createHash('sha256')
        .update(readFileSync(path.join(templates, name)))
        .digest('hex')
        .slice(0, 24);
      expect(typeof results[`${path.extname(name)}:${hash}`], name).toBe('boolean');
    }
  });

  it("the templates' React runtime has the static renderer and not the streaming one", async () => {
    const code = readFileSync(fileURLToPath(await reactRuntime(false)), 'utf8');
    expect(code).toContain('renderToStaticMarkup');
    expect(code).not.toMatch(/exports\.(renderToPipeableStream|resumeToPipeableStream)/);
    expect(code.length).toBeLessThan(400_000);
  });
});
