// The bench corpus laid out the way other generators lay sites out, for checking link checkers:
// folder-index URLs (/guides/topic-3/ → guides/topic-3/index.html), relative links (./, ../,
// ../../, ?query, #fragment), dotted page names (reference/os.path.html), an asset whose name has
// a space (linked as chart%201.svg), named anchors, #, #top, and (Hugo) redirect pages and a
// sitemap. Written as an Eleventy project and a Hugo project from the same Markdown, built with
// each, and then faults of each kind are seeded into copies of the builds.
//
//   import { writeCorpus, buildEleventy, buildHugo, seedFaults } from './link-corpus.mjs';
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { page } from './generate.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
export const eleventyBin = path.join(here, 'node_modules', '@11ty', 'eleventy', 'cmd.cjs');
export const ORIGIN = 'https://example.org';
const SECTIONS = ['guides', 'reference', 'help'];
const DOTTED = ['os.path', 'os.walk', 'v1.2-notes', 'str.format'];

function write(file, text) {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, text);
}

/** The relative reference from a page at URL path `from` to URL path `to`, as an author writes it. */
export function rel(from, to) {
  const fromDir = from
    .slice(0, from.lastIndexOf('/') + 1)
    .split('/')
    .filter(Boolean);
  const target = to.split('/').filter(Boolean);
  const trailing = to.endsWith('/') && target.length > 0;
  let common = 0;
  while (common < fromDir.length && common < target.length - (trailing ? 0 : 1) && fromDir[common] === target[common])
    common++;
  const up = '../'.repeat(fromDir.length - common);
  const down = target.slice(common).join('/') + (trailing && target.length > common ? '/' : '');
  return up + down || './';
}

/**
 * The corpus: `n` pages (page 0 the home page), each with its URL path, title, heading and
 * Markdown body. Section indexes, topic pages and some nested notes pages are folder indexes;
 * the reference pages have dotted .html names.
 */
export function corpus(n) {
  if (n < 20) throw new Error('the link corpus needs at least 20 pages');
  const urls = ['/', ...SECTIONS.map((s) => `/${s}/`), ...DOTTED.map((d) => `/reference/${d}.html`)];
  for (let k = 1; urls.length < n; k++) {
    urls.push(`/guides/topic-${k}/`);
    if (k % 8 === 0 && urls.length < n) urls.push(`/guides/topic-${k}/notes/`);
  }
  const topics = urls.filter((u) => /^\/guides\/topic-\d+\/$/.test(u));
  return urls.map((url, k) => {
    const p = page(k, n, (j) => rel(url, urls[j]));
    const next = topics[(topics.indexOf(url) + 1) % topics.length] ?? topics[k % topics.length];
    const other = topics[(k * 7) % topics.length];
    const dotted = `/reference/${DOTTED[k % DOTTED.length]}.html`;
    // Explicit links of each tricky kind, relative to this page's own URL.
    const links = [
      `- [next topic](${rel(url, next)}) and [its intro](${rel(url, next)}#intro)`,
      `- [a topic's main text](${rel(url, other)}#main) and [page 2 of guides](${rel(url, '/guides/')}?page=2)`,
      `- [reference](${rel(url, dotted)}) and [its function](${rel(url, dotted)}#${DOTTED[k % DOTTED.length]}.fn)`,
      `- [this page](./), [its intro](./#intro), [intro](#intro), [top](#top), [Top](#TOP), [also top](#)`,
      `- [home](${rel(url, '/')}) and [the help section](/help/)`,
      `- ![chart](${rel(url, '/assets/chart 1.svg').replace(/ /g, '%20')})`,
    ];
    if (url.endsWith('/notes/')) links.push(`- [the topic these notes are for](../)`);
    const name = DOTTED.find((d) => url === `/reference/${d}.html`);
    const anchors = `<a name="intro"></a>\n${name ? `<h2 id="${name}.fn">${name}()</h2>\n` : ''}`;
    return {
      url,
      title: p.title,
      heading: p.heading,
      description: p.description,
      body: `${anchors}\n${p.body}\n## Links\n\n${links.join('\n')}\n`,
      // A few Hugo redirect pages (aliases) from old URLs.
      alias: url.startsWith('/guides/topic-') && k % 25 === 0 ? `/old${url}` : null,
    };
  });
}

const layout = (title, heading, content) => `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>${title}</title><link rel="stylesheet" href="/assets/site.css"></head>
<body><a href="#main">Skip to the text</a>
<header><nav><a href="/">Home</a> <a href="/guides/">Guides</a> <a href="/reference/">Reference</a>
<a href="/help/">Help</a></nav></header>
<main id="main"><h1>${heading}</h1>
${content}
</main>
<footer id="page-end"><a href="#top">Back to top</a></footer>
</body>
</html>
`;

const ASSETS = {
  'assets/site.css': 'body { font: 16px/1.5 sans-serif; }\n',
  'assets/chart 1.svg': '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>\n',
};

const yamlStr = (s) => JSON.stringify(s);

