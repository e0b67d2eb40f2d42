/**
 * Folders shaped like the output of documentation generators (rustdoc, Javadoc, mdBook, Haddock),
 * written small for tests (tests/check-docgen.test.ts) and at the Rust docs' size for the bench
 * (bench/check-docgen.mjs). Each has what gave false reports before: line-range fragments, redirect
 * pages without noindex, `<noscript>` refreshes, footers without `<main>`. `seed: true` adds breaks,
 * and each writer returns the findings (`rule target`) a correct check gives, each once.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const write = (dir, file, text) => {
  const full = path.join(dir, file);
  mkdirSync(path.dirname(full), { recursive: true });
  writeFileSync(full, text);
};

const html = (title, head, body) =>
  `<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n<title>${title}</title>\n${head}</head>\n` +
  `<body>\n${body}\n</body>\n</html>\n`;

/** rustdoc's redirect page: a delay-0 refresh without noindex, and a script carrying the hash. */
const rustdocRedirect = (to) =>
  html(
    'Redirection',
    `<meta http-equiv="refresh" content="0;URL=${to}">\n`,
    `<p>Redirecting to <a href="${to}">${to}</a>...</p>\n` +
      `<script>location.replace("${to}" + location.search + location.hash);</script>`,
  );

/** Javadoc's redirect page: a script, and a refresh inside `<noscript>`. */
const javadocRedirect = (to) =>
  html(
    'API Help',
    `<script>window.location.replace('${to}')</script>\n<noscript>\n` +
      `<meta http-equiv="Refresh" content="0;${to}">\n</noscript>\n`,
    `<main><p><a href="${to}">${to}</a></p></main>`,
  );

/**
 * rustdoc: `pages` struct pages (10 links each: line ranges into src/, methods of other structs,
 * methods through a redirect page, the crate index), a source page per 20 structs, a redirect page
 * per 10. About 1.15 files per struct, so `pages: 28_000` is the Rust docs' 32,000. The bench adds
 * `bulk` bytes of prose per page (real pages are tens of kilobytes) and `extra` fragment links per
 * page, each to its own id on another struct page, of which the first `broken` miss their id (a
 * finding each): trees with the same `extra` hold the same links, so their memory differs only by
 * the findings.
 */
