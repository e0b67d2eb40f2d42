import { cp, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { build, formatDiagnostic, type Diagnostic } from '../src/index.js';
import { fixtureProject, GOOD_FM, OPERATOR } from './fixture.js';
import { repoRoot } from './helpers.js';
import { scaled } from './machine.js';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(cleanups.splice(0).map((c) => c()));
});

async function errorsFor(files: Record<string, string>): Promise<Diagnostic[]> {
  const p = await fixtureProject(files);
  cleanups.push(p.cleanup);
  const result = await build({ root: p.root, outDir: 'dist' });
  expect(result.ok).toBe(false);
  return result.diagnostics.filter((d) => d.severity === 'error');
}

describe('content errors name the file, line, column and field', () => {
  it('malformed YAML in an operator file', async () => {
    const [d, ...rest] = await errorsFor({ 'content/operators/example.yaml': OPERATOR.replace('rank: 1', 'rank: [1') });
    expect(rest).toHaveLength(0);
    expect(d).toMatchObject({ file: 'content/operators/example.yaml', code: 'yaml-syntax' });
    expect(d!.line).toBeGreaterThanOrEqual(4);
    expect(formatDiagnostic(d!)).toMatch(/^content\/operators\/example\.yaml:\d+:\d+ {2}- {2}invalid YAML/);
  });

  it('malformed frontmatter', async () => {
    const [d] = await errorsFor({ 'content/pages/second.md': `---\n${GOOD_FM}\n  bad: [\n---\nBody\n` });
    expect(d).toMatchObject({ file: 'content/pages/second.md', code: 'yaml-syntax' });
    expect(d!.line).toBeGreaterThanOrEqual(7);
  });

  it('missing required field', async () => {
    const [d] = await errorsFor({
      'content/pages/second.md': `---\n${GOOD_FM.replace(/^description:.*\n/m, '')}\n---\nBody\n`,
    });
    expect(d).toMatchObject({ file: 'content/pages/second.md', field: 'description', code: 'missing-field' });
    expect(formatDiagnostic(d!)).toContain('content/pages/second.md:2:1  description  missing required field');
  });

  it('wrong type', async () => {
    const [d] = await errorsFor({ 'content/operators/example.yaml': OPERATOR.replace('rank: 1', 'rank: first') });
    expect(formatDiagnostic(d!)).toBe(
      'content/operators/example.yaml:4:7  rank  wrong type: expected number (received: "first")\n' +
        '    fix: write a plain number, without quotation marks or units',
    );
  });

  it("zod's size and option checks in pa-site's words, each with a fix", async () => {
    const op = OPERATOR.replace('rank: 1', 'rank: 0').replace('kind: sportsbook', 'kind: bookie');
    const found = (await errorsFor({ 'content/operators/example.yaml': op })).map((d) => [d.field, d.message, d.hint]);
    expect(found).toEqual([
      ['kind', 'expected "sportsbook" or "casino"', 'use one of: sportsbook, casino'],
      ['rank', 'must be at least 1', 'make it at least 1'],
    ]);
  });

  it('sizes of lists in plain English: "at least 1 entry", not "at least 1 entries"', async () => {
    const op = OPERATOR.replace('features:\n  - Fast payouts\n  - Good app', 'features: []').replace(
      'source: pgcb',
      'source: pgcb\napp:\n  features: []\n  source: pgcb',
    );
    const found = (await errorsFor({ 'content/operators/example.yaml': op })).map((d) => [d.field, d.message, d.hint]);
    expect(found).toEqual([
      ['features', 'must have at least 2 entries', 'list at least 2 entries'],
      ['app.features', 'must have at least 1 entry', 'list at least 1 entry'],
    ]);
  });

  it('one error for a mis-indented hero:, at hero, not three', async () => {
    const fm = GOOD_FM.replace('  heading: Second page\n  lede: More text.', 'heading: Second page\nlede: More text.');
    const errors = await errorsFor({ 'content/pages/second.md': `---\n${fm}\n---\nBody\n` });
    expect(errors.map((d) => [d.line, d.field, d.code, d.message, d.hint])).toEqual([
      [
        6,
        'hero',
        'unindented-fields',
        '"hero:" is empty: "heading:", "lede:" below it are not indented under it',
        'indent "heading:", "lede:" further than "hero:" (two spaces more) so that they belong to it',
      ],
    ]);
  });

  it('one error per cause: an empty file, a field that is not a date', async () => {
    const empty = await errorsFor({ 'content/operators/example.yaml': '# nothing yet\n' });
    expect(empty.filter((d) => d.severity === 'error').map((d) => [d.line, d.code, d.message])).toEqual([
      [1, 'empty-file', 'expected fields written as "key: value" lines, but the file is empty'],
    ]);
    const date = await errorsFor({
      'content/pages/second.md': `---\n${GOOD_FM.replace(/^updated:.*$/m, 'updated: soon')}\n---\nBody\n`,
    });
    expect(date.map((d) => [d.field, d.message, d.hint])).toEqual([
      [
        'updated',
        'expected the date the page was last updated, as YYYY-MM or YYYY-MM-DD',
        'write the month as 2025-01, or the day as 2025-01-31',
      ],
    ]);
  });

  it('an unknown block type, at its type field', async () => {
    const fm = `${GOOD_FM}\nblocks:\n  note:\n    type: banner\n    text: Hi`;
    const [d, ...rest] = await errorsFor({ 'content/pages/second.md': `---\n${fm}\n---\n::: note\n` });
    expect(rest).toEqual([]);
    expect(d).toMatchObject({ line: 11, col: 11, field: 'blocks.note.type', received: '"banner"' });
    expect(d!.hint).toMatch(/^use one of: /);
  });

  it('an impossible date and a malformed colour each say how to fix them', async () => {
    const op = OPERATOR.replace('verified: 2025-01-10', 'verified: 2025-02-30').replace('"#123456"', 'red');
    const found = (await errorsFor({ 'content/operators/example.yaml': op })).map((d) => [d.field, d.hint]);
    expect(found).toEqual([
      ['brandColor', 'write it in the form shown'],
      ['bonus.verified', 'check the day and the month: that date does not exist'],
    ]);
  });

  it('a missing option field says which values it takes', async () => {
    const [d, ...rest] = await errorsFor({
      'content/operators/example.yaml': OPERATOR.replace('kind: sportsbook\n', ''),
    });
    expect(rest).toEqual([]);
    expect(d).toMatchObject({
      field: 'kind',
      code: 'missing-field',
      hint: 'add "kind:" here, with one of: sportsbook, casino',
    });
  });

  it('value out of range: a rating of 7 out of 5', async () => {
    const [d] = await errorsFor({ 'content/operators/example.yaml': OPERATOR.replace('rating: 4.5', 'rating: 7') });
    expect(d).toMatchObject({
      file: 'content/operators/example.yaml',
      line: 5,
      col: 9,
      field: 'rating',
      received: '7',
    });
    expect(d!.message).toContain('out of 5');
    expect(d!.hint).toBe('make it at most 5');
  });

  it('unknown key (a typo)', async () => {
    const [d] = await errorsFor({
      'content/operators/example.yaml': OPERATOR.replace('rating: 4.5', 'rating: 4.5\nratting: 4'),
    });
    expect(d).toMatchObject({ line: 6, col: 1, field: 'ratting', code: 'unknown-key' });
    expect(formatDiagnostic(d!)).toContain('unknown key "ratting"');
  });

  it('unknown template', async () => {
    const [d] = await errorsFor({
      'content/pages/second.md': `---\n${GOOD_FM.replace('template: guide', 'template: gide')}\n---\nBody\n`,
    });
    expect(d).toMatchObject({ line: 2, col: 11, field: 'template', code: 'unknown-template', received: '"gide"' });
    expect(d!.message).toContain('guide, review');
  });

  it('two files claiming one route', async () => {
    const [d] = await errorsFor({ 'content/pages/second.md': `---\n${GOOD_FM}\nroute: /\n---\nBody\n` });
    expect(d).toMatchObject({ file: 'content/pages/second.md', line: 9, field: 'route', code: 'duplicate-route' });
    expect(d!.message).toContain('content/pages/index.md');
  });

  it('a link to an operator id that does not exist', async () => {
    const [d] = await errorsFor({
      'content/pages/second.md': `---\n${GOOD_FM}\n---\nIntro.\n\nSee {{fandual.bonus.headline}} now.\n`,
    });
    expect(d).toMatchObject({
      file: 'content/pages/second.md',
      line: 12,
      col: 5,
      field: 'body',
      code: 'unknown-operator',
    });
    expect(d!.hint).toBe('operator ids are the file names in content/operators: example');
    const [near] = await errorsFor({
      'content/pages/second.md': `---\n${GOOD_FM}\n---\nIntro.\n\nSee {{exampel.name}} now.\n`,
    });
    expect(near!.hint).toBe('did you mean "example"? operator ids are the file names in content/operators: example');
  });

  it('a section that is not a top-level header menu link', async () => {
    const [d, ...rest] = await errorsFor({
      'content/pages/second.md': `---\n${GOOD_FM}\nsection: /no-such-section\n---\nBody\n`,
    });
    expect(rest).toHaveLength(0);
    expect(d).toMatchObject({ file: 'content/pages/second.md', line: 9, field: 'section', code: 'unknown-section' });
    expect(d!.hint).toContain('header menu hrefs');
    const [typo] = await errorsFor({
      'content/pages/second.md': `---\n${GOOD_FM}\nsection: /betting-guide\n---\nBody\n`,
    });
    expect(typo!.hint).toMatch(/^did you mean "\/betting-guides"\? use one of the header menu hrefs/);
  });

  it('reports every problem in every file in one run', async () => {
    const errors = await errorsFor({
      'content/operators/example.yaml': OPERATOR.replace('rating: 4.5', 'rating: 7').replace('rank: 1', 'rank: 0'),
      'content/pages/second.md': `---\n${GOOD_FM.replace('template: guide', 'template: nope')}\n---\nBody\n`,
      'content/pages/third.md':
        `---\n${GOOD_FM.replace('Second page title', 'Third').replace(/^updated:.*$/m, 'updated: 2025-13-45')}\n` +
        '---\n# Title again\n',
    });
    const files = new Set(errors.map((e) => e.file));
    expect(files).toEqual(
      new Set(['content/operators/example.yaml', 'content/pages/second.md', 'content/pages/third.md']),
    );
    expect(errors.map((e) => e.field)).toEqual(
      expect.arrayContaining(['rating', 'rank', 'template', 'updated', 'body']),
    );
  });

  it("reports the later stages' problems beside validation errors, not on the next run", async () => {
    const body =
      'Held by {{exampel.licensee}}, {{example.nope}} and {{site.nothing}}.\n\n# A second h1\n\n' +
      'Get a risk-free bet today.\n';
    const errors = await errorsFor({
      'content/pages/second.md': `---\n${GOOD_FM}\n---\n${body}`,
      'content/pages/zdup.md': `---\n${GOOD_FM.replace('Second page title', 'Dup')}\nroute: /third\n---\nText.\n`,
      'content/pages/four.md': `---\n${GOOD_FM.replace('Second page title', 'Four')}\nroute: /404\n---\nText.\n`,
      'content/public/third.html': 'x',
      'content/pages/third.md': `---\n${GOOD_FM.replace('Second page title', 'Third')}\n---\nText.\n`,
    });
    expect(errors.map((d) => [d.file, d.code])).toEqual([
      ['content/pages/four.md', 'output-clash'],
      ['content/pages/second.md', 'unknown-operator'],
      ['content/pages/second.md', 'unknown-value'],
      ['content/pages/second.md', 'unknown-value'],
      ['content/pages/second.md', 'markdown-h1'],
      ['content/pages/second.md', 'banned-wording'],
      ['content/pages/zdup.md', 'duplicate-route'],
      ['content/public/third.html', 'output-clash'],
    ]);
    expect(errors.find((d) => d.code === 'banned-wording')!.message).toMatch(/^uses "risk-free"/);
    // A clash is reported at the page's route: line, like a duplicate route.
    const routeLine = `---\n${GOOD_FM}\nroute: /404`.split('\n').length;
    expect(errors.find((d) => d.file === 'content/pages/four.md')!.line).toBe(routeLine);
  });

  it('rejects invisible control characters and bidi overrides in text and in the body', async () => {
    const fm = GOOD_FM.replace('Second page title', 'Second \u202e title');
    const errors = await errorsFor({ 'content/pages/second.md': `---\n${fm}\n---\nIntro.\n\nA \x1b[2J bell\x07.\n` });
    expect(errors.map((d) => [d.field, d.line, d.col, d.code])).toEqual([
      ['title', 3, 8, 'schema'],
      ['body', 12, 3, 'control-character'],
      ['body', 12, 12, 'control-character'],
    ]);
    expect(errors[0]!.message).toBe('holds an invisible control character (\\u202e) at character 8');
    expect(errors.every((d) => d.hint?.startsWith('remove it'))).toBe(true);
  });

  it("checks a page's body even when its frontmatter fails", async () => {
    const body = 'Intro.\n\n# A second h1\n\nGet a risk-free bet today. {{fandual.name}} and {{example.nope}}.\n';
    for (const fm of [
      GOOD_FM.replace(/^updated:.*$/m, 'updated: soon'),
      GOOD_FM.replace('template: guide', 'template: gide'),
    ]) {
      const errors = await errorsFor({ 'content/pages/second.md': `---\n${fm}\n---\n${body}` });
      expect(errors.map((d) => d.code)).toEqual([
        fm.includes('gide') ? 'unknown-template' : 'schema',
        'markdown-h1',
        'banned-wording',
        'unknown-operator',
        'unknown-value',
      ]);
    }
  });

  it('two operators of one kind with the same rank', async () => {
    const [d, ...rest] = await errorsFor({
      'content/operators/zeta.yaml': OPERATOR.replace('name: Example Sportsbook', 'name: Zeta Sportsbook'),
    });
    expect(rest).toHaveLength(0);
    expect(d).toMatchObject({
      file: 'content/operators/zeta.yaml',
      line: 4,
      col: 7,
      field: 'rank',
      code: 'duplicate-rank',
    });
    // Either file may be the one to change: the message blames neither.
    expect(d!.message).toBe('rank 1 is used by both this file and content/operators/example.yaml');
    expect(d!.hint).toBe('give each sportsbook its own rank: change it here or in content/operators/example.yaml');
  });

  it('rejects wording the regulator banned', async () => {
    const [d] = await errorsFor({
      'content/operators/example.yaml': OPERATOR.replace('Bet $5, Get $100 in Bonus Bets', 'Risk-Free First Bet'),
    });
    expect(d).toMatchObject({ field: 'bonus.headline' });
    expect(d!.message).toContain('risk-free');
  });

  it('requires every offer term: a missing terms URL, cap or verified date is an error at the offer', async () => {
    const [...ds] = await errorsFor({
      'content/operators/example.yaml': OPERATOR.replace('  termsUrl: https://example.com/terms\n', '')
        .replace('  cap: $100 in bonus bets\n', '')
        .replace('verified: 2025-01-10', 'verified: January 2025'),
    });
    expect(ds.map((d) => `${d.file}:${d.line} ${d.field}: ${d.message}`)).toEqual([
      'content/operators/example.yaml:10 bonus.cap: missing required field ' +
        `(expected a value, or "not stated" when the offer's source gives none)`,
      'content/operators/example.yaml:10 bonus.termsUrl: missing required field (expected string)',
      'content/operators/example.yaml:17 bonus.verified: ' +
        'expected the date the terms were checked, as YYYY-MM or YYYY-MM-DD',
    ]);
  });

  it('rejects an offer term typed into prose, which could not be dated or withheld', async () => {
    const [d, ...rest] = await errorsFor({
      'content/pages/second.md': `---\n${GOOD_FM}\n---\nIntro.\n\nToday: {{example.bonus.headline}}.\n`,
    });
    expect(rest).toHaveLength(0);
    expect(d).toMatchObject({ file: 'content/pages/second.md', code: 'offer-in-prose', field: 'body', col: 8 });
    expect(d!.hint).toContain('offer block');
  });

  it('never passes a <script> through Markdown', async () => {
    const body = 'Hello <script>alert(1)</script> world\n\n<img src=x onerror="alert(1)">\n';
    const p = await fixtureProject({ 'content/pages/second.md': `---\n${GOOD_FM}\n---\n${body}` });
    cleanups.push(p.cleanup);
    const result = await build({ root: p.root, outDir: 'dist' });
    expect(result.ok).toBe(true);
    const { readFile } = await import('node:fs/promises');
    const html = await readFile(`${result.outDir}/second.html`, 'utf8');
    expect(html).toContain('<p>Hello alert(1) world</p>');
    expect(html).not.toMatch(/<script>alert|onerror/);
    expect(result.diagnostics.filter((d) => d.code === 'raw-html').map((d) => d.line)).toEqual([10, 10, 12]);
  });

  it('rejects banned wording in the Markdown body, but allows it in quotation marks', async () => {
    const body = 'The PGCB told operators to drop "free bet".\n\nClaim your risk-free bet today.\n';
    const [d, ...rest] = await errorsFor({ 'content/pages/second.md': `---\n${GOOD_FM}\n---\n${body}` });
    expect(rest).toHaveLength(0);
    expect(d).toMatchObject({ line: 12, field: 'body', code: 'banned-wording' });
  });

  it('resolves {{…}} in frontmatter blocks and reports a bad reference at its field', async () => {
    const fm =
      `${GOOD_FM}\nblocks:\n  note:\n    type: alert\n    title: Offer\n` +
      '    text: Today {{example.name}} and {{example.review.nope}}.';
    const [d, ...rest] = await errorsFor({ 'content/pages/second.md': `---\n${fm}\n---\n::: note\n` });
    expect(rest).toHaveLength(0);
    expect(d).toMatchObject({
      file: 'content/pages/second.md',
      line: 13,
      field: 'blocks.note.text',
      code: 'unknown-value',
    });
    expect(d!.message).toContain('{{example.review.nope}}');
  });
});

