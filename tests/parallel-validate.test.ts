/**
 * On a cold build of a large site the render workers parse a share of the pages while the main
 * thread validates (render-pool.ts, parse). Errors found there must read exactly as if the main
 * thread had parsed every page: same files, lines, columns, fields and messages, positions
 * included (they come from a locator rebuilt on the main thread).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../src/index.js';
import { GOOD_FM, fixtureProject, page } from './fixture.js';

const N = 400;
// page() writes the `template:` line itself.
const FM = GOOD_FM.replace(/^template: guide\n/, '');
let project: Awaited<ReturnType<typeof fixtureProject>>;

describe('validation with parsing shared by render workers', () => {
  beforeAll(async () => {
    const files: Record<string, string> = {};
    for (let i = 0; i < N; i++) {
      const fm = FM.replace('Second page title', `Guide number ${i}`);
      files[`content/pages/guide-${String(i).padStart(3, '0')}.md`] = page(fm, `Text of guide ${i}.`);
    }
    // Faults early (parsed by the main thread) and late (by a worker): YAML, schema, cross-page.
    const bad = (i: number, fm: string) => (files[`content/pages/guide-${String(i).padStart(3, '0')}.md`] = page(fm));
    bad(3, FM.replace('updated: 2025-01-15', 'updated: yesterday'));
    bad(390, FM.replace('updated: 2025-01-15', 'updated: yesterday'));
    bad(395, `${FM}\n  bad: [unclosed`);
    bad(10, FM.replace('Second page title', 'Guide number 398'));
    bad(399, FM.replace('Second page title', 'Guide number 5').replace('  lede: More text.', '  lede: 9'));
    project = await fixtureProject(files);
  });
  afterAll(() => project.cleanup());

  it('reports every error exactly as a single-threaded build does', async () => {
    const one = await build({ root: project.root, cache: false, workers: 1 });
    const two = await build({ root: project.root, cache: false, workers: 2 });
    expect(one.ok).toBe(false);
    const files = new Set(one.diagnostics.map((d) => d.file));
    for (const f of ['guide-003', 'guide-390', 'guide-395', 'guide-398', 'guide-399'])
      expect(files).toContain(`content/pages/${f}.md`);
    expect(one.diagnostics.length).toBeLessThan(12); // the faults above, not a fixture that fails everywhere
    expect(two.diagnostics).toEqual(one.diagnostics);
  });
});
