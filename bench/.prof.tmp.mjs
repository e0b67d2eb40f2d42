const { check } = await import('/work/wt/checkdir/lib/index.js');
await check({ dir: process.argv[2] });
await check({ dir: process.argv[2] });
