#!/usr/bin/env node
// Lighthouse audit of the built site, mobile profile, in Debian's Chromium (or $CHROME_PATH).
//
//   node scripts/lighthouse.mjs                       build into a temp folder, audit the default pages
//   node scripts/lighthouse.mjs --dir dist            audit an existing build
//   node scripts/lighthouse.mjs --page /about --page /contact
//   node scripts/lighthouse.mjs --min 95              exit 1 when any category scores below 95
//   node scripts/lighthouse.mjs --report-dir out/lh   where the HTML and JSON reports go
//                                                     (default: test-artifacts/lighthouse)
//
// The site is served on 127.0.0.1 like the hosts in docs/deploy.md serve it: clean URLs, 404.html,
// gzip, and the headers the build wrote to dist/_headers (security headers, a year's cache for
// /assets/*), so the audit sees what Netlify or Cloudflare Pages would send. Prints the four
// category scores per page and every audit keeping a score below 100.
// This is a script, not a test: scores from simulated throttling vary by a few points between runs.
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, mkdirSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import sirv from 'sirv';
import { freshLib } from '../bin/fresh-lib.js';
import { CHROMIUM, CHROMIUM_ARGS } from './chromium.mjs';

const pkg = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
const DEFAULT_PAGES = [
  { route: '/', label: 'Home' },
  { route: '/best-pa-sportsbooks', label: 'Ranking' },
  { route: '/fanduel-pennsylvania-review', label: 'Review' },
];

const { values: args } = parseArgs({
  options: {
    dir: { type: 'string' },
    page: { type: 'string', multiple: true },
    min: { type: 'string', default: '0' },
    'report-dir': { type: 'string', default: path.join(pkg, 'test-artifacts', 'lighthouse') },
    help: { type: 'boolean', short: 'h' },
  },
});
if (args.help) {
  console.log(
    readFileSync(fileURLToPath(import.meta.url), 'utf8')
      .split('\n')
      .slice(1, 15)
      .map((l) => l.replace(/^\/\/ ?/, ''))
      .join('\n'),
  );
  process.exit(0);
}
const minScore = Number(args.min);
if (!Number.isFinite(minScore) || minScore < 0 || minScore > 100) {
  console.error(`--min expects a score from 0 to 100, got ${JSON.stringify(args.min)}`);
  process.exit(2);
}

/** The library API, compiled fresh from src/ when needed (bin/fresh-lib.js). */
const library = async () => import(await freshLib('index.js'));

/** Header rules from a Netlify / Cloudflare Pages `_headers` file: `[{ test(pathname), headers }]`. */
function readHeadersFile(file) {
  if (!existsSync(file)) return [];
  const rules = [];
  for (const line of readFileSync(file, 'utf8').split(/\r?\n/)) {
    if (!line.trim() || line.trimStart().startsWith('#')) continue;
    if (!/^\s/.test(line)) {
      const pattern = line.trim();
      const re = new RegExp(
        `^${pattern
          .split('*')
          .map((s) => s.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
          .join('.*')}$`,
      );
      rules.push({ pattern, test: (p) => re.test(p), headers: [] });
    } else if (rules.length) {
      const i = line.indexOf(':');
      if (i > 0) rules[rules.length - 1].headers.push([line.slice(0, i).trim(), line.slice(i + 1).trim()]);
    }
  }
  return rules;
}

const COMPRESSIBLE = /\.(html|css|js|svg|xml|txt|json)$/;

/**
 * Serves `dir` the way the hosts in docs/deploy.md do: clean URLs (`/about` → about.html), 404.html
 * with status 404, gzip for text (from `.gz` files written next to each one, so `dir` must be a
 * scratch copy), and the headers of `_headers`.
 */
