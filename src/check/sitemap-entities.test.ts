import { describe, expect, it } from 'vitest';
import { parseSitemap } from './sitemap.js';

describe('sitemap <loc> decoding (#51 item 9)', () => {
  it('reads character references as an XML parser does', () => {
    const xml =
      '<urlset><url><loc>https://e.com/&#97;bout</loc></url><url><loc>https://e.com/&#x61;&amp;b</loc></url></urlset>';
    expect(parseSitemap(xml)).toEqual(['https://e.com/about', 'https://e.com/a&b']);
  });

  it('leaves a reference to no character as written', () => {
    expect(parseSitemap('<loc>https://e.com/&#0;&#xD800;</loc>')).toEqual(['https://e.com/&#0;&#xD800;']);
  });
});
