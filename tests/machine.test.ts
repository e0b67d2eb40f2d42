/** The suite holds on a loaded machine, skips nothing silently in CI, and installs without warnings. */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from './helpers.js';
import { slowdownFor } from './machine.js';

const testFiles = ['src', 'templates', 'tests'].flatMap((dir) =>
  readdirSync(path.join(repoRoot, dir), { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.test\.ts$/.test(f))
    .map((f) => path.join(dir, f)),
);
const source = (f: string) => readFileSync(path.join(repoRoot, f), 'utf8');

describe('timeouts follow the machine', () => {
  it('stretches by the load per core, never below idle', () => {
    expect(slowdownFor(15, 2)).toBe(7.5);
    expect(slowdownFor(0.3, 2)).toBe(1);
    expect(slowdownFor(3, 0)).toBe(3);
    expect(slowdownFor(15, 2, '2')).toBe(2);
    expect(slowdownFor(15, 2, 'fast')).toBe(7.5);
  });

  it('no test file or the config sets a fixed timeout', () => {
    const fixed = [...testFiles, 'vitest.config.ts'].flatMap((f) =>
      source(f)
        .split('\n')
        .map((line, i) => ({ at: `${f}:${i + 1}`, line }))
        .filter(({ line }) => /(\}, |[tT]imeout: )\d[\d_]{3,}\)?[,)]/.test(line) && !/setTimeout|spawn/.test(line)),
    );
    expect(fixed.map((f) => `${f.at} ${f.line.trim()}`)).toEqual([]);
  });
});

describe('a test never skips silently in CI', () => {
  it('every skipIf or runIf condition comes from installed(), which fails under CI=true', () => {
    const bad = testFiles.filter((f) => {
      const s = source(f);
      if (/\b(it|test|describe)\.(skip|only|todo)\(/.test(s)) return true;
      if (!/\.(skipIf|runIf)\(/.test(s)) return false;
      return !/\binstalled\(|\bhasChromium\b|\bhasXmllint\(/.test(s);
    });
    expect(bad).toEqual([]);
  });

  it('the sitemap schema is in the repository', () => {
    expect(source('src/pipeline/route/sitemap.test.ts')).toContain('tests/fixtures/schemas/sitemap.xsd');
    expect(source('tests/fixtures/schemas/sitemap.xsd')).toContain('http://www.sitemaps.org/schemas/sitemap/0.9');
  });
});

it('every dependency with an install script is reviewed in package.json allowScripts (npm ci warns otherwise)', () => {
  const lock = JSON.parse(source('package-lock.json')) as {
    packages: Record<string, { hasInstallScript?: boolean; dev?: boolean }>;
  };
  const pkg = JSON.parse(source('package.json')) as { allowScripts?: Record<string, boolean> };
  const withScripts = Object.entries(lock.packages)
    .filter(([where, p]) => where && p.hasInstallScript)
    .map(([where]) => where.slice(where.lastIndexOf('node_modules/') + 'node_modules/'.length));
  expect(withScripts.filter((name) => pkg.allowScripts?.[name] === undefined)).toEqual([]);
});
