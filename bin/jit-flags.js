// V8 settings for the pa-site command (not the library: V8's flags are process-wide).
//
// Each render thread compiles its hot code (markdown-it, React, the templates) again with V8's
// optimizing compiler, on background threads: about a quarter of a cold build's CPU on two cores.
// Without escape analysis and with a smaller inlining budget the compiles are cheaper and the code
// runs as fast once warm (cold builds 3–5% faster at 1,000–16,000 pages when they were set, d283f49).

/** The flags, and the V8 setting each one is about. */
export const JIT_FLAGS = ['--no-turbo-escape', '--max-inlined-bytecode-size-cumulative=250'];

/** A V8 flag's setting, whatever its form: `--no-turbo_escape` and `--turbo-escape` are both `turbo-escape`. */
const setting = (arg) =>
  arg
    .replace(/^--(no-)?/, '')
    .replace(/=.*$/s, '')
    .replaceAll('_', '-');

/** The flags to set: those whose setting was not given to node on its command line (`execArgv`), which wins. */
export function jitFlags(execArgv = process.execArgv) {
  const given = new Set(execArgv.filter((a) => a.startsWith('--')).map(setting));
  return JIT_FLAGS.filter((f) => !given.has(setting(f)));
}