describe('a template that throws', () => {
  it('is named by its file, line and component, with the page it was rendering', async () => {
    const p = await fixtureProject({ 'content/pages/second.md': `---\n${GOOD_FM}\n---\nText.\n` });
    cleanups.push(p.cleanup);
    await cp(path.join(repoRoot, 'templates'), path.join(p.root, 'templates'), { recursive: true });
    const footer = path.join(p.root, 'templates/components/Footer.tsx');
    const code = await readFile(footer, 'utf8');
    const start = 'const { columns, bottomLinks } = site.footer;';
    expect(code).toContain(start);
    const guard = "if (route === '/second') ";
    await writeFile(footer, code.replace(start, `${guard}throw new Error('no footer for this page');\n  ${start}`));
    // Where the Error is made (`new Error`): the statement's line, after the indent (and the guard).
    const line = code.slice(0, code.indexOf(start)).split('\n').length;
    const indent = code.slice(0, code.indexOf(start)).split('\n').at(-1)!.length;
    const result = await build({ root: p.root, outDir: 'dist', cache: false });
    const errors = (r: typeof result) =>
      r.diagnostics.filter((d) => d.severity === 'error').map((d) => [d.file, d.line, d.col, d.field, d.message]);
    expect(errors(result)).toEqual([
      [
        'templates/components/Footer.tsx',
        line,
        indent + guard.length + 'throw '.length + 1,
        'Footer',
        'no footer for this page, rendering content/pages/second.md',
      ],
    ]);
    // Throwing on every page (and the not-found page): one error, not one per page.
    await writeFile(footer, code.replace(start, `throw new Error('no footer at all');\n  ${start}`));
    const all = await build({ root: p.root, outDir: 'dist', cache: false });
    const grouped = [
      [
        'templates/components/Footer.tsx',
        line,
        indent + 'throw '.length + 1,
        'Footer',
        'no footer at all, on 3 pages (content/pages/index.md, content/pages/second.md, the not-found page)',
      ],
    ];
    expect(errors(all)).toEqual(grouped);
    // The same from a render worker, which takes its pages right behind its setup (render-pool.ts).
    const threaded = await build({ root: p.root, outDir: 'dist', cache: false, workers: 2 });
    expect(threaded.workers).toBe(2);
    expect(errors(threaded)).toEqual(grouped);
  });
});

