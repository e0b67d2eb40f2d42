#!/usr/bin/env node
// `npm test`'s pretest: what the tests need besides npm's packages, and lib/ compiled from src/ when
// src/ is newer. On Debian, Chromium (the browser tests, at /usr/bin/chromium), xmllint (the sitemap
// test) and Hugo (check's generator tests) are system packages: as root with apt-get they are installed
// here; otherwise the script stops with one line naming the command to run. Eleventy is installed into
// bench/ by npm. PA_SITE_PRETEST_NO_INSTALL=1 stops instead of installing (the test of this script sets it).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const root = path.resolve(import.meta.dirname, '..');
const onPath = (name) =>
  (process.env.PATH ?? '').split(path.delimiter).some((d) => d && existsSync(path.join(d, name)));

/** Each tool the tests need and the Debian package that has it. */
const TOOLS = [
  { name: 'chromium', found: () => existsSync('/usr/bin/chromium'), pkg: 'chromium' },
  { name: 'xmllint', found: () => onPath('xmllint'), pkg: 'libxml2-utils' },
  { name: 'hugo', found: () => onPath('hugo'), pkg: 'hugo' },
];

const missing = TOOLS.filter((t) => !t.found());
if (missing.length) {
  const pkgs = missing.map((t) => t.pkg);
  const canInstall = process.env.PA_SITE_PRETEST_NO_INSTALL !== '1' && process.getuid?.() === 0 && onPath('apt-get');
  const run = (args) => spawnSync('apt-get', args, { stdio: ['ignore', 'ignore', 'inherit'] }).status === 0;
  if (!canInstall || !run(['update', '-qq']) || !run(['install', '-y', '-qq', ...pkgs])) {
    process.stderr.write(
      `error: the tests need ${missing.map((t) => t.name).join(', ')}: run sudo apt-get install ${pkgs.join(' ')}\n`,
    );
    process.exit(1);
  }
}

if (!existsSync(path.join(root, 'bench/node_modules/@11ty/eleventy/cmd.cjs'))) {
  const npm = spawnSync('npm', ['--prefix', 'bench', 'ci', '--no-audit', '--no-fund', '--silent'], {
    cwd: root,
    stdio: 'ignore',
  });
  if (npm.status !== 0) {
    process.stderr.write(
      'error: the tests need Eleventy in bench/node_modules and npm could not install it: ' +
        'run npm --prefix bench ci --no-audit --no-fund (it needs the registry once)\n',
    );
    process.exit(1);
  }
}

// lib/ compiled once, before any test starts. The tests that run the CLI call freshLib() themselves, and
// after an edit to src/ several of them recompiling a stale lib/ at once deleted files another test's
// build was importing (a browser test failed: "Cannot find module lib/react-runtime/…").
const { freshLib } = await import(pathToFileURL(path.join(root, 'bin', 'fresh-lib.js')).href);
await freshLib('index.js');
