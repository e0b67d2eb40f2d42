import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BASE_ID,
  DEFAULT_TEMPLATES,
  inLayers,
  layeredFile,
  layersOf,
  ownFiles,
  templateId,
} from './template-layers.js';

let own: string;
beforeAll(async () => {
  own = path.join(await mkdtemp(path.join(tmpdir(), 'pa-site-layers-')), 'templates');
  await mkdir(path.join(own, 'pages'), { recursive: true });
  await mkdir(path.join(own, 'node_modules', 'x'), { recursive: true });
  await writeFile(path.join(own, 'pages', 'Review.tsx'), 'export {};\n');
  await writeFile(path.join(own, '.hidden.ts'), 'export {};\n');
  await writeFile(path.join(own, 'node_modules', 'x', 'index.js'), 'export {};\n');
});
afterAll(() => rm(path.dirname(own), { recursive: true, force: true }));

describe('template layers', () => {
  it("ids a site's file by its path, and a default by its path after a prefix", () => {
    const layers = layersOf(own);
    expect(templateId(layers, path.join(own, 'pages', 'Review.tsx'))).toBe('pages/Review.tsx');
    expect(templateId(layers, path.join(DEFAULT_TEMPLATES, 'components', 'Footer.tsx'))).toBe(
      `${BASE_ID}components/Footer.tsx`,
    );
    // A package below either folder is not a template.
    expect(inLayers(layers, path.join(own, 'node_modules', 'x', 'index.js'))).toBe(false);
    expect(templateId(layers, path.join(path.dirname(own), 'elsewhere.ts'))).toBeUndefined();
    // pa-site's own folder as the site's (its repository): plain paths.
    expect(templateId(layersOf(DEFAULT_TEMPLATES), path.join(DEFAULT_TEMPLATES, 'index.ts'))).toBe('index.ts');
  });

  it("starts from the site's file where it has one, else pa-site's", () => {
    const layers = layersOf(own);
    expect(layeredFile(layers, 'pages/Review.tsx')).toBe(path.join(own, 'pages', 'Review.tsx'));
    expect(layeredFile(layers, 'index.ts')).toBe(path.join(DEFAULT_TEMPLATES, 'index.ts'));
  });

  it('lists the files of a templates folder, none hidden or in node_modules, and none of a missing one', () => {
    expect(ownFiles(own)).toEqual([path.join(own, 'pages', 'Review.tsx')]);
    expect(ownFiles(path.join(own, 'missing'))).toEqual([]);
  });
});
