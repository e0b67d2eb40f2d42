// Preloaded by bench/check-docgen.mjs: prints the process's peak resident memory (KiB) as it exits.
process.on('exit', () => require('node:fs').writeSync(2, `\nmaxRSS ${process.resourceUsage().maxRSS}\n`));
