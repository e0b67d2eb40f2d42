import { mkdtemp, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { dev, type DevServer } from '../src/index.js';
import { scaled } from './machine.js';
import { repoRoot } from './helpers.js';
import { withoutRedirects } from '../bench/generate.mjs';

export const OPERATOR = `kind: sportsbook
name: Example Sportsbook
shortName: Example
rank: 1
rating: 4.5
brandColor: "#123456"
licensee: Example Casino Resort
officialUrl: https://example.com/
bonus:
  headline: Bet $5, Get $100 in Bonus Bets
  detail: A first bet of $5 earns $100 in bonus bets.
  amount: $100 in bonus bets
  cap: $100 in bonus bets
  minDeposit: 10
  minOdds: not stated
  playthrough: 1x
  expiry: 7 days
  termsUrl: https://example.com/terms
  verified: 2025-01-10
  source: operator-terms
features:
  - Fast payouts
  - Good app
source: pgcb
`;

/** Valid frontmatter for a second fixture page (tests add or replace a line to make one fault). */
export const GOOD_FM = `template: guide
title: Second page title
description: A second page of the fixture, with a description long enough for the rule.
updated: 2025-01-15
hero:
  heading: Second page
  lede: More text.`;

export const page = (fm: string, body = 'Some text.') =>
  `---
template: guide
title: ${fm.includes('title:') ? '' : 'A page title for tests'}
${fm}
---
${body}
`.replace(/^title: \n/m, '');

export const HOME = `---
template: guide
title: Home page of the fixture site
description: The fixture site's home page, long enough to satisfy the description rule.
updated: 2025-01-15
hero:
  heading: Fixture home
  lede: A small site for tests.
blocks:
  books:
    type: operators
    kind: sportsbook
---
Welcome to the fixture.

::: books
`;

/**
 * The real content/site.yaml without its `redirects`, whose targets are the real site's pages: a
 * fixture without those pages would fail on them.
 */
export async function fixtureSiteYaml(): Promise<string> {
  return withoutRedirects(await readFile(path.join(repoRoot, 'content/site.yaml'), 'utf8'));
}

/** A small valid project (real site.yaml, one operator, a home page) in a temp folder. */
export async function fixtureProject(files: Record<string, string> = {}) {
  const root = await mkdtemp(path.join(tmpdir(), 'pa-site-fixture-'));
  const all: Record<string, string> = {
    'content/site.yaml': await fixtureSiteYaml(),
    // The real site.yaml's facts cite these.
    'content/sources.yaml': await readFile(path.join(repoRoot, 'content/sources.yaml'), 'utf8'),
    'content/operators/example.yaml': OPERATOR,
    // The real site.yaml's byline names these.
    'content/authors/editorial-team.yaml': await readFile(
      path.join(repoRoot, 'content/authors/editorial-team.yaml'),
      'utf8',
    ),
    'content/authors/fact-check.yaml': await readFile(path.join(repoRoot, 'content/authors/fact-check.yaml'), 'utf8'),
    'content/pages/index.md': HOME,
    ...files,
  };
  const write = async (rel: string, text: string) => {
    await mkdir(path.dirname(path.join(root, rel)), { recursive: true });
    await writeFile(path.join(root, rel), text);
  };
  for (const [rel, text] of Object.entries(all)) await write(rel, text);
  return { root, write, cleanup: () => rm(root, { recursive: true, force: true }) };
}

/**
 * A dev server on a fresh fixture project for the calling file's tests: started before them,
 * stopped (and the project removed) after them. `server` is set once they run.
 */
export function devOnFixture(): { server: DevServer } {
  const running = {} as { server: DevServer };
  let project: Awaited<ReturnType<typeof fixtureProject>> | undefined;
  beforeAll(async () => {
    project = await fixtureProject();
    running.server = await dev({ root: project.root, port: 0 });
  }, scaled(60_000));
  afterAll(async () => {
    await running.server?.close();
    await project?.cleanup();
  });
  return running;
}