/** Writes `dir/eleventy` and `dir/hugo` projects for `n` pages; returns their folders and the pages. */
export function writeCorpus(dir, n) {
  const pages = corpus(n);
  const ety = path.join(dir, 'eleventy');
  const hugo = path.join(dir, 'hugo');
  for (const d of [ety, hugo]) rmSync(d, { recursive: true, force: true });

  write(
    path.join(ety, 'eleventy.config.mjs'),
    `export default function (config) {
  config.addPassthroughCopy({ static: '/' });
  return { dir: { input: 'pages', includes: '_includes' }, markdownTemplateEngine: false };
}
`,
  );
  write(path.join(ety, 'pages', 'pages.11tydata.json'), `${JSON.stringify({ layout: 'layout.njk' })}\n`);
  write(
    path.join(ety, 'pages', '_includes', 'layout.njk'),
    layout('{{ title }}', '{{ heading }}', '{{ content | safe }}'),
  );

  write(
    path.join(hugo, 'hugo.toml'),
    `baseURL = "${ORIGIN}/"
title = "link corpus"
disableKinds = ["taxonomy", "term", "RSS", "robotsTXT", "404", "section"]
[markup.goldmark.renderer]
unsafe = true
`,
  );
  const hugoLayout = layout('{{ .Title }}', '{{ .Params.heading }}', '{{ .Content }}');
  write(path.join(hugo, 'layouts', '_default', 'single.html'), hugoLayout);
  write(path.join(hugo, 'layouts', 'index.html'), hugoLayout);

  for (const [file, text] of Object.entries(ASSETS)) {
    write(path.join(ety, 'static', file), text);
    write(path.join(hugo, 'static', file), text);
  }
  pages.forEach((p, k) => {
    const common = [
      `title: ${yamlStr(p.title)}`,
      `description: ${yamlStr(p.description)}`,
      `heading: ${yamlStr(p.heading)}`,
    ]
      .map((l) => `${l}\n`)
      .join('');
    write(path.join(ety, 'pages', `p${k}.md`), `---\n${common}permalink: ${yamlStr(p.url)}\n---\n${p.body}`);
    // Hugo's home page is its own kind: content/_index.md with layouts/index.html.
    const hugoMeta = k === 0 ? '' : `url: ${yamlStr(p.url)}\n${p.alias ? `aliases: [${yamlStr(p.alias)}]\n` : ''}`;
    write(path.join(hugo, 'content', k === 0 ? '_index.md' : `p${k}.md`), `---\n${common}${hugoMeta}---\n${p.body}`);
  });
  return { eleventy: ety, hugo, pages };
}

function run(cmd, args, cwd) {
  const r = spawnSync(cmd, args, { cwd, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed (${r.status}):\n${r.stderr || r.stdout}`);
}

export function buildEleventy(project, out) {
  rmSync(out, { recursive: true, force: true });
  run(process.execPath, [eleventyBin, '--quiet', `--output=${out}`], project);
  return out;
}

export function buildHugo(project, out) {
  rmSync(out, { recursive: true, force: true });
  run('hugo', ['--quiet', '--source', project, '--destination', out], project);
  return out;
}

/**
 * Copies a build to `out` and seeds one fault of each kind into it. Returns what a correct
 * checker must report: `rule target` for each fault (and, when the build has a sitemap, the
 * sitemap entries of deleted pages).
 */
export function seedFaults(built, out, pages) {
  rmSync(out, { recursive: true, force: true });
  cpSync(built, out, { recursive: true });
  const topics = pages.filter((p) => /^\/guides\/topic-\d+\/$/.test(p.url) && !p.alias).map((p) => p.url);
  const fileOf = (url) => path.join(out, url.endsWith('/') ? `${url}index.html` : url);
  const edit = (url, fn) => {
    const f = fileOf(url);
    const before = readFileSync(f, 'utf8');
    const after = fn(before);
    if (after === before) throw new Error(`seeding ${url}: nothing changed`);
    writeFileSync(f, after);
  };
  const inject = (url, html) => edit(url, (t) => t.replace('<main id="main">', `<main id="main"><p>${html}</p>`));
  const sitemap = existsSync(path.join(out, 'sitemap.xml'));
  const expected = [];

  // 1. A page other pages link to is gone (a folder index).
  const gone = topics[5];
  rmSync(fileOf(gone));
  expected.push(`broken-link ${gone}`);
  if (sitemap) expected.push(`sitemap ${ORIGIN}${gone}`);
  // 2. A dotted .html page is gone.
  const dotted = '/reference/os.walk.html';
  rmSync(fileOf(dotted));
  expected.push(`broken-link ${dotted}`);
  if (sitemap) expected.push(`sitemap ${ORIGIN}${dotted}`);
  // 3. The named anchor other pages link to (#intro) is gone from a folder index page.
  const anchorless = topics[9];
  edit(anchorless, (t) => t.replace('<a name="intro"></a>', ''));
  expected.push(`broken-fragment ${anchorless}#intro`);
  // 4. The id a dotted page's links use is renamed.
  edit('/reference/str.format.html', (t) => t.replace('id="str.format.fn"', 'id="str-format-fn"'));
  expected.push('broken-fragment /reference/str.format.html#str.format.fn');
  // 5. A shared asset whose name has a space is gone.
  rmSync(path.join(out, 'assets', 'chart 1.svg'));
  expected.push('broken-asset /assets/chart%201.svg');
  // 6. Broken relative links and fragments written on a folder index page.
  const page = topics[12];
  inject(
    page,
    '<a href="../topic-99999/">gone</a> <a href="../../guides/topic-1/#no-such-part">part</a> ' +
      '<a href="#nowhere">here</a> <a href="../Topic-1/">case</a> <img src="../../assets/missing.png" alt="">',
  );
  expected.push(
    'broken-link /guides/topic-99999/',
    'broken-fragment /guides/topic-1/#no-such-part',
    `broken-fragment ${page}#nowhere`,
    'broken-link /guides/Topic-1/',
    'broken-asset /assets/missing.png',
  );
  // 7. A broken link on a nested notes page, two folders down.
  const notes = pages.find((p) => p.url.endsWith('/notes/')).url;
  inject(notes, '<a href="../../../reference/os.path.html#nope">deep</a>');
  expected.push('broken-fragment /reference/os.path.html#nope');
  return expected.sort();
}
