// Command-line options of the bench scripts that take whole numbers (`--pages 4000`, `--pages=4000`).

/**
 * Reads `--NAME N` options into `opts` (which holds the defaults): NAME must be a key of `min`, N a
 * whole number of at least `min[NAME]`. Anything else prints `usage` and exits with status 2.
 */
export function intOptions(argv, usage, opts, min) {
  for (let i = 2; i < argv.length; i++) {
    const [k, v] = argv[i].includes('=') ? argv[i].split(/=(.*)/s) : [argv[i], argv[++i]];
    const name = k.startsWith('--') ? k.slice(2) : '';
    const n = Number(v);
    if (Object.hasOwn(min, name) && Number.isInteger(n) && n >= min[name]) opts[name] = n;
    else {
      console.error(`${usage}\n(bad argument ${k}${v === undefined ? '' : ` ${v}`})`);
      process.exit(2);
    }
  }
  return opts;
}
