/**
 * The tax tool states the jurisdiction's income tax from site.yaml (`compliance.incomeTax`), never a
 * figure of its own: a site that places the tool without that data is told so at the block, with what
 * was found and how to fix it; with the data, the tool names the site's own jurisdiction and rate.
 */
import { appendFile, cp, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { build } from '../src/index.js';
import { parseYaml } from '../src/pipeline/load/yaml-source.js';
import { percent } from '../templates/lib/odds.js';
import { repoRoot, scratchFolder } from './helpers.js';
import { scaled } from './machine.js';

const TIMEOUT = scaled(120_000);

/** A page placing the tax tool; its `tool:` key is on line 11. */
const PAGE = `---
template: guide
title: Tax on winnings
description: What tax a win in the state owes, worked out by the tax tool from the site's own figures.
updated: 2026-12
hero:
  heading: Tax on winnings
  lede: An estimate.
blocks:
  calculator:
    type: tool
    tool: tax
---
::: calculator
`;

const tmp = scratchFolder('pa-site-tax-');

describe('the tax tool reads the jurisdiction from site.yaml', () => {
  it(
    "is refused at its block without compliance.incomeTax, and names the site's own state and rate with it",
    async () => {
      const root = path.join(tmp(), 'new-jersey');
      await cp(path.join(repoRoot, 'tests', 'fixtures', 'new-jersey'), root, { recursive: true });
      await writeFile(path.join(root, 'content/pages/tax.md'), PAGE);
      const bad = await build({ root });
      expect(bad.ok).toBe(false);
      expect(bad.diagnostics.map((d) => `${d.file}:${d.line}:${d.col} ${d.field} ${d.code} | ${d.received}`)).toEqual([
        'content/pages/tax.md:12:11 blocks.calculator.tool tool-data | no compliance.incomeTax in content/site.yaml',
      ]);
      expect(bad.diagnostics[0]!.message).toMatch(/^expected the jurisdiction's name and its income tax/);
      expect(bad.diagnostics[0]!.hint).toMatch(/add compliance\.jurisdiction\.name and compliance\.incomeTax/);
      // A made-up rate and source, for the test only: the fixture's own files cite no New Jersey tax.
      await appendFile(
        path.join(root, 'content/sources.yaml'),
        '- id: test-rate\n  title: A made-up rate for this test\n  publisher: Nobody\n' +
          '  url: https://example.com/rate\n',
      );
      const site = path.join(root, 'content/site.yaml');
      const yaml = (await readFile(site, 'utf8')).replace(
        'disclosureHref: /#advertising-disclosure\n',
        'disclosureHref: /#advertising-disclosure\n  incomeTax:\n    - { rate: 0.05, source: test-rate }\n',
      );
      await writeFile(site, yaml);
      const good = await build({ root });
      expect(good.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
      const html = await readFile(path.join(good.outDir, 'tax.html'), 'utf8');
      expect(html).toContain('New Jersey taxes gambling winnings, net of what you wagered, at 5%');
      expect(html).not.toMatch(/Pennsylvania|3\.07/);
    },
    TIMEOUT,
  );

  it("the real site's compliance.incomeTax agrees with facts.incomeTax", async () => {
    const file = path.join(repoRoot, 'content/site.yaml');
    const site = parseYaml(await readFile(file, 'utf8'), file).data as {
      compliance: { incomeTax: { rate: number; source: string }[] };
      facts: { incomeTax: { value: string; source: string } };
    };
    const newest = site.compliance.incomeTax.at(-1)!;
    expect(percent(newest.rate)).toBe(site.facts.incomeTax.value);
    expect(newest.source).toBe(site.facts.incomeTax.source);
  });
});
