import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import matter from 'gray-matter';
import { describe, expect, it } from 'vitest';
import { splitFrontmatter } from './frontmatter.js';

const grayMatter = (text: string) => {
  const m = matter(text, { engines: { yaml: () => ({}) } }) as unknown as { matter: string; content: string };
  return { matter: m.matter, content: m.content };
};

describe('splitFrontmatter', () => {
  it('splits every real page exactly as gray-matter does', () => {
    const dir = path.resolve(import.meta.dirname, '../../../content/pages');
    for (const f of readdirSync(dir)) {
      const text = readFileSync(path.join(dir, f), 'utf8');
      expect(splitFrontmatter(text), f).toEqual(grayMatter(text));
    }
  });
  it('agrees with gray-matter on line endings, a missing close and odd delimiters', () => {
    for (const text of [
      '---\ntitle: A\n---\nBody\n',
      '---\r\ntitle: A\r\n---\r\nBody\r\n',
      '---\ntitle: A\n---',
      '---\ntitle: A\n',
      '---\ntitle: A\n---\n\n\nBody',
      '---\ntitle: A\n----\nBody',
      '---\ntitle: A\n--- trailing\nBody',
      '---\n---\nBody',
    ])
      expect(splitFrontmatter(text), JSON.stringify(text)).toEqual(grayMatter(text));
  });
});
