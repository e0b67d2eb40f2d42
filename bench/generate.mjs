#!/usr/bin/env node
// Generates the benchmark sites: N synthetic guide pages, the same Markdown bodies for every tool.
//   bench/work/pa-N/    pa-site project: content/site.yaml and sources.yaml (from the real site), content/public,
//                       content/pages/index.md (route /) and guide-1.md … guide-(N-1).md (/guide-1 …)
//   bench/work/11ty-N/  Eleventy project: pages/*.md, one Nunjucks layout, permalinks /guide-K.html
//   bench/work/hugo-N/  Hugo project (always written, built only when `hugo` is on PATH)
// N pages in all: page 0 is the home page, which pa-site requires. Deterministic: page K's text
// depends only on K and the seed; its links point at /guide-1 … /guide-(N-1).
// With --small (or generate(n, discard, { small: true })): the small-pages corpus, pa-small-N,
// 11ty-small-N and hugo-small-N, whose pages are as small as the pages of Hugo's own test sites (a
// title, a heading and one short paragraph with a link: about 0.5 kB of Markdown), so that a tool's
// cost per page, not its Markdown, is what is timed.
// Usage: node bench/generate.mjs [--sizes 250,1000,4000,16000] [--small]
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The real site.yaml without its `redirects`: their targets are the real site's pages, which a
 * generated corpus (or a test fixture) does not have.
 */
