#!/usr/bin/env node
// The pa-site command. Runs the compiled CLI in lib/, recompiling it first when src/ changed.
// The Node version is checked first, before anything that a too-old Node could fail to load: so
// the only static import is the check's, and the rest is imported after it.
import { enginesRange, nodeVersionProblem } from './node-version.js';

const tooOld = nodeVersionProblem(enginesRange(new URL('../package.json', import.meta.url)), process.versions.node);
if (tooOld) {
  process.stderr.write(`${tooOld}\n`);
  process.exit(2);
}
// A working folder deleted under the shell (`rm -rf` of the folder it is in) makes every relative
// path, and esbuild's start-up, throw ENOENT from uv_cwd: one line instead of a Node stack.
try {
  process.cwd();
} catch {
  process.stderr.write(
    'error: the current folder no longer exists (it was deleted or moved)\n' +
      '  cd into a folder that exists and run pa-site again\n',
  );
  process.exit(2);
}
const { readFileSync } = await import('node:fs');
const { default: module } = await import('node:module');
const { default: path } = await import('node:path');
const { default: v8 } = await import('node:v8');
const { freshLib, pkg } = await import('./fresh-lib.js');
const { jitFlags } = await import('./jit-flags.js');
const args = process.argv.slice(2);
if (args.length === 1 && (args[0] === '--version' || args[0] === '-v')) {
  // Fast path: nothing to compile or load for the version.
  process.stdout.write(`${JSON.parse(readFileSync(path.join(pkg, 'package.json'), 'utf8')).version}\n`);
  process.exit(0);
}
// Node 22.1 and later keep V8's compiled code of lib/ between runs (docs/performance.md); Node 20 has
// no such call, and then nothing changes.
module.enableCompileCache?.();
// Before any of lib/ loads, so that every thread's compiles use them (jit-flags.js says why).
for (const flag of jitFlags()) v8.setFlagsFromString(flag);
// A reader that stops early (`pa-site check --format json | head`) is not a crash: the rest of the
// output is dropped and the command still ends with its own exit code.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (e) => {
    if (e.code !== 'EPIPE') throw e;
  });
}
const { main } = await import(await freshLib('cli.js'));
process.exitCode = await main(process.argv);
