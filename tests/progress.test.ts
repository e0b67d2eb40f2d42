import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type BuildProgress } from '../src/index.js';
import { fixtureProject } from './fixture.js';

let project: Awaited<ReturnType<typeof fixtureProject>>;
const N = 12;

describe('build progress', () => {
  beforeAll(async () => {
    const files: Record<string, string> = {};
    for (let i = 0; i < N; i++)
      files[`content/pages/guide-${i}.md`] = [
        '---',
        'template: guide',
        `title: Progress guide ${i} of the fixture site`,
        `description: Synthetic page ${i} for the progress test, long enough to be a valid description.`,
        'updated: 2025-01-02',
        'hero: { heading: A guide, lede: A generated page. }',
        '---',
        `Text of guide ${i}.`,
      ].join('\n');
    project = await fixtureProject(files);
  });
  afterAll(() => project.cleanup());

  for (const workers of [1, 2])
    it(`reports every stage in order and each rendered page (${workers} thread${workers > 1 ? 's' : ''})`, async () => {
      const seen: BuildProgress[] = [];
      const r = await build({
        root: project.root,
        outDir: `out-${workers}`,
        workers,
        cache: false,
        onProgress: (p) => seen.push({ ...p }),
      });
      expect(r.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
      const stages = seen.map((p) => p.stage).filter((s, i, all) => s !== all[i - 1]);
      expect(stages).toEqual(['load', 'validate', 'compile', 'render', 'write']);
      const render = seen.filter((p) => p.stage === 'render');
      expect(render.every((p) => p.total === r.pages)).toBe(true);
      expect(render.map((p) => p.done)).toEqual([...render.map((p) => p.done)].sort((a, b) => a - b));
      expect(render.at(-1)!.done).toBe(r.pages);
    });
});