export function writeRustdoc(dir, { pages = 40, seed = false, bulk = 0, broken = 0, extra = broken } = {}) {
  const prose = bulk ? `<div class="docblock">${'<p>Returns the value. '.repeat(Math.ceil(bulk / 22))}</div>\n` : '';
  const n = Math.max(pages, 20);
  const src = (i) => `../src/core/m${Math.floor(i / 20)}.rs.html`;
  const lines = Array.from({ length: 60 }, (_, k) => `<a href="#${k + 1}" id="${k + 1}">${k + 1}</a>`).join('\n');
  for (let s = 0; s < Math.ceil(n / 20); s++)
    write(dir, `src/core/m${s}.rs.html`, html(`m${s}.rs`, '', `<main><pre>${lines}</pre></main>`));
  /** The struct pages whose extra links point into each page: the ids they name are there unless broken. */
  const linkers = new Map();
  for (let i = 0; i < n && extra > broken; i++) {
    const j = (i * 7 + 3) % n;
    linkers.set(j, [...(linkers.get(j) ?? []), i]);
  }
  for (let i = 0; i < n; i++) {
    const j = (i * 7 + 3) % n;
    const k = (i * 13 + 5) % n;
    const r = Math.floor(((i * 3) % n) / 10) * 10;
    const links = [
      `<a href="${src(i)}#${(i % 40) + 1}-${(i % 40) + 15}">source</a>`,
      `<a href="${src(j)}#${(j % 50) + 1}">line</a>`,
      `<a href="struct.S${j}.html#method.run">S${j}::run</a>`,
      `<a href="struct.S${k}.html#method.stop">S${k}::stop</a>`,
      `<a href="struct.Old${r}.html#method.run">Old${r}::run</a>`,
      `<a href="struct.Old${r}.html">Old${r}</a>`,
      `<a href="index.html#structs">structs</a>`,
      `<a href="#method.run">run</a>`,
      `<a href="#impl-Clone-for-S${i}">Clone</a>`,
      `<a href="../static.files/rustdoc.css">style</a>`,
    ];
    for (let b = 0; b < extra; b++) links.push(`<a href="struct.S${j}.html#method.gone${i}-${b}">gone</a>`);
    const ids = (linkers.get(i) ?? []).flatMap((from) =>
      Array.from({ length: extra - broken }, (_, b) => `<span id="method.gone${from}-${b + broken}"></span>`),
    );
    const body =
      `<nav class="sidebar"><a href="index.html">core</a></nav>\n<main>\n<h1 id="main">S${i}</h1>\n` +
      `<section id="method.run">run</section><section id="method.stop">stop</section>\n` +
      `<div id="impl-Clone-for-S${i}">impl</div>${ids.join('')}\n${prose}<p>${links.join('\n')}</p>\n</main>`;
    write(dir, `core/struct.S${i}.html`, html(`S${i}`, '', body));
    if (i % 10 === 0) write(dir, `core/struct.Old${i}.html`, rustdocRedirect(`struct.S${i}.html`));
  }
  const index = Array.from({ length: Math.min(n, 50) }, (_, i) => `<a href="struct.S${i}.html">S${i}</a>`);
  write(dir, 'core/index.html', html('core', '', `<main><h2 id="structs">Structs</h2>\n${index.join('\n')}</main>`));
  write(dir, 'static.files/rustdoc.css', 'body { margin: 0 }\n');
  if (!seed) return [];
  // A range whose end is no line, a method missing behind a redirect page, a redirect to nowhere.
  write(
    dir,
    'core/seeded.html',
    html(
      'seeded',
      '',
      '<main><a href="../src/core/m0.rs.html#10-999">range</a>\n' +
        '<a href="struct.Old0.html#method.gone">gone</a>\n<a href="struct.Lost.html#method.run">lost</a></main>',
    ),
  );
  write(dir, 'core/struct.Lost.html', rustdocRedirect('struct.Nowhere.html'));
  return [
    'broken-fragment /core/struct.Old0.html#method.gone',
    'broken-fragment /src/core/m0.rs.html#10-999',
    'broken-link /core/struct.Nowhere.html',
  ];
}

/**
 * Javadoc: class pages with a `<header>`, `<main>` and a `<footer>` linking legal/copyright.html,
 * a redirect index page (script and `<noscript>` refresh), member ids with parentheses.
 */
export function writeJavadoc(dir, { pages = 30, seed = false } = {}) {
  for (let i = 0; i < pages; i++) {
    const j = (i + 1) % pages;
    const body =
      `<header><nav><a href="../../../index.html">Overview</a> <a href="package-summary.html">Package</a></nav>` +
      `</header>\n<main>\n<h1>Class${i}</h1>\n` +
      `<section id="method-summary"><a id="toString()">toString</a></section>\n` +
      `<a href="Class${j}.html#toString()">Class${j}.toString</a>\n` +
      `<a href="Class${j}.html#method-summary">methods</a>` +
      `\n<a href="../../../api-index.html#I:C">index</a>\n</main>\n` +
      `<footer><a href="../../../legal/copyright.html">Copyright</a></footer>`;
    const css = '<link rel="stylesheet" href="../../../stylesheet.css">\n';
    write(dir, `java.base/java/lang/Class${i}.html`, html(`Class${i}`, css, body));
  }
  // Javadoc's stylesheet imports its fonts' CSS; jQuery UI's images sit beside it.
  write(
    dir,
    'stylesheet.css',
    "@import url('resources/fonts/dejavu.css');\nbody { background: url(script-dir/images/ui-bg.png) }\n",
  );
  write(dir, 'resources/fonts/dejavu.css', "@font-face { src: url('DejaVuSans.woff') format('woff') }\n");
  write(dir, 'resources/fonts/DejaVuSans.woff', 'woff');
  if (!seed) write(dir, 'script-dir/images/ui-bg.png', 'png');
  const summary =
    '<main><a href="Class0.html">Class0</a></main><footer><a href="../../../legal/copyright.html">©</a></footer>';
  write(dir, 'java.base/java/lang/package-summary.html', html('java.lang', '', summary));
  write(dir, 'api-index.html', html('Index', '', '<main><h2 id="I:C">C</h2></main>'));
  write(dir, 'index.html', javadocRedirect('java.base/java/lang/package-summary.html'));
  write(dir, 'help.html', javadocRedirect('java.base/java/lang/Class0.html'));
  write(
    dir,
    'java.base/module-summary.html',
    html('java.base', '', '<main><a href="../help.html#toString()">h</a></main>'),
  );
  if (!seed) {
    write(dir, 'legal/copyright.html', html('Copyright', '', '<main><p>©</p></main>'));
    return [];
  }
  return ['broken-link /legal/copyright.html', 'broken-asset /script-dir/images/ui-bg.png'];
}

