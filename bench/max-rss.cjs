// Preloaded by bench/check-docgen.mjs: prints the process's peak resident memory (KiB) as it exits.
// Worker threads preload it too (check reads its pages in one): only the main thread prints, at the end.
if (require('node:worker_threads').isMainThread)
  process.on('exit', () => require('node:fs').writeSync(2, `\nmaxRSS ${process.resourceUsage().maxRSS}\n`));
