import { readFile, readdir } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { build, check } from '../src/index.js';
import type { Diagnostic } from '../src/support/diagnostics/diagnostics.js';
import { factsOn } from '../src/schema/dated-facts.js';
import { fixtureProject, fixtureSiteYaml, GOOD_FM, OPERATOR } from './fixture.js';
import { buildRealSite, repoRoot, textOf, type BuiltSite } from './helpers.js';

/**
 * Issue 33, items 1 and 3: every fact names its source in data (a fact without one fails the build
 * at its file:line:col), every page lists the sources of what it shows, and no page speaks of "our
 * source" or a "facts sheet".
 */

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(cleanups.splice(0).map((c) => c()));
});

async function diagnosticsFor(files: Record<string, string>): Promise<Diagnostic[]> {
  const p = await fixtureProject(files);
  cleanups.push(p.cleanup);
  const result = await build({ root: p.root, outDir: 'dist' });
  expect(result.ok).toBe(false);
  return result.diagnostics.filter((d) => d.severity === 'error');
}

const OP_FILE = 'content/operators/example.yaml';
const realSiteYaml = () => readFile(path.join(repoRoot, 'content/site.yaml'), 'utf8');

describe('a fact without a source is a build error at its file:line:col', () => {
  it('an operator offer without a source', async () => {
    const seeded = OPERATOR.replace('  source: operator-terms\n', '');
    expect(seeded).not.toBe(OPERATOR);
    const errors = await diagnosticsFor({ [OP_FILE]: seeded });
    expect(errors.map((d) => [d.file, d.line, d.col, d.field, d.code])).toEqual([
      [OP_FILE, 10, 3, 'bonus.source', 'missing-source'],
    ]);
    expect(errors[0]!.message).toContain('every fact names its source');
    expect(errors[0]!.hint).toBe('add "source:" here');
  });

  it("an operator's license holder and features without a source", async () => {
    const errors = await diagnosticsFor({ [OP_FILE]: OPERATOR.replace(/^source: pgcb\n/m, '') });
    expect(errors.map((d) => [d.file, d.line, d.field, d.code])).toEqual([[OP_FILE, 1, 'source', 'missing-source']]);
  });

  it('a review table row without a source, beside one with a source', async () => {
    const review = `review:
  source: operator-terms
  minDeposit: 10
  minWithdrawal: 10
  pros: [One, Two]
  cons: [Three]
  deposits:
    - { method: Play+ prepaid card, time: Instant, source: operator-terms }
  withdrawals:
    - { method: Paper check, time: 7 to 14 days }
  fees: None stated.
  faqs:
    - { question: One?, answer: Yes. }
    - { question: Two?, answer: No. }
  verdict: Fine.
`;
    const errors = await diagnosticsFor({ [OP_FILE]: OPERATOR + review });
    expect(errors.map((d) => [d.line, d.field, d.code])).toEqual([
      [34, 'review.withdrawals[0].source', 'missing-source'],
    ]);
  });

  it('a site fact without a source', async () => {
    const site = (await fixtureSiteYaml()).replace(
      'incomeTax: { value: "3.07%", source: pa-revenue }',
      'incomeTax: { value: "3.07%" }',
    );
    const errors = await diagnosticsFor({ 'content/site.yaml': site });
    expect(errors).toHaveLength(1);
    const line = site.split('\n').findIndex((l) => l.includes('incomeTax: { value')) + 1;
    expect(errors[0]).toMatchObject({ file: 'content/site.yaml', line, field: 'facts.incomeTax.source' });
  });

  it('a figure asked for in facts that lives in wording (or a typo) gets "did you mean"', async () => {
    const body = 'Stake {{site.facts.bankrollStake}} of it.\n\nTax is {{site.facts.incomTax}}.\n';
    const errors = await diagnosticsFor({ 'content/pages/second.md': `---\n${GOOD_FM}\n---\n${body}` });
    expect(errors.map((d) => [d.code, d.hint])).toEqual([
      ['unknown-value', 'write {{site.wording.bankrollStake}}'],
      ['unknown-value', 'write {{site.facts.incomeTax}}'],
    ]);
  });

  it('an unknown source id, with the nearest id', async () => {
    const errors = await diagnosticsFor({ [OP_FILE]: OPERATOR.replace('source: pgcb', 'source: pgbc') });
    expect(errors.map((d) => [d.file, d.line, d.col, d.field, d.code, d.message])).toEqual([
      [OP_FILE, 24, 9, 'source', 'unknown-source', 'no source with id "pgbc"'],
    ]);
    expect(errors[0]!.hint).toMatch(
      /^did you mean "pgcb"\? source ids are the "id:" entries of content\/sources\.yaml/,
    );
  });

  it('an unknown id inside a list of sources', async () => {
    const errors = await diagnosticsFor({ [OP_FILE]: OPERATOR.replace('source: pgcb', 'source: [pgcb, irs-w2]') });
    expect(errors.map((d) => [d.line, d.field, d.message, d.hint?.slice(0, 24)])).toEqual([
      [24, 'source[1]', 'no source with id "irs-w2"', 'did you mean "irs-w2g"? '],
    ]);
  });

  it('a cited source whose entry is invalid is reported once, at the entry', async () => {
    const real = await readFile(path.join(repoRoot, 'content/sources.yaml'), 'utf8');
    const broken = real.replace('  title: About Form W-2G, Certain Gambling Winnings\n', '');
    expect(broken).not.toBe(real);
    const errors = await diagnosticsFor({ 'content/sources.yaml': broken });
    expect(errors.map((d) => [d.file, d.code, d.field])).toEqual([
      ['content/sources.yaml', 'missing-field', expect.stringMatching(/^\[\d+\]\.title$/)],
    ]);
  });

  it('content/sources.yaml itself: a repeated id and a source without a title', async () => {
    const sources = `${await readFile(path.join(repoRoot, 'content/sources.yaml'), 'utf8')}
- id: pgcb
  title: Again
  publisher: PGCB
  checked: 2025-01
- id: another
  publisher: Someone
  checked: 2025-01
`;
    const errors = await diagnosticsFor({ 'content/sources.yaml': sources });
    expect(errors.map((d) => [d.file, d.code, d.field])).toEqual([
      ['content/sources.yaml', 'duplicate-source', expect.stringMatching(/^\[\d+\]\.id$/)],
      ['content/sources.yaml', 'missing-field', expect.stringMatching(/^\[\d+\]\.title$/)],
    ]);
  });
});

