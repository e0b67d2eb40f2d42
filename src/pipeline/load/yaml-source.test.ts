import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import matter from 'gray-matter';
import { describe, expect, it } from 'vitest';
import { parseYaml, parseYamlWithPositions } from './yaml-source.js';

const content = path.resolve(import.meta.dirname, '../../../content');
const yamlFiles = (): [string, string][] => {
  const out: [string, string][] = [
    [path.join(content, 'site.yaml'), readFileSync(path.join(content, 'site.yaml'), 'utf8')],
  ];
  for (const dir of ['operators', 'pages']) {
    // Pages may sit in sub-folders (content/pages/tools).
    const files = readdirSync(path.join(content, dir), { recursive: true, encoding: 'utf8' });
    for (const f of files.filter((n) => /\.(md|ya?ml)$/.test(n))) {
      const text = readFileSync(path.join(content, dir, f), 'utf8');
      out.push([
        f,
        f.endsWith('.md')
          ? (matter(text, { engines: { yaml: () => ({}) } }) as unknown as { matter: string }).matter
          : text,
      ]);
    }
  }
  return out;
};

describe('parseYaml', () => {
  it('reads every real content file exactly as the position-tracking parser does', () => {
    for (const [name, text] of yamlFiles())
      expect(parseYaml(text, name).data, name).toEqual(parseYamlWithPositions(text, name).data);
  });
  it('keeps dates, yes/no and numbers as YAML 1.2 does', () => {
    expect(parseYaml('updated: 2025-01-15\nok: yes\nrank: 3\ncode: "010"\n', 'x.yaml').data).toEqual({
      updated: '2025-01-15',
      ok: 'yes',
      rank: 3,
      code: '010',
    });
  });
  it('reports syntax errors and duplicate keys with positions', () => {
    const bad = parseYaml('a: 1\nb: [2\n', 'x.yaml');
    expect(bad.errors[0]).toMatchObject({ file: 'x.yaml', code: 'yaml-syntax' });
    const dup = parseYaml('a: 1\na: 2\n', 'x.yaml');
    expect(dup.errors[0]).toMatchObject({ line: 2, code: 'yaml-syntax' });
  });
  it('locates fields lazily', () => {
    const src = parseYaml('a:\n  b:\n    - x\n    - y\n', 'x.yaml');
    expect(src.locate(['a', 'b', 1])).toEqual({ line: 4, col: 7 });
    expect(src.locate(['a'], 'b')).toEqual({ line: 2, col: 3 });
  });
});

describe("YAML messages without the parser's internals (#51 item 10)", () => {
  it('a second document and brackets nested too deep are said in plain words', () => {
    for (const text of ['a: 1\n---\nb: 2\n', `a: ${'['.repeat(20_000)}${']'.repeat(20_000)}\n`]) {
      const { errors } = parseYamlWithPositions(text, 'content/site.yaml');
      expect(errors.length).toBeGreaterThan(0);
      for (const e of errors) expect(e.message).not.toMatch(/parseAllDocuments|call stack|the parser says/);
      expect(errors[0]!.hint).toBeTruthy();
    }
  });
});
