import { describe, expect, it } from 'vitest';
import { wrapTables } from './tables.js';

const table = '<table><thead><tr><th>Tax</th><th align="right">Rate</th></tr></thead><tbody></tbody></table>';

describe('wrapTables', () => {
  it('labels a table with the last heading before it', () => {
    const html = `<h2 id="a">Taxes</h2><h3 id="b">Rates &amp; fees</h3><p>x</p>${table}`;
    expect(wrapTables(html)).toBe(
      `<h2 id="a">Taxes</h2><h3 id="b">Rates &amp; fees</h3><p>x</p>` +
        `<section class="table-scroll" tabindex="0" aria-label="Rates &amp; fees">${table}</section>`,
    );
  });

  it('falls back to the column headings, and wraps every table once', () => {
    const out = wrapTables(`<p>a</p>${table}<p>b</p>${table}`);
    expect(out.match(/class="table-scroll"/g)).toHaveLength(2);
    expect(out).toContain('aria-label="Table: Tax, Rate"');
    expect(wrapTables(out.replace(/<section[^>]*>|<\/section>/g, ''))).toBe(out);
  });

  it('numbers a second table under the same heading', () => {
    const out = wrapTables(`<h2>Taxes</h2>${table}<p>and</p>${table}`);
    expect(out).toContain('aria-label="Taxes"');
    expect(out).toContain('aria-label="Taxes (table 2)"');
  });

  it('leaves HTML without tables alone and escapes quotes in labels', () => {
    expect(wrapTables('<p>no tables</p>')).toBe('<p>no tables</p>');
    expect(wrapTables(`<h2>The "best" odds</h2>${table}`)).toContain('aria-label="The &quot;best&quot; odds"');
  });

  it('labels thousands of tables in one pass', () => {
    const html = Array.from({ length: 3000 }, (_, i) => `<h2>Part ${i}</h2><p>x</p>${table}`).join('');
    const started = performance.now();
    const out = wrapTables(html);
    expect(performance.now() - started).toBeLessThan(1000);
    expect(out.match(/<section /g)).toHaveLength(3000);
    expect(out).toContain('aria-label="Part 2999"');
  });
});
