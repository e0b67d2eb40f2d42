import { describe, expect, it } from 'vitest';
import { cssUrls } from './css.js';

describe('cssUrls', () => {
  it('finds url() and @import with their lines, skipping comments, data: URLs and #ids', () => {
    const css = [
      "@import url('resources/fonts/dejavu.css');",
      '@import "b.css" screen;',
      '/* url(nope.png)',
      '   still a comment */',
      '.a { background: url(img/x.png) no-repeat; src: url("f.woff2") format("woff2"),',
      '  url(data:font/woff;base64,AA); }',
      ".b { filter: url(#f); cursor: url( 'c\\2e cur' ) }",
    ].join('\n');
    expect(cssUrls(css).map((u) => [u.url, u.line])).toEqual([
      ['resources/fonts/dejavu.css', 1],
      ['b.css', 2],
      ['img/x.png', 5],
      ['f.woff2', 5],
      ['c.cur', 7],
    ]);
  });

  it('gives the column on a minified line', () => {
    expect(cssUrls('a{x:1}b{background:url(y.png)}')).toEqual([{ url: 'y.png', line: 1, col: 20 }]);
  });
});
