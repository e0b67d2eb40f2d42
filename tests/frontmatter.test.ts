import { afterAll, describe, expect, it } from 'vitest';
import { build, formatDiagnostic } from '../src/index.js';
import { copyOfContent } from './helpers.js';

describe('frontmatter at runtime (gray-matter)', async () => {
  const project = await copyOfContent();
  afterAll(() => project.cleanup());
  const about = await project.read('content/pages/about.md');

  it('builds a page saved with a byte order mark and CRLF line ends', async () => {
    await project.write('content/pages/about.md', `\uFEFF${about.replace(/\n/g, '\r\n')}`);
    const result = await build({ root: project.root, cache: false });
    expect(result.diagnostics.filter((d) => d.severity === 'error').map(formatDiagnostic)).toEqual([]);
    expect(result.routes).toContain('/about');
  });

  it('reports frontmatter in another language at line 1, without evaluating it', async () => {
    await project.write('content/pages/about.md', about.replace(/^---\n/, '---toml\n'));
    const result = await build({ root: project.root, cache: false });
    expect(result.ok).toBe(false);
    expect(result.diagnostics).toMatchObject([
      { file: 'content/pages/about.md', line: 1, code: 'frontmatter', received: '"---toml"' },
    ]);
  });
});