describe('broken {{…}} values', () => {
  it('are reported in frontmatter blocks and operator text, which would otherwise publish them', async () => {
    const fm = `${GOOD_FM}\nblocks:\n  note:\n    type: alert\n    title: Offer\n    text: Today {{example.name} wins.`;
    const op = OPERATOR.replace('- Good app', '- "Call {{}} now"');
    const diagnostics = await errorsFor({
      'content/pages/second.md': `---\n${fm}\n---\n::: note\n`,
      'content/operators/example.yaml': op,
    });
    expect(diagnostics.map((d) => [d.file, d.field, d.code, d.received])).toEqual([
      ['content/operators/example.yaml', 'features[1]', 'malformed-value', '"{{}}"'],
      ['content/pages/second.md', 'blocks.note.text', 'malformed-value', '"{{example.name}"'],
    ]);
  });
});

describe('bylines', () => {
  it('names the site when the project has no content/authors, and rejects an unknown author id', async () => {
    const p = await fixtureProject({ 'content/pages/second.md': `---\n${GOOD_FM}\n---\nText.\n` });
    cleanups.push(p.cleanup);
    const { rm, readFile } = await import('node:fs/promises');
    await rm(`${p.root}/content/authors`, { recursive: true });
    // A day the fixture's offer (checked 2025-01-10) is current: no staleness warning.
    const result = await build({ root: p.root, outDir: 'dist', today: '2025-01-20' });
    expect(result.diagnostics).toEqual([]);
    const html = await readFile(`${result.outDir}/second.html`, 'utf8');
    expect(html).toContain('By <span class="byline-author">PA Bet Guide</span> · Updated');
    expect(html).not.toContain('Fact-checked by');
    const [d] = await errorsFor({ 'content/pages/second.md': `---\n${GOOD_FM}\nauthor: jane-doe\n---\nText.\n` });
    expect(d).toMatchObject({ file: 'content/pages/second.md', line: 9, field: 'author', code: 'unknown-author' });
    expect(d!.hint).toBe('author ids are the file names in content/authors: editorial-team, fact-check');
  });
});