/** mdBook: a sidebar `<nav>`, content in `<div id="content">` with no `<main>`, and a `<footer>`. */
export function writeMdbook(dir, { pages = 20, seed = false } = {}) {
  for (let i = 0; i < pages; i++) {
    const next = `ch${(i + 1) % pages}.html`;
    const body =
      `<nav id="sidebar"><a href="index.html">Intro</a> <a href="ch0.html">1</a></nav>\n<div id="content">\n` +
      `<h1 id="chapter-${i}">Chapter ${i}</h1>\n<p><a href="${next}#chapter-${(i + 1) % pages}">next</a> ` +
      `<a href="index.html#intro">intro</a></p>\n</div>\n<footer><a href="print.html">Print</a></footer>`;
    write(dir, `ch${i}.html`, html(`Chapter ${i}`, '<link rel="stylesheet" href="book.css">\n', body));
  }
  write(dir, 'index.html', html('Intro', '', '<div id="content"><h1 id="intro">Intro</h1></div><footer></footer>'));
  write(dir, 'print.html', html('Print', '', '<div id="content"><p>all</p></div>'));
  write(dir, 'book.css', 'body { color: #222 }\n');
  if (!seed) return [];
  write(dir, 'ch-seeded.html', html('S', '', '<div id="content"><a href="ch0.html#nope">x</a></div><footer></footer>'));
  return ['broken-fragment /ch0.html#nope'];
}

/** Haddock: a package header div, module pages with `v:`/`t:` anchors, source pages with `line-N` ids. */
export function writeHaddock(dir, { pages = 20, seed = false } = {}) {
  const lines = Array.from({ length: 40 }, (_, k) => `<a id="line-${k + 1}"></a>${k + 1}`).join('\n');
  for (let i = 0; i < pages; i++) {
    const j = (i + 3) % pages;
    const body =
      `<div id="package-header"><ul class="links"><li><a href="index.html">Contents</a></li></ul></div>\n` +
      `<div id="content"><p id="v:f${i}">f${i}</p><p id="t:T${i}">T${i}</p>\n` +
      `<a href="Data-M${j}.html#v:f${j}">f${j}</a> <a href="Data-M${j}.html#t:T${j}">T${j}</a>\n` +
      `<a href="src/Data.M${i}.html#line-${(i % 30) + 1}">Source</a></div>\n` +
      `<div id="footer"><p>Produced by <a href="http://www.haskell.org/haddock/">Haddock</a></p></div>`;
    write(dir, `Data-M${i}.html`, html(`Data.M${i}`, '<link rel="stylesheet" href="linuwial.css">\n', body));
    write(dir, `src/Data.M${i}.html`, html(`Data.M${i}`, '', `<pre>${lines}</pre>`));
  }
  write(dir, 'index.html', html('Contents', '', '<div id="content"><a href="Data-M0.html">M0</a></div>'));
  const font = (f) => `@font-face { font-family: PT Sans; src: url("fonts/${f}") format("woff2"); }\n`;
  write(dir, 'linuwial.css', `${font('PTS55F.woff2')}${font('PTS75F.woff2')}a { color: #196 }\n`);
  write(dir, 'fonts/PTS55F.woff2', 'woff2');
  if (!seed) {
    write(dir, 'fonts/PTS75F.woff2', 'woff2');
    return [];
  }
  write(
    dir,
    'Data-Seeded.html',
    html('S', '', '<a href="Data-M1.html#v:gone">gone</a> <a href="src/Data.M99.html">src</a>'),
  );
  return ['broken-fragment /Data-M1.html#v:gone', 'broken-link /src/Data.M99.html', 'broken-asset /fonts/PTS75F.woff2'];
}

export const WRITERS = { rustdoc: writeRustdoc, javadoc: writeJavadoc, mdbook: writeMdbook, haddock: writeHaddock };
