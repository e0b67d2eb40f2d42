#!/usr/bin/env node
// Times `pa-site check --dir` against the size of one page: a generated single-page folder of 1, 2,
// 4 and 8 MB (text, internal links with fragments, external links, operator-like cards), once as
// another generator's folder and once carrying pa-site's marker (so the page rules run too), and a
// page of 10,000 external links. Time should grow with the size, not its square. Prints figures;
// asserts nothing.
//
//   node bin/compile.js && node bench/check-pagesize.mjs [--sizes 1,2,4,8] [--only other|pa-site]
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';

const pkg = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const { check } = await import(path.join(pkg, 'lib', 'index.js'));

const args = process.argv.slice(2);
const opt = (name) => {
  const i = args.indexOf(name);
  return i === -1 ? undefined : args[i + 1];
};
const SIZES = (opt('--sizes') ?? '1,2,4,8').split(',').map(Number);
const ONLY = opt('--only');
const MB = 1024 * 1024;

/** One section of about 1.3 kB: a heading with an id, text, links of every kind, an operator card. */
const section = (i) =>
  `<section id="s${i}"><h2>Section ${i}</h2>
<p>Paragraph ${i} of a long reference page. See <a href="#s${Math.max(0, i - 1)}">the section before</a>,
<a href="other.html#part-${i % 50}">part ${i % 50} of the other page</a> and
<a href="https://docs.example/api/${i}">the API notes for item ${i}</a>. The terms and conditions of
the example apply to every item; <code>value(${i})</code> returns the value as a string.</p>
<div class="card"><a class="btn-cta" href="https://operator.example/${i % 20}" rel="sponsored">Claim</a>
<p>T&amp;Cs apply. <a href="https://operator.example/terms">Full terms</a>.</p></div>
<ul><li><a href="other.html">Other page</a></li><li><a href="https://example.org/${i}">Elsewhere ${i}</a></li></ul>
</section>
`;

const head = (title) =>
  `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>${title}</title>` +
  '<link rel="stylesheet" href="style.css"></head>\n<body><main><h1>Reference</h1>\n';
const tail = '</main></body></html>\n';

function bigPage(bytes) {
  const parts = [head('Reference')];
  let size = parts[0].length;
  for (let i = 0; size < bytes; i++) {
    const s = section(i);
    parts.push(s);
    size += s.length;
  }
  parts.push(tail);
  return parts.join('');
}

/** A page of 10,000 external links, as Sphinx's changes.html has thousands. */
function externalPage(n) {
  const items = Array.from(
    { length: n },
    (_, i) => `<li><a class="reference external" href="https://issues.example/${i}">issue ${i}</a>: fixed</li>`,
  );
  return `${head('Changes')}<ul>\n${items.join('\n')}\n</ul>${tail}`;
}

const other = Array.from({ length: 50 }, (_, i) => `<h2 id="part-${i}">Part ${i}</h2>`).join('\n');

async function timeFolder(html, paSite) {
  const dir = await mkdtemp(path.join(tmpdir(), 'pa-site-pagesize-'));
  try {
    await writeFile(path.join(dir, 'index.html'), html);
    await writeFile(path.join(dir, 'other.html'), `${head('Other')}${other}${tail}`);
    await writeFile(path.join(dir, 'style.css'), 'body{}');
    if (paSite) await writeFile(path.join(dir, '.pa-site-output'), '');
    const t = performance.now();
    const r = await check({ dir });
    return { ms: performance.now() - t, links: r.summary.links, findings: r.findings.length };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const kinds = [
  ['other', false],
  ['pa-site', true],
].filter(([k]) => !ONLY || ONLY === k);
console.log('| page | folder | size | links | time | ms per MB |\n| --- | --- | --: | --: | --: | --: |');
for (const [kind, paSite] of kinds) {
  for (const mb of SIZES) {
    const html = bigPage(mb * MB);
    const r = await timeFolder(html, paSite);
    console.log(
      `| generated | ${kind} | ${(html.length / MB).toFixed(1)} MB | ${r.links} | ${Math.round(r.ms)} ms | ` +
        `${Math.round(r.ms / (html.length / MB))} |`,
    );
  }
  const html = externalPage(10_000);
  const r = await timeFolder(html, paSite);
  console.log(
    `| 10,000 external links | ${kind} | ${(html.length / MB).toFixed(1)} MB | ${r.links} | ${Math.round(r.ms)} ms | ` +
      `${Math.round(r.ms / (html.length / MB))} |`,
  );
}
