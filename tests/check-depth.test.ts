import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { check } from '../src/index.js';
import { scaled } from './machine.js';

const dir = mkdtempSync(path.join(tmpdir(), 'pa-site-deep-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it('check reports a page nested deeper than browsers build, quickly, at the line it happens', {
  timeout: scaled(20_000),
}, async () => {
  writeFileSync(path.join(dir, 'index.html'), '<!DOCTYPE html><title>Deep</title>\n<a href="/deep">deep</a>');
  writeFileSync(path.join(dir, 'deep.html'), `<!DOCTYPE html><title>Deep</title>\n\n${'<div>'.repeat(100_000)}`);
  const result = await check({ dir });
  const deep = result.findings.filter((f) => f.rule === 'nesting-depth');
  expect(deep).toMatchObject([{ severity: 'error', places: [{ page: 'deep.html', line: 3 }] }]);
});
