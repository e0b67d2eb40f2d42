/**
 * Errors that suggest (#35 item 4): one typo is one error, with "did you mean" or the value's shape
 * and a fix line, in plain words.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { build, formatDiagnostic } from '../src/index.js';
import { fixtureProject, GOOD_FM, OPERATOR } from './fixture.js';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(cleanups.splice(0).map((c) => c()));
});

/** Every error of a build of the fixture with `files` changed, formatted as the CLI prints them. */
async function errorsFor(files: Record<string, string>): Promise<string[]> {
  const p = await fixtureProject(files);
  cleanups.push(p.cleanup);
  const result = await build({ root: p.root, outDir: 'dist', cache: false });
  return result.diagnostics.filter((d) => d.severity === 'error').map(formatDiagnostic);
}

const second = (fm: string, body = 'Text.') => ({ 'content/pages/second.md': `---\n${fm}\n---\n${body}\n` });

describe('one typo, one error, with a suggestion', () => {
  it('a misspelt frontmatter key: "did you mean", and not also "description is required"', async () => {
    expect(await errorsFor(second(GOOD_FM.replace('description:', 'descripton:')))).toEqual([
      'content/pages/second.md:4:1  descripton  unknown key "descripton": did you mean "description"?\n' +
        '    fix: rename it to "description"',
    ]);
  });

  it("another generator's name for a field: lastmod means updated, published means date", async () => {
    const fm = GOOD_FM.replace('updated:', 'lastmod:').replace('hero:', 'published: 2025-01-10\nhero:');
    expect(await errorsFor(second(fm))).toEqual([
      'content/pages/second.md:5:1  lastmod  unknown key "lastmod": did you mean "updated"?\n' +
        '    fix: rename it to "updated"',
      'content/pages/second.md:6:1  published  unknown key "published": did you mean "date"?\n' +
        '    fix: rename it to "date"',
    ]);
  });

  it('a misspelt key in an operator file, and in a nested group', async () => {
    expect(
      await errorsFor({
        'content/operators/example.yaml': OPERATOR.replace('licensee:', 'licencee:').replace('termsUrl:', 'termsURL:'),
      }),
    ).toEqual([
      'content/operators/example.yaml:7:1  licencee  unknown key "licencee": did you mean "licensee"?\n' +
        '    fix: rename it to "licensee"',
      'content/operators/example.yaml:18:3  bonus.termsURL  unknown key "termsURL": did you mean "termsUrl"?\n' +
        '    fix: rename it to "termsUrl"',
    ]);
  });

  it('a key nothing is close to keeps the general fix', async () => {
    const [only, ...rest] = await errorsFor(second(`${GOOD_FM}\nzzzzzz: 1`));
    expect(rest).toEqual([]);
    expect(only).toContain('unknown key "zzzzzz"\n    fix: check the spelling, or remove the key');
  });

  it('an unknown {{…}} field in the body suggests the field meant', async () => {
    expect(await errorsFor(second(GOOD_FM, 'Licensed through {{example.license}}.'))).toEqual([
      'content/pages/second.md:10:18  body  "{{example.license}}" does not name a text or number field: ' +
        'did you mean {{example.licensee}}?\n    fix: write {{example.licensee}}',
    ]);
  });

  it('an unknown {{…}} field in frontmatter and in site.yaml values suggests too', async () => {
    const errors = await errorsFor(second(GOOD_FM.replace('lede: More text.', 'lede: "{{site.tagine}}"')));
    expect(errors).toEqual([
      expect.stringContaining('did you mean {{site.tagline}}?\n    fix: write {{site.tagline}}'),
    ]);
  });
});

describe('value errors say the shape wanted, with a fix line', () => {
  it('minDeposit: "$10" → a number of dollars, e.g. 10', async () => {
    expect(
      await errorsFor({ 'content/operators/example.yaml': OPERATOR.replace('minDeposit: 10', 'minDeposit: "$10"') }),
    ).toEqual([
      'content/operators/example.yaml:14:15  bonus.minDeposit  expected a number of dollars, e.g. 10, ' +
        'or "not stated" when the offer\'s source gives none (received: "$10")\n' +
        '    fix: write minDeposit: 10 (a plain number: no "$", commas or quotation marks)',
    ]);
  });
  it('a block name that breaks the naming rule says the rule, not "Invalid key in record"', async () => {
    const fm = `${GOOD_FM}\nblocks:\n  myNote:\n    type: note\n    text: A note.`;
    expect(await errorsFor(second(fm, 'Text.\n\n::: myNote'))).toEqual([
      'content/pages/second.md:10:3  blocks.myNote  ' +
        'block names are lowercase words joined by "-" (received: "myNote")\n' +
        '    fix: rename "myNote" to follow that rule',
    ]);
  });
});

describe('YAML syntax errors in plain words', () => {
  it('an unquoted colon in a frontmatter value: one error that shows the value quoted', async () => {
    const errors = await errorsFor(second(GOOD_FM.replace('title: Second page title', 'title: Betting: a guide')));
    expect(errors).toEqual([
      'content/pages/second.md:3:8  -  invalid YAML: a value contains ": " (a colon and a space), which YAML ' +
        'reads as the start of another key\n    fix: put the whole value in quotation marks: title: "Betting: a guide"',
    ]);
    expect(errors.join('\n')).not.toMatch(/compact mappings|Nested/);
  });

  it('a tab, a duplicate key and an unclosed quote', async () => {
    const words = async (fm: string) => (await errorsFor(second(fm))).join('\n');
    expect(await words(GOOD_FM.replace('  lede:', '\tlede:'))).toContain('indented with a tab');
    expect(await words(`${GOOD_FM}\ntitle: Again`)).toContain('this key appears twice at the same level');
    expect(await words(GOOD_FM.replace('lede: More text.', 'lede: "More text.'))).toContain('not closed');
  });
});