describe('Markdown output', () => {
  it('fills {{…}} in blocks and marks external links for screen readers', async () => {
    const fm = `${GOOD_FM}\nblocks:\n  note:\n    type: alert\n    title: Offer\n    text: Today {{example.name}}.`;
    const body = 'See [the regulator](https://gamingcontrolboard.pa.gov/).\n\n::: note\n';
    const p = await fixtureProject({ 'content/pages/second.md': `---\n${fm}\n---\n${body}` });
    cleanups.push(p.cleanup);
    const result = await build({ root: p.root, outDir: 'dist' });
    expect(result.ok).toBe(true);
    const { readFile } = await import('node:fs/promises');
    const html = await readFile(`${result.outDir}/second.html`, 'utf8');
    expect(html).toContain('Today Example Sportsbook.');
    expect(html).toContain(
      '<a href="https://gamingcontrolboard.pa.gov/" rel="noopener noreferrer" target="_blank">' +
        'the regulator<span class="visually-hidden"> (opens in a new tab)</span></a>',
    );
  });
});

describe('one cause, one error: a missing or empty registry', () => {
  /** The errors of a fixture project after `change` removes or empties some of its files. */
  async function errorsAfter(change: (root: string) => Promise<void>): Promise<Diagnostic[]> {
    const p = await fixtureProject({ 'content/pages/second.md': `---\n${GOOD_FM}\n---\nSee {{example.name}}.\n` });
    cleanups.push(p.cleanup);
    await change(p.root);
    const result = await build({ root: p.root, outDir: 'dist', today: '2025-01-20' });
    expect(result.ok).toBe(false);
    return result.diagnostics.filter((d) => d.severity === 'error');
  }
  it('a deleted content/sources.yaml is one error naming the file and the fix', async () => {
    const errors = await errorsAfter((root) => rm(path.join(root, 'content/sources.yaml')));
    expect(errors.map((d) => [d.file, d.code])).toEqual([['content/sources.yaml', 'missing-sources']]);
    expect(errors[0]!.message).toMatch(/^content\/sources\.yaml is missing, and \d+ facts in 2 files cite a source/);
    expect(errors[0]!.hint).toMatch(/^restore content\/sources\.yaml from version control, or create it/);
  });

  it('an empty content/sources.yaml (blank or []) is one error saying it lists nothing', async () => {
    for (const text of ['', '# none yet\n', '[]\n']) {
      const errors = await errorsAfter((root) => writeFile(path.join(root, 'content/sources.yaml'), text));
      expect(errors.map((d) => [d.file, d.code])).toEqual([['content/sources.yaml', 'empty-sources']]);
      expect(errors[0]!.message).toContain('lists no sources');
      expect(errors[0]!.hint).not.toContain('add content/sources.yaml');
    }
  });

  it('a sources.yaml that is not a list is its own one error, with no error at the facts citing it', async () => {
    const errors = await errorsAfter((root) => writeFile(path.join(root, 'content/sources.yaml'), 'pgcb: PGCB\n'));
    expect(errors.map((d) => [d.file, d.code])).toEqual([['content/sources.yaml', 'not-a-list']]);
  });

  it('an empty author file is its error alone, not also an unknown author where site.yaml names it', async () => {
    const errors = await errorsAfter((root) => writeFile(path.join(root, 'content/authors/editorial-team.yaml'), ''));
    expect(errors.map((d) => [d.file, d.code])).toEqual([['content/authors/editorial-team.yaml', 'empty-file']]);
  });

  it('a deleted content/operators is one error at the folder, not one per reference', async () => {
    const errors = await errorsAfter((root) => rm(path.join(root, 'content/operators'), { recursive: true }));
    expect(errors.map((d) => [d.file, d.code])).toEqual([['content/operators', 'no-operators']]);
    expect(errors[0]!.message).toBe(
      'content/operators has no operator files, and 1 reference in 1 file names an operator',
    );
  });
});