export const withoutRedirects = (siteYaml) => siteYaml.replace(/^redirects:\n(?:[ #].*\n)*/m, '');

const here = path.dirname(fileURLToPath(import.meta.url));
export const repoDir = path.dirname(here);
export const workDir = path.join(here, 'work');
export const SIZES = [250, 1000, 4000, 16000];
const SEED = 0x9e3779b9;

/** mulberry32: small, fast, seeded (tests/incremental-equals-cold.test.ts draws its edits from it too). */
export function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const TOPICS = [
  'Moneyline Bets',
  'Point Spreads',
  'Totals',
  'Parlays',
  'Teasers',
  'Live Betting',
  'Prop Bets',
  'Futures',
  'Bankroll Basics',
  'Odds Formats',
  'Implied Probability',
  'Line Movement',
  'Closing Lines',
  'Hedging',
  'Round Robins',
  'Same-Game Parlays',
  'Deposit Limits',
  'Withdrawal Times',
  'Account Verification',
  'Geolocation',
  'Tax Reporting',
  'Slots Volatility',
  'Blackjack Rules',
  'Roulette Odds',
  'Live Dealer Tables',
  'Loyalty Programs',
  'Playthrough Terms',
];
const PLACES = [
  'Pittsburgh',
  'Philadelphia',
  'Erie',
  'Allentown',
  'Harrisburg',
  'Scranton',
  'Lancaster',
  'Reading',
  'Bethlehem',
  'State College',
  'Altoona',
  'York',
  'Wilkes-Barre',
  'Chester',
  'Williamsport',
];
const NOUNS = [
  'bettor',
  'sportsbook',
  'wager',
  'stake',
  'market',
  'line',
  'price',
  'payout',
  'bankroll',
  'account',
  'deposit',
  'withdrawal',
  'limit',
  'season',
  'team',
  'player',
  'league',
  'total',
  'spread',
  'ticket',
  'app',
  'bonus',
  'operator',
  'regulator',
  'license',
  'table',
  'dealer',
  'slot',
  'jackpot',
  'term',
  'rule',
  'tool',
  'budget',
];
const ADJS = [
  'careful',
  'licensed',
  'regulated',
  'weekly',
  'simple',
  'clear',
  'steady',
  'typical',
  'modest',
  'live',
  'local',
  'standard',
  'short',
  'long',
  'public',
  'minimum',
  'maximum',
  'fair',
  'common',
  'practical',
  'quick',
  'safe',
];
const VERBS = [
  'compares',
  'tracks',
  'reviews',
  'limits',
  'explains',
  'checks',
  'records',
  'sets',
  'adjusts',
  'reads',
  'weighs',
  'tests',
  'lists',
  'rounds',
  'confirms',
  'balances',
  'prices',
  'settles',
  'reports',
  'measures',
];
const ADVS = [
  'carefully',
  'weekly',
  'before kickoff',
  'after each game',
  'in Pennsylvania',
  'on the app',
  'every month',
  'at the window',
  'during the season',
  'with a budget',
  'in plain terms',
  'without guesswork',
];
const SECTION_ENDS = ['basics', 'rules', 'examples', 'checklist', 'questions', 'notes'];
const SUBSECTION_ENDS = ['in practice', 'step by step', 'at a glance', 'explained', 'compared'];

const pick = (r, a) => a[Math.floor(r() * a.length)];
const int = (r, lo, hi) => lo + Math.floor(r() * (hi - lo + 1));
const cap = (s) => s[0].toUpperCase() + s.slice(1);

function sentence(r) {
  const words = [
    `${cap(pick(r, ['the', 'a', 'every', 'each']))} ${pick(r, ADJS)} ${pick(r, NOUNS)}`,
    pick(r, VERBS),
    `the ${pick(r, NOUNS)}`,
    pick(r, ADVS),
  ];
  if (r() < 0.4) words.push(`so the ${pick(r, NOUNS)} stays ${pick(r, ADJS)}`);
  return `${words.join(' ')}.`;
}

function paragraph(r, n, link) {
  const out = [];
  for (let i = 0; i < int(r, 3, 6); i++) {
    let s = sentence(r);
    const roll = r();
    if (roll < 0.25) {
      const k = int(r, 1, n - 1);
      s = s.replace(/\.$/, `, as our [guide ${k}](${link(k)}) explains.`);
    } else if (roll < 0.35) s = s.replace(/ (\w+)\.$/, ' **$1**.');
    else if (roll < 0.45) s = s.replace(/^(\w+ \w+)/, '*$1*');
    out.push(s);
  }
  return out.join(' ');
}

function table(r) {
  const rows = ['| Market | Odds | Stake | Return |', '| --- | ---: | ---: | ---: |'];
  for (let i = 0; i < int(r, 3, 6); i++) {
    const odds = int(r, 101, 350) * (r() < 0.5 ? 1 : -1);
    const stake = int(r, 1, 20) * 5;
    const ret = odds > 0 ? stake + (stake * odds) / 100 : stake + (stake * 100) / -odds;
    rows.push(
      `| ${cap(pick(r, ADJS))} ${pick(r, NOUNS)} | ${odds > 0 ? '+' : ''}${odds} | $${stake} | $${ret.toFixed(2)} |`,
    );
  }
  return rows.join('\n');
}

/** One page: title/description/hero text and a Markdown body (about 700–1,000 words). */
export function page(k, n, link = (j) => `/guide-${j}`) {
  const r = rng(SEED ^ Math.imul(k, 2654435761));
  const topic = pick(r, TOPICS);
  const place = pick(r, PLACES);
  const title = `Guide ${k}: ${topic} for ${place} Bettors`;
  const description =
    `How ${topic.toLowerCase()} work for bettors in ${place}: ` +
    `terms, examples, a worked table and the limits worth setting first (guide ${k}).`;
  const lede = `${sentence(r)} ${sentence(r)}`;
  const body = [paragraph(r, n, link), ''];
  const sections = int(r, 4, 6);
  const tableAt = int(r, 0, sections - 1);
  for (let s = 0; s < sections; s++) {
    body.push(`## ${cap(pick(r, ADJS))} ${pick(r, NOUNS)} ${pick(r, SECTION_ENDS)}`, '');
    body.push(paragraph(r, n, link), '');
    for (let h = 0; h < int(r, 1, 2); h++) {
      body.push(`### ${cap(pick(r, NOUNS))} ${pick(r, SUBSECTION_ENDS)}`, '');
      body.push(paragraph(r, n, link), '');
    }
    if (s % 2 === 0) {
      for (let i = 0; i < int(r, 3, 6); i++) body.push(`- ${sentence(r)}`);
      body.push('');
    }
    if (s === tableAt) body.push(table(r), '');
  }
  body.push('## Related guides', '');
  for (let i = 0; i < 4; i++) {
    const j = int(r, 1, n - 1);
    body.push(`- [Guide ${j}](${link(j)})`);
  }
  return { title, description, heading: `${topic} in ${place}`, lede, body: `${body.join('\n')}\n` };
}

/** A page of the small-pages corpus: the same fields, a body of one heading and one short paragraph. */
export function smallPage(k, n, link = (j) => `/guide-${j}`) {
  const r = rng(SEED ^ Math.imul(k, 2654435761));
  const topic = pick(r, TOPICS);
  const place = pick(r, PLACES);
  const j = int(r, 1, n - 1);
  return {
    title: `Guide ${k}: ${topic} in ${place}`,
    description: `What ${topic.toLowerCase()} mean for bettors in ${place}, in one short page (guide ${k}).`,
    heading: `${topic} in ${place}`,
    lede: sentence(r),
    body: `## ${cap(pick(r, NOUNS))} ${pick(r, SECTION_ENDS)}\n\n${sentence(r)} See [guide ${j}](${link(j)}).\n`,
  };
}

/** The work folders' names for a size: `pa-N` (or `pa-small-N` for the small-pages corpus). */
export const corpusName = (tool, n, small = false) => `${tool}-${small ? 'small-' : ''}${n}`;

const yamlStr = (s) => JSON.stringify(s); // JSON strings are valid YAML double-quoted scalars

function write(file, text) {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, text);
}

/**
 * Writes pa-N, 11ty-N and hugo-N for one size, replacing what was there. `discard` removes the old
 * folders (run.mjs moves them aside instead, so no timed run follows a mass delete).
 */
export function generate(n, discard = (d) => rmSync(d, { recursive: true, force: true }), { small = false } = {}) {
  if (n < 2) throw new Error('a benchmark site needs at least 2 pages');
  const pa = path.join(workDir, corpusName('pa', n, small));
  const ety = path.join(workDir, corpusName('11ty', n, small));
  const hugo = path.join(workDir, corpusName('hugo', n, small));
  for (const d of [pa, ety, hugo]) discard(d);

  mkdirSync(path.join(pa, 'content'), { recursive: true });
  const siteYaml = readFileSync(path.join(repoDir, 'content', 'site.yaml'), 'utf8');
  writeFileSync(path.join(pa, 'content', 'site.yaml'), withoutRedirects(siteYaml));
  // site.yaml's facts cite these sources.
  cpSync(path.join(repoDir, 'content', 'sources.yaml'), path.join(pa, 'content', 'sources.yaml'));
  // site.yaml's byline names these authors.
  cpSync(path.join(repoDir, 'content', 'authors'), path.join(pa, 'content', 'authors'), { recursive: true });
  if (existsSync(path.join(repoDir, 'content', 'public')))
    cpSync(path.join(repoDir, 'content', 'public'), path.join(pa, 'content', 'public'), { recursive: true });

  write(
    path.join(ety, 'eleventy.config.mjs'),
    `// Plain Markdown (no Liquid pass over it), one Nunjucks layout.
export default function () {
  return { dir: { input: 'pages', includes: '_includes' }, markdownTemplateEngine: false };
}
`,
  );
  write(path.join(ety, 'pages', 'pages.11tydata.json'), `${JSON.stringify({ layout: 'layout.njk' })}\n`);
  write(
    path.join(ety, 'pages', '_includes', 'layout.njk'),
    `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>{{ title }}</title><meta name="description" content="{{ description }}"></head>
<body><main><h1>{{ heading }}</h1><p>{{ lede }}</p>
{{ content | safe }}
</main></body>
</html>
`,
  );

  write(
    path.join(hugo, 'hugo.toml'),
    `baseURL = "https://example.org/"
title = "bench"
uglyURLs = true
disableKinds = ["taxonomy", "term", "RSS", "sitemap", "robotsTXT", "404", "section"]
`,
  );
  const hugoLayout = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>{{ .Title }}</title><meta name="description" content="{{ .Description }}"></head>
<body><main><h1>{{ .Params.heading }}</h1><p>{{ .Params.lede }}</p>
{{ .Content }}
</main></body>
</html>
`;
  write(path.join(hugo, 'layouts', '_default', 'single.html'), hugoLayout);
  write(path.join(hugo, 'layouts', 'index.html'), hugoLayout);

  for (let k = 0; k < n; k++) {
    const p = small ? smallPage(k, n) : page(k, n);
    const name = k === 0 ? 'index' : `guide-${k}`;
    const common = `title: ${yamlStr(p.title)}\ndescription: ${yamlStr(p.description)}\n`;
    write(
      path.join(pa, 'content', 'pages', `${name}.md`),
      `---\ntemplate: guide\n${common}updated: 2025-01-15\n` +
        `hero:\n  heading: ${yamlStr(p.heading)}\n  lede: ${yamlStr(p.lede)}\n---\n${p.body}`,
    );
    const flat = `${common}heading: ${yamlStr(p.heading)}\nlede: ${yamlStr(p.lede)}\n`;
    write(path.join(ety, 'pages', `${name}.md`), `---\n${flat}permalink: /${name}.html\n---\n${p.body}`);
    // Hugo's home page is its own kind: content/_index.md, rendered with layouts/index.html.
    write(
      path.join(hugo, 'content', k === 0 ? '_index.md' : `${name}.md`),
      `---\n${flat}${k === 0 ? '' : `url: /${name}.html\n`}---\n${p.body}`,
    );
  }
  return { pa, eleventy: ety, hugo };
}

export function parseSizes(arg) {
  const sizes = arg.split(',').map((s) => Number(s.trim().replace(/_/g, '')));
  if (!sizes.length || sizes.some((s) => !Number.isInteger(s) || s < 1))
    throw new Error(`--sizes: expected positive integers like 250,1000, got ${JSON.stringify(arg)}`);
  return sizes;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const i = process.argv.indexOf('--sizes');
  const small = process.argv.includes('--small');
  for (const n of i > 0 ? parseSizes(process.argv[i + 1] ?? '') : SIZES) {
    const t = performance.now();
    const d = generate(n, undefined, { small });
    const ms = Math.round(performance.now() - t);
    const rel = (dir) => path.relative(process.cwd(), dir);
    console.log(`generated ${n} pages in ${ms} ms → ${rel(d.pa)}, ${rel(d.eleventy)}, ${rel(d.hugo)}`);
  }
}
