// Preloaded by bench/check-docgen.mjs: prints the process's peak resident memory (KiB) as it exits.
// Worker threads preload it too (check reads its pages in one): only the main thread prints, at the end.
if (require('node:worker_threads').isMainThread)
  process.on('exit', () => {
    // CPU time of the whole process, its threads included (check reads pages in one).
    const u = process.resourceUsage();
    require('node:fs').writeSync(2, `\nmaxRSS ${u.maxRSS}\ncpuMicros ${u.userCPUTime + u.systemCPUTime}\n`);
  });
