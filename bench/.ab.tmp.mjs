const dir = process.argv[2];
const libs = { old: '/tmp/base/lib/index.js', new: '/work/wt/checkdir/lib/index.js' };
const mods = { old: await import(libs.old), new: await import(libs.new) };
const res = { old: [], new: [] };
for (let i = 0; i < 4; i++) for (const k of ['old', 'new']) {
  const c0 = process.cpuUsage(); const t0 = performance.now();
  const r = await mods[k].check({ dir });
  const c = process.cpuUsage(c0);
  res[k].push([Math.round(performance.now() - t0), Math.round((c.user + c.system) / 1000), r.findings.length]);
}
console.log(JSON.stringify(res));
