/**
 * Values checked where they enter (issue 42, items 6, 7 and 10): check dates not after the build's
 * date, the site `url` a plain https origin, source URLs without credentials, source titles of a
 * bounded length.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { build } from '../src/index.js';
import { fixtureProject, fixtureSiteYaml, OPERATOR } from './fixture.js';
import { repoRoot } from './helpers.js';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(cleanups.splice(0).map((c) => c()));
});

async function built(files: Record<string, string>, today = '2025-01-20') {
  const p = await fixtureProject(files);
  cleanups.push(p.cleanup);
  const result = await build({ root: p.root, today, cache: false });
  return { result, root: p.root };
}

const errorsOf = (r: Awaited<ReturnType<typeof build>>) =>
  r.diagnostics.filter((d) => d.severity === 'error').map((d) => [d.code, d.file, d.line, d.field, d.message]);
const lineOf = (text: string, needle: string) => text.split('\n').findIndex((l) => l.includes(needle)) + 1;

describe('check dates after the build date', () => {
  it('bonus.verified in the future is an error at its line, even though the offer would look current', async () => {
    const operator = OPERATOR.replace('verified: 2025-01-10', 'verified: 2099-12-31');
    const { result } = await built({ 'content/operators/example.yaml': operator });
    expect(result.ok).toBe(false);
    expect(errorsOf(result)).toEqual([
      [
        'future-date',
        'content/operators/example.yaml',
        lineOf(operator, 'verified:'),
        'bonus.verified',
        expect.stringContaining("after the build's date (2025-01-20)"),
      ],
    ]);
  });

  it("a source's checked month after the build date is an error naming the source and field", async () => {
    const sources = (await readFile(path.join(repoRoot, 'content/sources.yaml'), 'utf8')).replace(
      'checked: 2025-01',
      'checked: 9999-12',
    );
    const { result } = await built({ 'content/sources.yaml': sources });
    const [only] = errorsOf(result);
    expect(errorsOf(result)).toHaveLength(1);
    expect(only).toEqual([
      'future-date',
      'content/sources.yaml',
      lineOf(sources, 'checked: 9999-12'),
      expect.stringMatching(/^\[\d+\]\.checked$/),
      expect.stringMatching(/checked is December 9999, after the build's date/),
    ]);
  });

  it('the same month as the build date, or a day up to it, is fine', async () => {
    const operator = OPERATOR.replace('verified: 2025-01-10', 'verified: 2025-01-20');
    const { result } = await built({ 'content/operators/example.yaml': operator });
    expect(errorsOf(result)).toEqual([]);
  });
});

describe('site url', () => {
  const withUrl = async (url: string) => (await fixtureSiteYaml()).replace(/^url: .*$/m, `url: ${JSON.stringify(url)}`);

  it.each([
    ['https://www.example.com\nUser-agent: *\nDisallow: /', /whitespace or a control character/],
    ['https://www.example.com/#', /fragment/],
    ['https://www.example.com/?ref=1', /query/],
    ['https://user:pw@www.example.com/', /user name or password/],
    ['https://www.example.com/a b', /whitespace/],
    ['http://www.example.com', /https:\/\//],
    ['https://WWW.example.com', /write https:\/\/www\.example\.com\//],
  ])('%j is refused at its line in site.yaml, so nothing pastes it', async (url, says) => {
    const { result, root } = await built({ 'content/site.yaml': await withUrl(url) });
    expect(result.ok).toBe(false);
    const d = result.diagnostics.find((x) => x.field === 'url');
    expect(d).toMatchObject({ severity: 'error', file: 'content/site.yaml', line: lineOf(await withUrl(url), 'url:') });
    expect(`${d!.message} ${d!.hint}`).toMatch(says);
    expect(await readFile(path.join(root, 'dist', 'robots.txt'), 'utf8').catch(() => 'none')).toBe('none');
  });

  it('a url with a folder and trailing slash: canonicals, robots.txt, sitemap through one URL rule', async () => {
    const { result, root } = await built({ 'content/site.yaml': await withUrl('https://www.example.com/guide/') });
    expect(errorsOf(result)).toEqual([]);
    const robots = await readFile(path.join(root, 'dist', 'robots.txt'), 'utf8');
    expect(robots).toContain('Sitemap: https://www.example.com/guide/sitemap.xml\n');
    const sitemap = await readFile(path.join(root, 'dist', 'sitemap.xml'), 'utf8');
    expect(sitemap).toContain('<loc>https://www.example.com/guide/</loc>');
    const home = await readFile(path.join(root, 'dist', 'index.html'), 'utf8');
    expect(home).toContain('<link rel="canonical" href="https://www.example.com/guide/"');
    expect(home).toContain('<meta property="og:url" content="https://www.example.com/guide/"');
  });
});

describe('source values', () => {
  const sourcesWith = async (from: string, to: string) => {
    const text = await readFile(path.join(repoRoot, 'content/sources.yaml'), 'utf8');
    const edited = text.replace(from, to);
    expect(edited).not.toBe(text);
    return edited;
  };

  it('a source url with credentials is refused at its line', async () => {
    const text = await readFile(path.join(repoRoot, 'content/sources.yaml'), 'utf8');
    const url = /^\s+url: (https:\/\/\S+)$/m.exec(text)![1]!;
    const sources = await sourcesWith(`url: ${url}`, `url: ${url.replace('https://', 'https://user:pass@')}`);
    const { result } = await built({ 'content/sources.yaml': sources });
    expect(errorsOf(result)).toEqual([
      [
        expect.any(String),
        'content/sources.yaml',
        lineOf(sources, 'user:pass@'),
        expect.stringMatching(/\.url$/),
        expect.stringMatching(/user name or password/),
      ],
    ]);
  });

  it('a 200,000-character source title is refused, naming the limit', async () => {
    const text = await readFile(path.join(repoRoot, 'content/sources.yaml'), 'utf8');
    const title = /^\s+title: (.+)$/m.exec(text)![1]!;
    const sources = await sourcesWith(`title: ${title}`, `title: ${'A'.repeat(200_000)}`);
    const { result } = await built({ 'content/sources.yaml': sources });
    const errors = errorsOf(result);
    expect(errors).toHaveLength(1);
    expect(errors[0]!.slice(0, 2)).toEqual([expect.any(String), 'content/sources.yaml']);
    expect(errors[0]![4]).toMatch(/at most 300 characters/);
  });
});