describe('the build CLI: errors above warnings, withheld offers in one line', () => {
  const bin = path.join(repoRoot, 'bin/pa-site.js');
  /** `pa-site build` on a fixture project whose one offer (checked 2025-01-10) is withheld on 2030-01-01. */
  async function cli(args: string[], files: Record<string, string> = {}) {
    const p = await fixtureProject(files);
    cleanups.push(p.cleanup);
    const { spawnSync } = await import('node:child_process');
    const r = spawnSync(process.execPath, [bin, 'build', '--root', p.root, '--today', '2030-01-01', ...args], {
      encoding: 'utf8',
      env: { ...process.env, NO_COLOR: '1' },
    });
    return { status: r.status, lines: `${r.stderr}${r.stdout}`.trim().split('\n') };
  }

  it('says how many offers are withheld and how to see them, instead of a warning for each', async () => {
    const { status, lines } = await cli([]);
    expect(status).toBe(0);
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^✓ Built 1 page,/);
    expect(lines[1]).toBe('! 1 offer withheld: refresh their terms (run the build with --verbose to name each)');
  });

  it('names each offer with --verbose, and as an error with --stale-offers error', async () => {
    const verbose = await cli(['--verbose']);
    expect(verbose.lines[0]).toMatch(/^warning content\/operators\/example\.yaml:\d+:3 {2}bonus\.verified {2}/);
    expect(verbose.lines.at(-1)).toBe('! 1 offer withheld: refresh their terms (each is named above)');
    const strict = await cli(['--stale-offers', 'error']);
    expect(strict.status).toBe(1);
    expect(strict.lines[0]).toMatch(/^error content\/operators\/example\.yaml:\d+:3 {2}bonus\.verified {2}Example/);
  });

  it("docs/api.md: the severity word and formatDiagnostic(d) make the CLI's line", async () => {
    expect(await readFile(path.join(repoRoot, 'docs/api.md'), 'utf8')).toContain(
      "formatDiagnostic(d)}` `` is the CLI's line",
    );
    const files = { 'content/pages/second.md': `---\n${GOOD_FM.replace('updated:', 'updatd:')}\n---\nText.\n` };
    const { lines } = await cli([], files);
    const p = await fixtureProject(files);
    cleanups.push(p.cleanup);
    const result = await build({ root: p.root, outDir: 'dist', today: '2030-01-01' });
    const printed = result.diagnostics.map((d) => `${d.severity} ${formatDiagnostic(d)}`);
    expect(printed.length).toBeGreaterThan(0);
    for (const line of printed.join('\n').split('\n')) expect(lines).toContain(line);
  });

  it("prints a page's error above every warning", async () => {
    // The operator file's byte-order mark is a warning in a file that sorts before the page.
    const { status, lines } = await cli([], {
      'content/operators/example.yaml': `\ufeff${OPERATOR}`,
      'content/pages/second.md': `---\n${GOOD_FM.replace('updated:', 'updatd:')}\n---\nText.\n`,
    });
    expect(status).toBe(1);
    const tags = lines.map((l) => /^(error|warning) /.exec(l)?.[1]).filter(Boolean);
    expect(tags).toEqual(['error', 'warning']);
  });
});

