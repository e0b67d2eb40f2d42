// Preloaded with `node --import bench/rss.mjs …` when /usr/bin/time is missing: at exit, writes this
// process's peak RSS (KiB, process.resourceUsage().maxRSS) to $BENCH_RSS_FILE.
import { writeFileSync } from 'node:fs';

const file = process.env.BENCH_RSS_FILE;
delete process.env.BENCH_RSS_FILE;
if (file) process.on('exit', () => writeFileSync(file, String(process.resourceUsage().maxRSS)));