describe('pages list the sources of what they show', () => {
  let site: BuiltSite;
  let facts: ReturnType<typeof factsOn>;
  let registry: { id: string; url?: string; checked?: string }[];
  let pages: { file: string; route: string; text: string }[];
  beforeAll(async () => {
    site = await buildRealSite();
    // A fact may list dated values: the build (dated today) shows, and cites, the one in force.
    const dated = (parse(await realSiteYaml()) as { facts: Parameters<typeof factsOn>[0] }).facts;
    facts = factsOn(dated, new Date().toISOString().slice(0, 10));
    registry = parse(await readFile(path.join(repoRoot, 'content/sources.yaml'), 'utf8'));
    const dir = path.join(repoRoot, 'content/pages');
    pages = await Promise.all(
      // Pages in subfolders too (content/pages/tools/odds-calculator.md → /tools/odds-calculator).
      (await readdir(dir, { recursive: true }))
        .filter((f) => f.endsWith('.md'))
        .map((f) => f.split(path.sep).join('/'))
        .map(async (f) => ({
          file: f,
          route: f === 'index.md' ? '/' : `/${f.replace(/\.md$/, '')}`,
          text: await readFile(path.join(dir, f), 'utf8'),
        })),
    );
  });

  const listed = ($: Awaited<ReturnType<BuiltSite['page']>>) =>
    $('.page-sources li')
      .map((_, li) =>
        $(li)
          .attr('id')!
          .replace(/^source-/, ''),
      )
      .get();

  it("every page that inserts a site figure lists that figure's sources", async () => {
    let withFigures = 0;
    for (const p of pages) {
      const names = [...p.text.matchAll(/\{\{\s*site\.facts\.([A-Za-z0-9]+)\s*\}\}/g)].map((m) => m[1]!);
      if (!names.length) continue;
      withFigures++;
      const $ = await site.page(p.route);
      const ids = listed($);
      expect(textOf($('.page-sources h2')), p.file).toBe('Sources');
      for (const name of names)
        for (const id of [facts[name]!.source].flat()) expect(ids, `${p.file}: ${name}`).toContain(id);
    }
    expect(withFigures).toBeGreaterThanOrEqual(10);
  });

  it("every review lists the regulator, and its operator's published terms where its data uses them", async () => {
    for (const p of pages.filter((x) => /^template: review$/m.test(x.text))) {
      const operator = /^operator: ([a-z0-9-]+)$/m.exec(p.text)![1]!;
      const ids = listed(await site.page(p.route));
      // An operator whose data cites no terms of its own (FanDuel Casino: no checked offer) lists none (#40).
      const data = await readFile(path.join(repoRoot, `content/operators/${operator}.yaml`), 'utf8');
      const terms = data.includes(`${operator}-terms`) ? [`${operator}-terms`] : [];
      expect(ids, p.file).toEqual(expect.arrayContaining(['pgcb', ...terms]));
      if (!terms.length) expect(ids, p.file).not.toContain(`${operator}-terms`);
    }
  });

  it('each listed source links its own page and says when it was checked, in the registry order', async () => {
    const order = registry.map((s) => s.id);
    for (const route of site.result.routes) {
      const $ = await site.page(route);
      const ids = listed($);
      expect(
        [...ids].sort((a, b) => order.indexOf(a) - order.indexOf(b)),
        route,
      ).toEqual(ids);
      for (const id of ids) {
        const source = registry.find((s) => s.id === id)!;
        const li = $(`#source-${id}`);
        if (source.url) {
          expect(li.find('a').attr('href')).toBe(source.url);
          expect((li.find('a').attr('rel') ?? '').split(' ')).toContain('noopener');
        } else expect(li.find('a')).toHaveLength(0);
        if (source.checked === '2025-01') expect(textOf(li)).toMatch(/Checked January 2025\.$/);
        else expect(textOf(li)).not.toContain('Checked');
      }
    }
  });

  it('no page speaks of "our source", a "facts sheet" or terms "not stated" or "not named" in it', async () => {
    expect(site.result.routes.length).toBeGreaterThanOrEqual(16);
    for (const file of (await site.files()).filter((f) => f.endsWith('.html'))) {
      const html = await site.read(file);
      expect(html, file).not.toMatch(/our sources?\b|facts? sheet|not (stated|named) in/i);
    }
  });
});

