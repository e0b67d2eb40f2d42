#!/usr/bin/env node
// The pa-site command. Runs the compiled CLI in lib/, recompiling it first when src/ changed.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { freshLib, pkg } from './fresh-lib.js';
const args = process.argv.slice(2);
if (args.length === 1 && (args[0] === '--version' || args[0] === '-v')) {
  // Fast path: nothing to compile or load for the version.
  process.stdout.write(`${JSON.parse(readFileSync(path.join(pkg, 'package.json'), 'utf8')).version}\n`);
  process.exit(0);
}
// A reader that stops early (`pa-site check --format json | head`) is not a crash: the rest of the
// output is dropped and the command still ends with its own exit code.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (e) => {
    if (e.code !== 'EPIPE') throw e;
  });
}
const { main } = await import(await freshLib('cli.js'));
process.exitCode = await main(process.argv);
