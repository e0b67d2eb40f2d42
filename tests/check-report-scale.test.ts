/**
 * Reports a person can read: a target broken on most pages is one finding in every format, a long
 * list opens with a summary by kind and pattern, and a fix is said once however many findings
 * share it. JSON lists a finding's first pages and their count, every page with --verbose.
 */
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { check } from '../src/index.js';
import { formatGithub, formatJson, formatText } from '../src/check/report.js';

let work: string;
beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'pa-site-report-'));
});
afterAll(() => rm(work, { recursive: true, force: true }));

const page = (body: string, head = '') =>
  `<!DOCTYPE html><html><head><title>t</title>${head}</head><body>${body}</body></html>\n`;

/** 200 pages: 197 with a footer linking a missing legal page, 3 redirect pages (Javadoc's shape). */
function footerTree(dir: string, redirects: boolean) {
  mkdirSync(path.join(dir, 'api'), { recursive: true });
  for (let i = 0; i < 197; i++) {
    const body =
      `<header><a href="index.html">Home</a></header><main><h1>P${i}</h1><a href="p${(i % 196) + 1}.html">next</a>` +
      '</main><footer><a href="legal/copyright.html">Copyright</a></footer>';
    writeFileSync(path.join(dir, i ? `p${i}.html` : 'index.html'), page(body));
  }
  for (let i = 0; i < 3; i++) {
    const head = redirects ? '<noscript><meta http-equiv="refresh" content="0;../index.html"></noscript>' : '';
    writeFileSync(path.join(dir, 'api', `r${i}.html`), page('<main><a href="../index.html">index</a></main>', head));
  }
}

describe('a footer link broken on every page but a few', () => {
  it.each([
    ['the other 3 are redirect pages', true, 'on all 197 pages'],
    ['the other 3 are pages without the footer', false, 'on 197 of 200 pages'],
  ])('is one finding in text, github and json when %s', async (_name, redirects, on) => {
    const dir = path.join(work, `footer-${redirects}`);
    footerTree(dir, redirects);
    const r = await check({ dir });
    expect(r.summary.pages).toBe(200);
    expect(r.findings.map((f) => `${f.rule} ${f.target}`)).toEqual(['broken-link /legal/copyright.html']);
    const text = formatText(r);
    expect(text.length).toBeLessThan(40);
    expect(text.join('\n')).toContain(`broken-link  /legal/copyright.html  ${on}`);
    const github = formatGithub(r, work).filter((l) => l.startsWith('::error'));
    expect(github).toHaveLength(1);
    expect(github[0]).toContain(on);
    const json = JSON.parse(formatJson(r, { verbose: true }));
    expect(json.findings).toHaveLength(1);
    expect(json.findings[0].places).toHaveLength(197);
    const short = JSON.parse(formatJson(r));
    expect(short.findings[0].placeCount).toBe(197);
    expect(short.findings[0].places).toHaveLength(5);
  });
});

describe('a long list of findings', () => {
  it('opens with a summary by kind and pattern, names a few pages per target, and says each fix once', async () => {
    const dir = path.join(work, 'many');
    mkdirSync(path.join(dir, 'src'), { recursive: true });
    writeFileSync(path.join(dir, 'src', 'lib.rs.html'), page('<pre><a id="1">1</a></pre>'));
    const links = Array.from({ length: 30 }, (_, i) => `<a href="src/lib.rs.html#${i + 2}-${i + 9}">l</a>`);
    for (let p = 0; p < 8; p++) writeFileSync(path.join(dir, `p${p}.html`), page(`<main>${links.join(' ')}</main>`));
    for (let s = 0; s < 12; s++) symlinkSync('/etc/hostname', path.join(dir, `link${s}.txt`));
    const r = await check({ dir });
    const text = formatText(r).join('\n');
    expect(text).toMatch(/Summary: 42 findings\n\s+30 {2}missing fragments of the form `#N-M` in \/src\//);
    expect(text).toMatch(/12 {2}symlink-outside/);
    expect(text).toContain('/src/lib.rs.html#2-9  on 8 of 9 pages');
    expect(text.match(/… and 3 more pages/g)).toHaveLength(30);
    expect(text.match(/fix: copy what it points at/g)).toHaveLength(1);
    expect(text.match(/fix: point the link at an id/g)).toHaveLength(1);
  });
});