describe('check --external checks the sources', () => {
  let server: Server;
  let base: string;
  beforeAll(async () => {
    server = createServer((req, res) => {
      res.writeHead(req.url === '/ok' ? 200 : 404, { 'content-type': 'text/plain' });
      res.end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('reports a broken source URL at its line in content/sources.yaml, even where no page links it', async () => {
    const extra = `
- id: test-ok
  title: A page that answers
  publisher: Test
  url: ${base}/ok
  checked: 2025-01
- id: test-gone
  title: A page that is gone
  publisher: Test
  url: ${base}/gone
  checked: 2025-01
`;
    // Only the test's own sources have addresses: nothing else is fetched for them.
    const own = `- { id: pgcb, title: Licensing, publisher: PGCB, checked: 2025-01 }
- { id: operator-terms, title: Terms, publisher: Operators, checked: 2025-01 }
- { id: ccgp, title: Help line, publisher: Council, checked: 2025-01 }
${extra}`;
    const p = await fixtureProject({ 'content/sources.yaml': own });
    cleanups.push(p.cleanup);
    // The real facts cite the real registry: this project states none.
    const site = (await fixtureSiteYaml())
      // dated facts (their values over time) and the tax tool's rates
      .replace(/^ {2}[a-zA-Z0-9]+:\n(?: {4}- \{ (?:value|rate): .*\n)+/gm, '')
      .replace(/^ {2}[a-zA-Z0-9]+: \{ value: .*\n/gm, '');
    // …nor the roster of licensed brands, whose every event cites one.
    const bare = site.replace(/^facts:$/m, 'facts: {}').replace(/^roster:\n(?:(?: .*)?\n)*/m, '');
    await p.write('content/site.yaml', bare);
    const r = await check({ root: p.root, external: true, externalOptions: { retries: 0, timeout: 5000 } });
    expect(r.build?.ok ?? r.build, JSON.stringify(r.build)).toBe(true);
    const external = r.findings.filter((f) => f.category === 'external' && f.target?.startsWith(base));
    expect(external.map((f) => [f.severity, f.target, f.source])).toEqual([
      [
        'error',
        `${base}/gone`,
        { file: 'content/sources.yaml', line: own.split('\n').indexOf(`  url: ${base}/gone`) + 1 },
      ],
    ]);
    expect(external[0]!.hint).toContain('correct its url in content/sources.yaml');
  });
});
