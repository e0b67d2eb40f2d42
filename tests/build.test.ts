import { describe, expect, it } from 'vitest';
import { buildRealSite } from './helpers.js';

describe('real site build', () => {
  it('writes the home page, 404, sitemap and robots', async () => {
    const site = await buildRealSite();
    const files = await site.files();
    expect(files).toEqual(
      expect.arrayContaining(['index.html', '404.html', 'sitemap.xml', 'robots.txt', 'favicon.svg']),
    );
    const $ = await site.page('/');
    expect($('h1')).toHaveLength(1);
    expect($('link[rel=canonical]').attr('href')).toBe('https://www.pabetguide.com/');
  });
});
