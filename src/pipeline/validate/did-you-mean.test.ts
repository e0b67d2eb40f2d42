import { describe, expect, it } from 'vitest';
import { meantKey } from './did-you-mean.js';

describe('meantKey', () => {
  const page = ['template', 'title', 'description', 'updated', 'date', 'tags', 'route', 'hero'];
  it('a near spelling first, then the name another generator gives the field', () => {
    expect(meantKey('titel', page)).toBe('title');
    expect(meantKey('lastmod', page)).toBe('updated');
    expect(meantKey('pubDate', page)).toBe('date');
    expect(meantKey('categories', page)).toBe('tags');
    expect(meantKey('layout', page)).toBe('template');
    expect(meantKey('permalink', page)).toBe('route');
  });
  it('nothing where the meant key is not allowed there, or for an unrelated key', () => {
    expect(meantKey('published', ['title', 'updated'])).toBeUndefined();
    expect(meantKey('constructor', page)).toBeUndefined();
    expect(meantKey('speaker', page)).toBeUndefined();
  });
});
