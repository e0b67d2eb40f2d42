#!/usr/bin/env node
// The pa-site command. Runs the compiled CLI in lib/, recompiling it first when src/ changed.
import { readdirSync, statSync, existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const pkg = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
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
const stamp = path.join(pkg, 'lib', '.stamp');

function newestSource(dir) {
  let newest = 0;
  for (const e of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (e.isFile() && e.name.endsWith('.ts'))
      newest = Math.max(newest, statSync(path.join(e.parentPath, e.name)).mtimeMs);
  }
  return newest;
}

const src = path.join(pkg, 'src');
if (existsSync(src) && (!existsSync(stamp) || newestSource(src) > statSync(stamp).mtimeMs)) {
  const { compile } = await import('./compile.js');
  await compile();
}
const { main } = await import(pathToFileURL(path.join(pkg, 'lib', 'cli.js')).href);
process.exitCode = await main(process.argv);