describe('a folder that is not a project says what is missing and how to fix it, from where the user is', () => {
  const bin = path.join(repoRoot, 'bin/pa-site.js');
  async function cliIn(cwd: string, args: string[]) {
    const { spawnSync } = await import('node:child_process');
    const r = spawnSync(process.execPath, [bin, ...args], {
      cwd,
      encoding: 'utf8',
      env: { ...process.env, NO_COLOR: '1' },
      timeout: scaled(120_000),
    });
    return { status: r.status, err: r.stderr };
  }

  it("from the project's content/ folder: names it and points one folder up, not at content/content", async () => {
    const p = await fixtureProject();
    cleanups.push(p.cleanup);
    const { status, err } = await cliIn(path.join(p.root, 'content'), ['build']);
    expect(status).toBe(2);
    expect(err).toBe(
      "error: no content/site.yaml in this folder: this is the project's content/ folder\n" +
        '    fix: run pa-site from the project folder (cd ..), or pass --root ..\n',
    );
    const below = await cliIn(path.join(p.root, 'content', 'pages'), ['check']);
    expect(below.err).toContain('this folder is inside the project at ../..');
  });

  it('a project whose site.yaml is gone is told that, not to run pa-site in the project folder', async () => {
    const p = await fixtureProject();
    cleanups.push(p.cleanup);
    await rm(path.join(p.root, 'content/site.yaml'));
    const { status, err } = await cliIn(p.root, ['build']);
    expect(status).toBe(2);
    expect(err).toMatch(/^error: content\/site\.yaml is missing: every site needs one\n {4}fix: restore it/);
    expect(err).not.toContain('run pa-site in the project folder');
  });

  it('an empty folder is told how to start a site', async () => {
    const p = await fixtureProject();
    cleanups.push(p.cleanup);
    await rm(path.join(p.root, 'content'), { recursive: true });
    const { status, err } = await cliIn(p.root, ['build']);
    expect(status).toBe(2);
    expect(err).toContain('error: no pa-site project in this folder: there is no content/site.yaml\n');
    expect(err).toContain('fix: start a site with `pa-site init`');
  });

  it('docs/dev.md: dev refuses a --root without content/site.yaml with exit 2, as the docs say', async () => {
    expect(await readFile(path.join(repoRoot, 'docs/dev.md'), 'utf8')).toMatch(
      /A `--root`\s+without `content\/site\.yaml` is refused at start \(exit 2, a usage error\)/,
    );
    const p = await fixtureProject();
    cleanups.push(p.cleanup);
    await rm(path.join(p.root, 'content/site.yaml'));
    const { status, err } = await cliIn(repoRoot, ['dev', '--root', p.root, '--port', '0']);
    expect(status).toBe(2);
    expect(err).toMatch(/^error: --root: .*content\/site\.yaml is missing/);
  });
});

