import { afterEach, describe, expect, it } from 'vitest';
import { build, type Diagnostic } from '../src/index.js';
import { fixtureProject, fixtureSiteYaml, GOOD_FM, OPERATOR } from './fixture.js';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(cleanups.splice(0).map((c) => c()));
});

async function build_(files: Record<string, string>) {
  const p = await fixtureProject(files);
  cleanups.push(p.cleanup);
  return build({ root: p.root, outDir: 'dist', cache: false });
}
const where = (d: Diagnostic) => [d.file, d.line, d.col, d.field, d.code, d.message];

// Features 2 and 3 quote each other.
const CYCLE = OPERATOR.replace(
  '  - Good app\n',
  '  - Good app\n  - "Also {{example.features.3}}"\n  - "{{example.features.2}}"\n',
);

describe('{{…}} values are filled in completely, or are an error (#36 item 9)', () => {
  it('operator values that quote each other are one error naming the cycle, not published as written', async () => {
    const line = CYCLE.split('\n').indexOf('  - "Also {{example.features.3}}"') + 1;
    // A page quoting one of them gets no second error for the same cause.
    const second = `---\n${GOOD_FM}\n---\nQuote: {{example.features.3}}.\n`;
    const result = await build_({ 'content/operators/example.yaml': CYCLE, 'content/pages/second.md': second });
    expect(result.ok).toBe(false);
    expect(result.diagnostics.filter((d) => d.severity === 'error').map(where)).toEqual([
      [
        'content/operators/example.yaml',
        line,
        5,
        'features[2]',
        'value-cycle',
        'these {{…}} values refer to each other in a cycle: ' +
          'example.features.2 → example.features.3 → example.features.2',
      ],
    ]);
  });

  it('a value that quotes a value that quotes another is filled in to the end', async () => {
    const chain = OPERATOR.replace('  - Good app\n', '  - Good app\n  - "Also {{example.features.0}}"\n')
      .replace('detail: A first bet', 'detail: "{{example.features.2}}. A first bet')
      .replace('in bonus bets.\n', 'in bonus bets."\n');
    const result = await build_({ 'content/operators/example.yaml': chain });
    expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    const example = result.site!.operators.find((o) => o.id === 'example')!;
    expect(example.bonus?.detail).toBe('Also Fast payouts. A first bet of $5 earns $100 in bonus bets.');
  });

  it('a site value that still holds {{…}} is an error where it is used, in frontmatter and in the body', async () => {
    const site = (await fixtureSiteYaml()).replace(
      'tagline: Your Trusted Guide',
      'tagline: "Your {{example.name}} guide"',
    );
    const fm = GOOD_FM.replace('lede: More text.', 'lede: "{{site.tagline}}"');
    const second = `---\n${fm}\n---\nSaid: {{site.tagline}}.\n`;
    const result = await build_({ 'content/site.yaml': site, 'content/pages/second.md': second });
    expect(result.ok).toBe(false);
    const left =
      '"{{site.tagline}}" gives text that still holds "{{example.name}}", which would be published as written';
    expect(result.diagnostics.filter((d) => d.severity === 'error').map(where)).toEqual([
      ['content/pages/second.md', 8, 9, 'hero.lede', 'unresolved-value', left],
      ['content/pages/second.md', 10, 7, 'body', 'unresolved-value', left],
    ]);
  });
});

describe('YAML .nan and .inf are reported as written (#36 item 11)', () => {
  it('names .nan and .inf as what was found, not null', async () => {
    const op = OPERATOR.replace('rating: 4.5', 'rating: .nan').replace('minDeposit: 10', 'minDeposit: -.inf');
    const result = await build_({ 'content/operators/example.yaml': op });
    expect(result.ok).toBe(false);
    const errors = result.diagnostics.filter((d) => d.severity === 'error');
    expect(errors.map((d) => [d.field, d.received])).toEqual([
      ['rating', '.nan'],
      ['bonus.minDeposit', '-.inf'],
    ]);
  });
});
