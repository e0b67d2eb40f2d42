import { describe, expect, it } from 'vitest';
import { nameDraftLinks } from './draft-links.js';
import type { Finding } from './types.js';

const broken = (target: string, rule = 'broken-link'): Finding => ({
  rule,
  severity: 'error',
  category: 'link',
  message: `no page at ${target}`,
  target,
  places: [],
});

describe('a broken link to a draft', () => {
  it('says it is a draft and how to fix it, under a base path and however the link is written', () => {
    const drafts = [{ route: '/soon', file: 'content/pages/soon.md' }];
    const found = ['/docs/soon', '/docs/soon/', '/docs/soon.html', '/soon', '/docs/other'].map((t) => broken(t));
    const fragment = broken('/docs/soon', 'broken-fragment');
    nameDraftLinks([...found, fragment], drafts, '/docs/');
    expect(found.map((f) => f.message.includes('is a draft'))).toEqual([true, true, true, false, false]);
    expect(found[0]!.hint).toBe('publish it (remove "draft: true" from content/pages/soon.md), or remove the link');
    expect(fragment.message).toBe('no page at /docs/soon');
  });

  it('names the home page as a draft too', () => {
    const home = broken('/docs/');
    nameDraftLinks([home], [{ route: '/', file: 'content/pages/index.md' }], '/docs/');
    expect(home.message).toMatch(/^\/docs\/ is a draft/);
  });
});
