// Preloaded with `node --import bench/rss.mjs …` when /usr/bin/time is missing: at exit, writes this
// process's peak RSS (KiB) and its CPU time in seconds, user and system (all threads), to $BENCH_RSS_FILE,
// as `/usr/bin/time -f "%M %U %S"` would.
import { writeFileSync } from 'node:fs';

const file = process.env.BENCH_RSS_FILE;
delete process.env.BENCH_RSS_FILE;
if (file)
  process.on('exit', () => {
    const u = process.resourceUsage();
    writeFileSync(file, `${u.maxRSS} ${u.userCPUTime / 1e6} ${u.systemCPUTime / 1e6}`);
  });
