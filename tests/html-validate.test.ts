import { describe, expect, it } from 'vitest';
import { HtmlValidate } from 'html-validate';
import { buildRealSite } from './helpers.js';

/**
 * Every built page passes html-validate's recommended rules, with these off, for these reasons:
 * - `void-style`, `attr-case`, `attribute-boolean-style`, `attribute-empty-style`: React's
 *   renderToStaticMarkup writes `<meta/>`, `charSet`, `required=""` and `hidden=""`; all are valid
 *   HTML, the rules are about house style only.
 * - `tel-non-breaking`: the help line must read "1-800-GAMBLER" (searchable, copyable, what the
 *   regulator's rule quotes); the stylesheet keeps tel: links on one line with `white-space: nowrap`.
 * - `long-title`: the spec fixes the odds page's title at 64 characters.
 */
const validator = new HtmlValidate({
  extends: ['html-validate:recommended'],
  rules: {
    'void-style': 'off',
    'attr-case': 'off',
    'attribute-boolean-style': 'off',
    'attribute-empty-style': 'off',
    'tel-non-breaking': 'off',
    'long-title': 'off',
  },
});

describe('html-validate', () => {
  it('finds no errors on any built page', async () => {
    const site = await buildRealSite();
    const files = (await site.files()).filter((f) => f.endsWith('.html'));
    const problems: string[] = [];
    for (const file of files) {
      const report = await validator.validateString(await site.read(file), file);
      for (const r of report.results)
        for (const m of r.messages)
          if (m.severity === 2) problems.push(`${file}:${m.line}:${m.column} ${m.ruleId} ${m.message}`);
    }
    expect(problems).toEqual([]);
  });
});
