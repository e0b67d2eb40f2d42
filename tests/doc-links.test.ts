/**
 * Links between the project's documents land on a heading that exists: a section that moved (the
 * README's "Markdown engines" went to docs/markdown.md) must not leave links to nowhere behind.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import GithubSlugger from 'github-slugger';
import { describe, expect, it } from 'vitest';
import { repoRoot } from './helpers.js';

const documents = [
  'README.md',
  'CONTRIBUTING.md',
  ...readdirSync(path.join(repoRoot, 'docs')).map((f) => `docs/${f}`),
].filter((f) => f.endsWith('.md'));
const text = (file: string) => readFileSync(path.join(repoRoot, file), 'utf8');

/** The anchors GitHub gives a document's headings (code blocks skipped). */
function anchors(file: string): Set<string> {
  const slugger = new GithubSlugger();
  const prose = text(file).replace(/^```[\s\S]*?^```$/gm, '');
  return new Set([...prose.matchAll(/^#{1,6} (.+)$/gm)].map((m) => slugger.slug(m[1]!.trim())));
}

describe('links between documents', () => {
  it('every link to a section of a document names a heading it has', () => {
    const dead: string[] = [];
    for (const file of documents) {
      for (const m of text(file).matchAll(/\]\(([^)\s#]*\.md)?#([^)\s]+)\)/g)) {
        const target = m[1] ? path.posix.normalize(path.posix.join(path.posix.dirname(file), m[1])) : file;
        if (!documents.includes(target)) continue;
        if (!anchors(target).has(m[2]!)) dead.push(`${file}: ${m[0]}`);
      }
    }
    expect(dead).toEqual([]);
  });

  it('no document sends the reader to a README section by name that the README does not have', () => {
    const headings = [...text('README.md').matchAll(/^#{1,6} (?:\d+\. )?(.+)$/gm)].map((m) => m[1]!.trim());
    const named: string[] = [];
    for (const file of documents)
      for (const m of text(file)
        .replace(/\s+/g, ' ')
        .matchAll(/"([^"]{3,60})" in the README|README, "([^"]{3,60})"/g))
        named.push(`${file}: ${m[1] ?? m[2]}`);
    expect(named.filter((n) => !headings.includes(n.split(': ')[1]!))).toEqual([]);
  });
});
