#!/usr/bin/env node
// Times `pa-site check --dir` against linkinator 7 on the same folders.
//
//   node bin/compile.js && node bench/check-bench.mjs [pages] [--only-pa-site]
//   node bin/compile.js && node bench/check-bench.mjs --generators [pages]
//
// Default: a synthetic 4,000-page pa-site-like folder (it carries pa-site's marker, so the page
// rules run too) with header/footer-like links on every page, cross links with fragments, operator
// cards, images with srcset, a sitemap and four seeded faults (a broken path, a broken asset, and
// broken fragments on a page before and after the linking page).
// --generators: the link corpus (bench/link-corpus.mjs, 200 pages unless given) built by Eleventy
// and by Hugo, each clean and with seeded faults: findings (false positives, seeded faults found)
// and time for both tools on the same four folders. Needs `npm --prefix bench ci` and `hugo`.
// No network: external links are skipped.
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { LinkChecker } from 'linkinator';

const pkg = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const { check } = await import(path.join(pkg, 'lib', 'index.js'));

const args = process.argv.slice(2);
if (args.includes('--generators')) {
  const { generatorBench } = await import('./check-bench-generators.mjs');
  await generatorBench(check, Number(args.find((a) => /^\d+$/.test(a)) ?? 200));
  process.exit(0);
}
const PAGES = Number(args.find((a) => /^\d+$/.test(a)) ?? 4000);
const ONLY_OURS = args.includes('--only-pa-site');
const ORIGIN = 'https://bench.example';
const route = (i) => (i === 0 ? '/' : `/guides/topic-${i}`);
const fileOf = (i) => (i === 0 ? 'index.html' : `guides/topic-${i}.html`);

// Deterministic pseudo-random cross links.
let seed = 42;
const rand = (n) => {
  seed = (seed * 1103515245 + 12345) % 2 ** 31;
  return seed % n;
};

const nav = (from, count) =>
  Array.from({ length: count }, (_, k) => `<li><a href="${route(from + k)}">Topic ${from + k}</a></li>`).join('');

function page(i) {
  const cross = Array.from({ length: 10 }, (_, k) => {
    const t = 1 + rand(PAGES - 1);
    return k % 3 === 0
      ? `<a href="${route(t)}#section-${1 + (k % 3)}">see topic ${t}</a>`
      : `<a href="${route(t)}">topic ${t}</a>`;
  });
  const seeded = [];
  if (i === 10)
    seeded.push('<a href="/guides/no-such-topic">missing page</a>', '<img src="/assets/missing.png" alt="">');
  if (i === 20) seeded.push(`<a href="${route(5)}#no-such-section">earlier page, bad fragment</a>`);
  if (i === 30) seeded.push(`<a href="${route(PAGES - 2)}#no-such-section">later page, bad fragment</a>`);
  // A backslash at the end of a line continues it: no line break in the string there.
  return `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>Topic ${i} | Bench Site</title>
<meta name="description" content="Everything about topic ${i}, a synthetic page for timing the link checker.">
<link rel="canonical" href="${ORIGIN}${route(i)}">
<link rel="icon" href="/favicon.svg"><link rel="stylesheet" href="/assets/site.css">\
<script src="/assets/site.js"></script></head>
<body><a class="skip-link" href="#main">Skip to content</a>
<header class="site-header"><nav id="site-nav"><ul>${nav(0, 20)}</ul>\
<a href="/guides/topic-1#section-1">Top offers</a></nav></header>
<main id="main"><article><h1>Topic ${i}</h1>
<p class="ad-disclosure">We may receive compensation when you sign up through a link on this page.</p>
<section id="section-1"><h2>Section one</h2><p>Intro text for topic ${i}. ${cross.slice(0, 5).join(' ')}</p>
<img src="/assets/photo.jpg" srcset="/assets/photo.jpg 1x, /assets/photo@2x.jpg 2x" alt=""></section>
<section id="section-2"><h2>Section two</h2><p>More text. ${cross.slice(5).join(' ')} ${seeded.join(' ')}</p>
<article class="op-card"><h3>Operator</h3>\
<a class="btn btn-cta" href="https://operator.example/" rel="sponsored nofollow">Claim</a>\
<p>New customers only. <a href="https://operator.example/terms" rel="sponsored nofollow">T&amp;Cs apply</a>. 21+</p>\
</article></section>
<section id="section-3"><h2>Section three</h2><p><a href="#section-1">Back to section one</a> <a href="#top">Top</a> \
<a href="${route((i + 1) % PAGES)}">Next topic</a></p></section>
</article></main>
<aside class="compliance"><p>You must be 21 or older and physically located in Pennsylvania to gamble online.</p>
<p>Gambling problem? Call <a href="tel:+18004262537">1-800-GAMBLER</a>.\
 We may receive compensation from operators.</p></aside>
<footer class="site-footer"><ul>${nav(20, 20)}</ul><a href="/sitemap.xml">Sitemap</a></footer>
</body></html>
`;
}

