import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import matter from 'gray-matter';
import { afterAll, describe, expect, it } from 'vitest';
import { entryFits, FrontmatterCache, splitFrontmatter } from './frontmatter.js';

const dir = mkdtempSync(path.join(tmpdir(), 'pa-site-frontmatter-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('splitFrontmatter (gray-matter)', () => {
  it('handles a byte order mark, CRLF, empty and missing frontmatter', () => {
    expect(splitFrontmatter('\uFEFF---\ntitle: A\n---\nBody\n')).toEqual({
      matter: '\ntitle: A',
      content: 'Body\n',
      language: 'yaml',
    });
    expect(splitFrontmatter('---\r\ntitle: A\r\n---\r\nBody\r\n')).toMatchObject({ content: 'Body\r\n' });
    expect(splitFrontmatter('---\n---\nBody')).toEqual({ matter: '', content: 'Body', language: 'yaml' });
    expect(splitFrontmatter('Just a body')).toMatchObject({ matter: '', content: 'Just a body' });
  });

  it('keeps the file line numbers: line N of the matter is line N of the file', () => {
    const { matter } = splitFrontmatter('---\na: 1\nb: 2\n---\nBody');
    expect(matter.split('\n').indexOf('b: 2') + 1).toBe(3);
  });

  it('splits as gray-matter does given the whole text, though it hands gray-matter only the head (property)', () => {
    const noParse = () => ({});
    const engines = { yaml: noParse, json: noParse, javascript: noParse };
    const whole = (text: string) => {
      try {
        const f = matter(text, { engines }) as unknown as { matter?: string; content?: string; language?: string };
        return { matter: f.matter ?? '', content: f.content ?? '', language: f.language ?? 'yaml' };
      } catch {
        return 'throws';
      }
    };
    const agrees = (text: string) => {
      const expected = whole(text);
      if (expected === 'throws') expect(splitFrontmatter(text)).toMatchObject({ matter: '' });
      else expect(splitFrontmatter(text)).toEqual(expected);
    };
    const pages = path.resolve(import.meta.dirname, '../../../content/pages');
    for (const f of readdirSync(pages, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.md')))
      agrees(readFileSync(path.join(pages, f), 'utf8'));
    // Delimiters anywhere in a line, after a BOM, before CR, at the very end; languages; no closing line.
    const piece = fc.oneof(
      fc.stringMatching(/^[-a-z: #\uFEFF]{0,8}$/),
      fc.constantFrom('---', '---yaml', '---js', '---toml', '----', '--- x', ' ---', '\uFEFF---', 'a: 1', ''),
    );
    const text = fc
      .array(fc.tuple(piece, fc.constantFrom('\n', '\r\n', '\r', '')), { maxLength: 10 })
      .map((parts) => parts.map(([p, end]) => p + end).join(''));
    fc.assert(fc.property(text, agrees), { seed: 20261123, numRuns: 3000 });
  });

  it('never evaluates a ---js frontmatter (gray-matter would, by default)', () => {
    const g = globalThis as { paSiteEvaluated?: boolean };
    const s = splitFrontmatter('---js\n{ title: (globalThis.paSiteEvaluated = true) }\n---\nBody');
    expect(g.paSiteEvaluated).toBeUndefined();
    expect(s.language).toBe('js');
  });
});

describe('FrontmatterCache', () => {
  const pages = path.resolve(import.meta.dirname, '../../../content/pages');
  const real = readdirSync(pages, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.md'))
    .map((f) => readFileSync(path.join(pages, f), 'utf8'));

  it('splits from a saved cache exactly as gray-matter does', () => {
    const file = path.join(dir, 'real.json');
    const first = new FrontmatterCache(file);
    for (const t of real) expect(first.split(t)).toEqual(splitFrontmatter(t));
    first.save();
    const warm = new FrontmatterCache(file);
    for (const t of real) expect(warm.split(t)).toEqual(splitFrontmatter(t));
  });

  it('agrees with gray-matter on any text, cold and warm (property)', () => {
    const file = path.join(dir, 'prop.json');
    const line = fc.stringMatching(/^[-a-z: \r#"'\uFEFF]{0,12}$/);
    const text = fc
      .array(fc.oneof(line, fc.constantFrom('---', '---yaml', '---js', '----', '\r')), { maxLength: 8 })
      .map((lines) => lines.join('\n'));
    fc.assert(
      fc.property(fc.array(text, { minLength: 1, maxLength: 5 }), (texts) => {
        const cold = new FrontmatterCache(file);
        for (const t of texts) expect(cold.split(t)).toEqual(splitFrontmatter(t));
        cold.save();
        const warm = new FrontmatterCache(file);
        for (const t of texts) expect(warm.split(t)).toEqual(splitFrontmatter(t));
      }),
      { seed: 20261123, numRuns: 300 },
    );
  });

  it('ignores a damaged or foreign cache file', () => {
    const file = path.join(dir, 'bad.json');
    for (const junk of [
      '{',
      '{"format":"other","entries":{}}',
      '{"format":"pa-site-frontmatter 2","entries":{"x":[1]}}',
    ]) {
      writeFileSync(file, junk);
      const c = new FrontmatterCache(file);
      for (const t of real.slice(0, 3)) expect(c.split(t)).toEqual(splitFrontmatter(t));
    }
  });
});

describe('frontmatter cache entries are checked against the page (issue 60, 3)', () => {
  const piece = fc.oneof(
    fc.stringMatching(/^[-a-z: #\uFEFF]{0,8}$/),
    fc.constantFrom('---', '---yaml', '---js', '----', '--- x', ' ---', '\uFEFF---', 'a: 1', 'draft: true', ''),
  );
  const text = fc
    .array(fc.tuple(piece, fc.constantFrom('\n', '\r\n', '\r', '')), { maxLength: 10 })
    .map((parts) => parts.map(([p, end]) => p + end).join(''));
  const offset = fc.integer({ min: -2, max: 80 });
  const entry = fc.tuple(offset, offset, offset, fc.constantFrom('yaml', 'json', ''));

  it('an entry the cache made for a real page fits it, so warm builds still skip splitting', () => {
    const pages = path.resolve(import.meta.dirname, '../../../content/pages');
    for (const f of readdirSync(pages, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.md'))) {
      const t = readFileSync(path.join(pages, f), 'utf8');
      const made = new FrontmatterCache();
      made.split(t, 'k');
      const [[, e] = ['', undefined]] = made.takeMade();
      expect([f, e && entryFits(t, e)]).toEqual([f, true]);
    }
  });

  it('any entry, forged or damaged, gives the split a fresh one gives (property)', () => {
    fc.assert(
      fc.property(text, entry, (t, forged) => {
        const fresh = splitFrontmatter(t);
        const loaded = new FrontmatterCache();
        loaded.adopt([['k', forged]]);
        expect(loaded.split(t, 'k')).toEqual(fresh);
      }),
      { seed: 20261206, numRuns: 3000 },
    );
  });

  it('the issue\'s entries: a matter cut short before "draft: true", and [3,0,0,"yaml"], are ignored', () => {
    const page = '---\ntitle: A\ndraft: true\n---\nBody.\n';
    const file = path.join(dir, 'forged.json');
    const key = 'page';
    for (const forged of [
      [3, 12, 24, 'yaml'],
      [3, 0, 0, 'yaml'],
      [3, 12, 12, 'yaml'],
    ]) {
      writeFileSync(file, JSON.stringify({ format: 'pa-site-frontmatter 2', entries: { [key]: forged } }));
      expect(new FrontmatterCache(file).split(page, key)).toEqual(splitFrontmatter(page));
    }
  });
});
