// `node bench/check-bench.mjs --generators [pages]`: pa-site check --dir and linkinator 7 side by
// side on the link corpus built by Eleventy and by Hugo, clean and with seeded faults
// (bench/link-corpus.mjs). For each folder and tool: time, false positives (distinct broken URLs
// that are not seeded faults) and seeded faults found. Prints figures; asserts nothing.
import { existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { LinkChecker } from 'linkinator';
import { buildEleventy, buildHugo, eleventyBin, seedFaults, writeCorpus } from './link-corpus.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));

/** A seeded fault as a URL key: the path, plus the fragment for fragment faults. */
const faultKey = (expected) => expected.slice(expected.indexOf(' ') + 1);

/**
 * linkinator's broken results as keys: a missing page by its path, a missing fragment with it.
 * Given a folder, linkinator names URLs as the folder path followed by the URL path.
 */
function linkinatorKeys(links, dir) {
  const keys = new Set();
  for (const l of links) {
    if (l.state !== 'BROKEN') continue;
    const u = new URL(l.url.startsWith(dir) ? l.url.slice(dir.length) || '/' : l.url, 'http://localhost');
    keys.add(l.status === 200 && u.hash ? `${u.pathname}${u.hash}` : u.pathname);
  }
  return keys;
}

const score = (keys, expected) => {
  const want = new Set(expected.map(faultKey));
  return {
    falsePositives: [...keys].filter((k) => !want.has(k)),
    found: [...want].filter((k) => keys.has(k)).length,
    missed: [...want].filter((k) => !keys.has(k)),
    seeded: want.size,
  };
};

export async function generatorBench(check, n) {
  if (!existsSync(eleventyBin)) throw new Error('Eleventy is missing: run npm --prefix bench ci');
  const work = path.join(here, 'work', 'link-corpus');
  await rm(work, { recursive: true, force: true });
  const project = writeCorpus(work, n);
  const trees = [];
  for (const [name, build, src] of [
    ['Eleventy', buildEleventy, project.eleventy],
    ['Hugo', buildHugo, project.hugo],
  ]) {
    const t = performance.now();
    let built;
    try {
      built = build(src, path.join(work, `${name}-site`));
    } catch (e) {
      console.log(`${name}: not built (${e.message.split('\n')[0]})`);
      continue;
    }
    console.log(`${name}: built ${n} pages in ${Math.round(performance.now() - t)} ms`);
    trees.push({ name: `${name} clean`, dir: built, expected: [] });
    const seeded = path.join(work, `${name}-seeded`);
    trees.push({ name: `${name} seeded`, dir: seeded, expected: seedFaults(built, seeded, project.pages) });
  }

  const rows = [];
  for (const tree of trees) {
    let t = performance.now();
    const r = await check({ dir: tree.dir });
    const oursMs = performance.now() - t;
    const ours = score(new Set(r.findings.map((f) => f.target ?? f.rule)), tree.expected);

    t = performance.now();
    const lk = await new LinkChecker().check({
      path: tree.dir,
      recurse: true,
      checkFragments: true,
      concurrency: 100,
      linksToSkip: ['^https?://(?!localhost)', '^mailto:', '^tel:'],
    });
    const theirsMs = performance.now() - t;
    const theirs = score(linkinatorKeys(lk.links, tree.dir), tree.expected);
    rows.push({ tree: tree.name, r, ours, oursMs, theirs, theirsMs });
  }

  console.log('\n| folder | tool | time | false positives | seeded faults found |\n| --- | --- | --: | --: | --: |');
  for (const row of rows) {
    const line = (tool, ms, s) =>
      `| ${row.tree} | ${tool} | ${Math.round(ms)} ms | ${s.falsePositives.length} | ` +
      `${s.seeded ? `${s.found}/${s.seeded}` : '—'} |`;
    console.log(line('pa-site check --dir', row.oursMs, row.ours));
    console.log(line('linkinator 7', row.theirsMs, row.theirs));
  }
  for (const row of rows) {
    for (const [tool, s] of [
      ['pa-site', row.ours],
      ['linkinator', row.theirs],
    ]) {
      const fp = s.falsePositives;
      const top = fp.filter((k) => /#top$/i.test(k)).length;
      if (fp.length)
        console.log(
          `${tool} false positives on ${row.tree}: ${fp.length} (${top} are #top or #TOP links); ` +
            `others: ${
              fp
                .filter((k) => !/#top$/i.test(k))
                .slice(0, 6)
                .join(' ') || 'none'
            }`,
        );
      if (s.missed.length) console.log(`${tool} missed on ${row.tree}: ${s.missed.join(' ')}`);
    }
  }
  const first = rows[0]?.r.summary;
  console.log(
    `\npa-site checked ${first?.pages ?? 0} pages and ${first?.links ?? 0} links on the clean Eleventy tree. ` +
      'The Hugo seeded faults include the sitemap entries of deleted pages, which linkinator does not read.',
  );
}