async function serve(dir) {
  for (const e of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (e.isFile() && COMPRESSIBLE.test(e.name)) {
      const file = path.join(e.parentPath, e.name);
      writeFileSync(`${file}.gz`, gzipSync(readFileSync(file), { level: 9 }));
    }
  }
  const rules = readHeadersFile(path.join(dir, '_headers'));
  const files = sirv(dir, { dev: false, etag: true, gzip: true, extensions: ['html'] });
  const notFound = path.join(dir, '404.html');
  const server = createServer((req, res) => {
    const pathname = new URL(req.url ?? '/', 'http://localhost').pathname;
    for (const rule of rules) if (rule.test(pathname)) for (const [k, v] of rule.headers) res.setHeader(k, v);
    files(req, res, () => {
      res.statusCode = 404;
      res.setHeader('Content-Type', 'text/html; charset=utf-8');
      res.end(existsSync(notFound) ? readFileSync(notFound) : 'Not found');
    });
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  return {
    url: `http://127.0.0.1:${server.address().port}`,
    rules: rules.length,
    close: () => new Promise((r) => server.close(() => r())),
  };
}

/** Audits keeping a category below 100: scored audits first (by weight), then diagnostics. */
function failingAudits(lhr, categoryId) {
  const category = lhr.categories[categoryId];
  const out = [];
  for (const ref of category.auditRefs) {
    const audit = lhr.audits[ref.id];
    if (!audit || audit.score === null || audit.score >= 1) continue;
    if (['notApplicable', 'informative', 'manual', 'error'].includes(audit.scoreDisplayMode)) continue;
    let detail = audit.displayValue ?? '';
    const items = audit.details?.items;
    if (Array.isArray(items) && items.length) {
      const first = items[0];
      const node = first?.node?.snippet ?? first?.node?.nodeLabel ?? first?.url ?? first?.source?.url ?? '';
      const example = node ? `, e.g. ${String(node).slice(0, 120)}` : '';
      const where = `${items.length} item${items.length === 1 ? '' : 's'}${example}`;
      detail = detail ? `${detail}; ${where}` : where;
    }
    out.push({ id: ref.id, weight: ref.weight ?? 0, score: audit.score, title: audit.title, detail });
  }
  return out.sort((a, b) => b.weight - a.weight || a.score - b.score);
}

const pct = (score) => (score === null || score === undefined ? '—' : String(Math.round(score * 100)));

async function main() {
  const lib = await library();
  const requireFromLighthouse = createRequire(fileURLToPath(import.meta.resolve('lighthouse')));
  const { default: lighthouse } = await import('lighthouse');
  const chromeLauncher = await import(pathToFileURL(requireFromLighthouse.resolve('chrome-launcher')).href);

  // Always a scratch folder: serve() writes .gz files next to the originals.
  const temp = mkdtempSync(path.join(os.tmpdir(), 'pa-site-lighthouse-'));
  const dir = path.join(temp, 'dist');
  const chromePath = CHROMIUM;
  const reportDir = path.resolve(args['report-dir']);
  const results = [];
  let server;
  let chrome;
  try {
    if (args.dir) {
      const from = path.resolve(args.dir);
      if (!existsSync(path.join(from, 'index.html')))
        throw new Error(`${from} holds no index.html: build the site first (npx pa-site build)`);
      cpSync(from, dir, { recursive: true });
      console.log(`Copied ${from} to ${dir}`);
    } else {
      const result = await lib.build({ root: pkg, outDir: dir });
      if (!result.ok) {
        for (const d of result.diagnostics) console.error(lib.formatDiagnostic(d));
        throw new Error('the build failed; fix the errors above, or pass --dir with an existing build');
      }
      console.log(`Built ${result.pages} pages into ${dir}`);
    }

    const wanted = args.page?.length ? args.page.map((route) => ({ route, label: route })) : DEFAULT_PAGES;
    const pages = [];
    for (const p of wanted) {
      if (lib.filesForPath(p.route).some((f) => existsSync(path.join(dir, f)))) pages.push(p);
      else {
        const name = p.label === p.route ? p.route : `${p.label} ${p.route}`;
        console.log(`Note: skipping ${name}: not in this build (no ${lib.filesForPath(p.route).join(' or ')})`);
      }
    }
    if (!pages.length) return 0;

    server = await serve(dir);
    const headers = server.rules ? ' with the headers from _headers' : '';
    console.log(`Serving at ${server.url}${headers}; Chromium: ${chromePath}; mobile profile`);
    chrome = await chromeLauncher.launch({ chromePath, chromeFlags: CHROMIUM_ARGS, logLevel: 'silent' });
    mkdirSync(reportDir, { recursive: true });
    for (const page of pages) {
      const url = `${server.url}${page.route}`;
      process.stdout.write(`Auditing ${page.route} … `);
      const run = await lighthouse(url, {
        port: chrome.port,
        output: ['html', 'json'],
        logLevel: 'error',
        onlyCategories: CATEGORIES,
        formFactor: 'mobile',
      });
      if (!run?.lhr) throw new Error(`Lighthouse returned no result for ${url}`);
      if (run.lhr.runtimeError) throw new Error(`Lighthouse could not load ${url}: ${run.lhr.runtimeError.message}`);
      const slug = page.route === '/' ? 'home' : page.route.slice(1).replace(/\//g, '_');
      const [html, json] = run.report;
      writeFileSync(path.join(reportDir, `${slug}.report.html`), html);
      writeFileSync(path.join(reportDir, `${slug}.report.json`), json);
      console.log('done');
      for (const w of run.lhr.runWarnings ?? []) console.log(`  Lighthouse warning: ${w}`);
      results.push({ page, lhr: run.lhr });
    }
  } finally {
    await chrome?.kill();
    await server?.close();
    rmSync(temp, { recursive: true, force: true });
  }

  const lighthouseVersion = results[0].lhr.lighthouseVersion;
  const header = ['Page', 'Route', ...CATEGORIES];
  const rows = results.map(({ page, lhr }) => [
    page.label,
    page.route,
    ...CATEGORIES.map((c) => pct(lhr.categories[c]?.score)),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells) =>
    `| ${cells.map((c, i) => (i < 2 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join(' | ')} |`;
  console.log(`\nLighthouse ${lighthouseVersion}, mobile, ${chromePath}\n`);
  console.log(line(header));
  console.log(`| ${widths.map((w, i) => (i < 2 ? '-'.repeat(w) : `${'-'.repeat(w - 1)}:`)).join(' | ')} |`);
  for (const r of rows) console.log(line(r));

  let belowMin = false;
  for (const { page, lhr } of results) {
    for (const c of CATEGORIES) {
      const score = lhr.categories[c]?.score ?? 0;
      if (score * 100 < minScore) belowMin = true;
      if (score >= 1) continue;
      console.log(`\n${page.route} ${c} ${pct(score)}:`);
      const failing = failingAudits(lhr, c);
      if (!failing.length) console.log('  (no single failing audit; the score comes from the metrics above)');
      for (const a of failing) {
        const weight = a.weight ? `, weight ${a.weight}` : '';
        console.log(`  - ${a.id} (${pct(a.score)}${weight}): ${a.title}${a.detail ? ` — ${a.detail}` : ''}`);
      }
    }
  }
  console.log(`\nReports: ${reportDir}`);
  if (belowMin) {
    console.log(`A category scored below --min ${minScore}.`);
    return 1;
  }
  return 0;
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (e) => {
    console.error(`lighthouse: ${process.env.DEBUG ? (e?.stack ?? e) : (e?.message ?? e)}`);
    process.exitCode = 1;
  },
);