describe('exit codes as docs/cli.md lists them', () => {
  it('a busy port given with --port exits 1, and the table says so', async () => {
    const table = (await readFile(path.join(repoRoot, 'docs/cli.md'), 'utf8')).match(/^\| 1 \|.*$/m)?.[0];
    expect(table).toContain('a port given with `--port` that is in use');
    const { createServer } = await import('node:net');
    const busy = createServer();
    await new Promise<void>((resolve) => busy.listen(0, '127.0.0.1', resolve));
    const port = (busy.address() as { port: number }).port;
    const p = await fixtureProject({ 'dist/index.html': '<p>built</p>\n' });
    cleanups.push(p.cleanup);
    const { spawn } = await import('node:child_process');
    try {
      const child = spawn(
        process.execPath,
        [path.join(repoRoot, 'bin/pa-site.js'), 'preview', '--dir', path.join(p.root, 'dist'), '--port', `${port}`],
        { env: { ...process.env, NO_COLOR: '1' }, stdio: ['ignore', 'ignore', 'pipe'] },
      );
      let err = '';
      child.stderr.on('data', (d) => {
        err += d;
      });
      const code = await new Promise((resolve) => child.on('exit', resolve));
      expect(err).toContain(`port ${port} on 127.0.0.1 is already in use`);
      expect(code).toBe(1);
    } finally {
      busy.close();
    }
  });
});
