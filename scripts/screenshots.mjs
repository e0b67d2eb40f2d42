#!/usr/bin/env node
// Full-page screenshots of every built page at phone and desktop widths, for side-by-side review.
//
//   npm run screenshots                          build into a temp folder, shoot every page at 375 and 1280 px
//   npm run screenshots -- --dir dist            shoot an existing build
//   npm run screenshots -- --width 768 --page /about --no-js
//   npm run screenshots -- --out shots           where the PNGs go (default: test-artifacts/screenshots)
//
// Files are named after the route and width: home-375.png, best-pa-sportsbooks-1280.png, 404-375.png.
// Uses Debian's Chromium (or $CHROME_PATH). Prints one line per file and exits 1 if a page fails to load.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';
import { freshLib } from '../bin/fresh-lib.js';
import { CHROMIUM, CHROMIUM_ARGS } from './chromium.mjs';

const pkg = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const { values: args } = parseArgs({
  options: {
    dir: { type: 'string' },
    out: { type: 'string', default: path.join(pkg, 'test-artifacts', 'screenshots') },
    width: { type: 'string', multiple: true },
    page: { type: 'string', multiple: true },
    'no-js': { type: 'boolean', default: false },
    help: { type: 'boolean', short: 'h' },
  },
});
if (args.help) {
  console.log(
    readFileSync(fileURLToPath(import.meta.url), 'utf8')
      .split('\n')
      .slice(1, 10)
      .map((l) => l.replace(/^\/\/ ?/, ''))
      .join('\n'),
  );
  process.exit(0);
}
const widths = (args.width ?? ['375', '1280']).map(Number);
if (widths.some((w) => !Number.isInteger(w) || w < 200 || w > 3840)) {
  console.error(`--width expects whole pixels from 200 to 3840, got ${JSON.stringify(args.width)}`);
  process.exit(2);
}

/** The library API, compiled fresh from src/ when needed (bin/fresh-lib.js). */
const library = async () => import(await freshLib('index.js'));

const fileName = (route, width) => `${route === '/' ? 'home' : route.slice(1).replace(/\//g, '_')}-${width}.png`;

async function main() {
  const lib = await library();
  let dir = args.dir ? path.resolve(args.dir) : undefined;
  let temp;
  let routes = args.page;
  if (!dir) {
    temp = mkdtempSync(path.join(os.tmpdir(), 'pa-site-shots-'));
    const result = await lib.build({ root: pkg, outDir: path.join(temp, 'dist') });
    if (!result.ok) throw new Error('the site failed to build: run `npx pa-site build` to see why');
    dir = result.outDir;
    routes ??= result.routes;
  }
  if (!existsSync(path.join(dir, 'index.html'))) throw new Error(`${dir} holds no index.html: build the site first`);
  routes ??= readdirSync(dir)
    .filter((f) => f.endsWith('.html') && f !== '404.html')
    .map((f) => (f === 'index.html' ? '/' : `/${f.slice(0, -5)}`));
  if (!args.page) routes = [...routes, '/404'];
  mkdirSync(args.out, { recursive: true });
  const server = await lib.serveDir(dir);
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: CHROMIUM_ARGS,
  });
  let failed = 0;
  try {
    const jobs = routes.flatMap((route) => widths.map((width) => ({ route, width })));
    // Two pages at a time: enough to keep two cores busy without starving them.
    const worker = async () => {
      for (let job = jobs.shift(); job; job = jobs.shift()) {
        const context = await browser.newContext({
          viewport: { width: job.width, height: 900 },
          javaScriptEnabled: !args['no-js'],
        });
        const page = await context.newPage();
        try {
          await page.goto(server.url + (job.route === '/404' ? '/no-such-page' : job.route));
          const file = path.join(args.out, fileName(job.route, job.width));
          await page.screenshot({ path: file, fullPage: true });
          console.log(path.relative(process.cwd(), file));
        } catch (e) {
          failed++;
          console.error(`${job.route} at ${job.width} px: ${e.message}`);
        }
        await context.close();
      }
    };
    await Promise.all([worker(), worker()]);
  } finally {
    await browser.close();
    await server.close();
    if (temp) rmSync(temp, { recursive: true, force: true });
  }
  process.exitCode = failed ? 1 : 0;
}

main().catch((e) => {
  console.error(e.message);
  process.exitCode = 1;
});
