#!/usr/bin/env node
// pa-site's Markdown stage against markdown-it alone, on the bench corpus's page bodies, in one
// process: what pa-site's Markdown rules (values, links, wording, heading ids, escaping) add to
// markdown-it, on the first pass (code not yet optimized) and once warm. Prints figures; asserts nothing.
// Usage: node bench/markdown.mjs [--pages 4000] [--passes 5]
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import MarkdownIt from 'markdown-it';
import { page, repoDir } from './generate.mjs';
import { intOptions } from './args.mjs';

const usage = 'usage: node bench/markdown.mjs [--pages 4000] [--passes 5]';
const opts = intOptions(process.argv, usage, { pages: 4000, passes: 5 }, { pages: 2, passes: 1 });

// The stage as the build runs it (src/, bundled here so the script needs no compiled lib/).
const tmp = mkdtempSync(path.join(os.tmpdir(), 'pa-site-markdown-bench-'));
process.on('exit', () => rmSync(tmp, { recursive: true, force: true }));
const outfile = path.join(tmp, 'markdown.mjs');
await build({
  entryPoints: [path.join(repoDir, 'src', 'pipeline', 'render', 'markdown', 'markdown.ts')],
  bundle: true,
  platform: 'node',
  format: 'esm',
  outfile,
  logLevel: 'silent',
});
const { markdownForPage } = await import(pathToFileURL(outfile).href);

// The bench pages use no {{…}} values and no operator: links, so an empty context serves.
const ctx = { config: {}, operators: new Map(), reviewRoutes: new Map() };
const bodies = Array.from({ length: opts.pages }, (_, k) => page(k, opts.pages).body);
const plain = new MarkdownIt('default', { html: true, linkify: false, typographer: false });

const time = (fn) => {
  const t0 = performance.now();
  fn();
  return performance.now() - t0;
};
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)];
const mb = bodies.reduce((sum, b) => sum + Buffer.byteLength(b), 0) / 2 ** 20;
console.log(`Markdown stage on ${opts.pages} bench page bodies (${mb.toFixed(1)} MB); node ${process.version}`);

const runs = { plain: [], pa: [] };
let warnings = 0;
for (let pass = 1; pass <= opts.passes; pass++) {
  runs.plain.push(
    time(() => {
      for (const b of bodies) plain.render(b);
    }),
  );
  runs.pa.push(
    time(() => {
      for (const b of bodies) {
        const md = markdownForPage(ctx, 'content/pages/bench.md');
        md.render(b, 1);
        warnings += md.diagnostics.length;
      }
    }),
  );
  const label = pass === 1 ? 'pass 1 (cold)' : `pass ${pass}`;
  console.log(
    `${label}: markdown-it alone ${runs.plain.at(-1).toFixed(0)} ms, pa-site's stage ${runs.pa.at(-1).toFixed(0)} ms`,
  );
}
if (warnings) console.log(`note: the stage reported ${warnings} diagnostics (the corpus should give none)`);
if (opts.passes > 1) {
  const [a, b] = [median(runs.plain.slice(1)), median(runs.pa.slice(1))];
  const per = (ms) => ((1000 * ms) / opts.pages).toFixed(0);
  const added = ((100 * (b - a)) / a).toFixed(0);
  console.log(
    `warm (median of passes 2–${opts.passes}): markdown-it alone ${a.toFixed(0)} ms (${per(a)} µs a page), ` +
      `pa-site's stage ${b.toFixed(0)} ms (${per(b)} µs a page): pa-site's rules add ${added}%`,
  );
}
