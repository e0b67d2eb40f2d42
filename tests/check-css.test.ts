/**
 * CSS is followed: `url()` and `@import` in `.css` files, in `<style>` elements and in `style=""`
 * attributes. A missing font or image is a `broken-asset` naming the stylesheet (or page) and line;
 * `data:` URLs and `url(#id)` load nothing.
 */
import { describe, expect, it } from 'vitest';
import { check } from '../src/index.js';
import { formatText } from '../src/check/report.js';
import { tempDir } from './helpers.js';

describe('check --dir follows CSS', () => {
  it('finds a missing font, image or import in a .css file, a <style> element and a style attribute', async () => {
    const dir = await tempDir({
      'index.html':
        '<!DOCTYPE html><html><head><title>t</title><link rel="stylesheet" href="css/site.css">\n' +
        '<style>\n  body { background: url(img/bg.png) }\n  .ok { background: url(img/ok.png) }\n</style></head>\n' +
        '<body><div style="background-image: url(\'img/inline.png\')">x</div>\n' +
        '<svg><rect style="filter: url(#blur)"/></svg></body></html>',
      'css/site.css':
        '@import url(\'../resources/fonts/dejavu.css\');\n@import "print.css";\n' +
        '@font-face { src: url(../fonts/a.woff2) format("woff2"), url(data:font/woff;base64,AAAA) }\n' +
        '/* url(../fonts/commented.woff) */\n.icon { background: url("../img/ok.png") }\n',
      'css/print.css': '.p { background: url(missing-print.png) }\n',
      'img/ok.png': 'png',
    });
    const r = await check({ dir });
    const found = r.findings.map((f) => [f.rule, f.target, f.places.map((p) => `${p.page}:${p.line}`).join(' ')]);
    expect(found.sort()).toEqual([
      ['broken-asset', '/css/missing-print.png', 'css/print.css:1'],
      ['broken-asset', '/fonts/a.woff2', 'css/site.css:3'],
      ['broken-asset', '/img/bg.png', 'index.html:3'],
      ['broken-asset', '/img/inline.png', 'index.html:6'],
      ['broken-asset', '/resources/fonts/dejavu.css', 'css/site.css:1'],
    ]);
    expect(r.findings.find((f) => f.target === '/fonts/a.woff2')!.message).toBe(
      '/fonts/a.woff2 does not exist in this folder',
    );
    expect(formatText(r).join('\n')).toContain('css/site.css:3:');
  });
});