// A backslash at the end of a line continues it: no line break in the string there.
const notFound = `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Not found</title>\
<meta name="robots" content="noindex"></head>
<body><header><a href="/">Home</a></header><main><h1>Page not found</h1></main></body></html>`;

const dir = await mkdtemp(path.join(tmpdir(), 'pa-site-bench-'));
try {
  const t0 = performance.now();
  await mkdir(path.join(dir, 'guides'), { recursive: true });
  await mkdir(path.join(dir, 'assets'), { recursive: true });
  const writes = [];
  for (let i = 0; i < PAGES; i++) writes.push(writeFile(path.join(dir, fileOf(i)), page(i)));
  // What every pa-site build writes first in _headers: the folder is checked as a pa-site build.
  writes.push(
    writeFile(path.join(dir, '_headers'), '# Written by pa-site build. Security headers for every response.\n'),
  );
  writes.push(writeFile(path.join(dir, '404.html'), notFound));
  for (const a of ['site.css', 'site.js', 'photo.jpg', 'photo@2x.jpg'])
    writes.push(writeFile(path.join(dir, 'assets', a), 'x'));
  writes.push(writeFile(path.join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>'));
  const urls = Array.from({ length: PAGES }, (_, i) => `  <url><loc>${ORIGIN}${route(i)}</loc></url>`).join('\n');
  writes.push(
    writeFile(
      path.join(dir, 'sitemap.xml'),
      `<?xml version="1.0" encoding="UTF-8"?>\n` +
        `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`,
    ),
  );
  await Promise.all(writes);
  console.log(`generated ${PAGES} pages + 404.html in ${dir} (${Math.round(performance.now() - t0)} ms)`);

  let t = performance.now();
  const result = await check({ dir });
  const ours = performance.now() - t;
  const count = (rule) => result.findings.filter((f) => f.rule === rule).length;
  if (process.env.BENCH_VERBOSE)
    for (const f of result.findings) console.log(`  pa-site: ${f.rule} ${f.target ?? ''} ${f.message}`);
  const [links, assets, fragments] = [count('broken-link'), count('broken-asset'), count('broken-fragment')];
  console.log(
    `pa-site check --dir: ${Math.round(ours)} ms  (${result.summary.pages} pages, ${result.summary.links} links; ` +
      `broken-link ${links}, broken-asset ${assets}, broken-fragment ${fragments}, ` +
      `other findings ${result.findings.length - links - assets - fragments})`,
  );

  if (!ONLY_OURS) {
    t = performance.now();
    const lk = await new LinkChecker().check({
      path: dir,
      recurse: true,
      cleanUrls: true,
      checkFragments: true,
      concurrency: 100,
      linksToSkip: ['^https?://(?!localhost)', '^tel:'],
    });
    const theirs = performance.now() - t;
    const broken = lk.links.filter((l) => l.state === 'BROKEN');
    const top = broken.filter((l) => l.url.endsWith('#top')).length;
    const otherFragments = broken.filter(
      (l) => l.url.includes('#') && !l.url.endsWith('#top') && !l.url.endsWith('#no-such-section'),
    ).length;
    const seeded = [
      '/guides/no-such-topic',
      '/assets/missing.png',
      `${route(5)}#no-such-section`,
      `${route(PAGES - 2)}#no-such-section`,
    ];
    const found = seeded.filter((s) => broken.some((l) => l.url.endsWith(s)));
    const missed = seeded.filter((s) => !found.includes(s));
    console.log(
      `linkinator 7 (recurse, cleanUrls, checkFragments): ${Math.round(theirs)} ms  ` +
        `(${lk.links.length} link results, ${broken.length} broken: ${top} are valid #top links, ` +
        `${otherFragments} other valid fragments, ` +
        `seeded faults found ${found.length}/4${found.length < 4 ? `, missed ${missed.join(' ')}` : ''})`,
    );
    const byStatus = {};
    for (const l of broken)
      if (!l.url.endsWith('#top')) byStatus[l.status ?? 'none'] = (byStatus[l.status ?? 'none'] ?? 0) + 1;
    console.log(`  linkinator broken results other than #top, by status: ${JSON.stringify(byStatus)}`);
    if (process.env.BENCH_VERBOSE)
      for (const l of broken.filter((l) => !l.url.endsWith('#top')).slice(0, 20))
        console.log(`  linkinator: ${l.status} ${l.url} on ${l.parent}`);
    console.log(`ratio: linkinator / pa-site = ${(theirs / ours).toFixed(1)}x`);
  }
} finally {
  await rm(dir, { recursive: true, force: true });
}
