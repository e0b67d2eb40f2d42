import path from 'node:path';
import { stopSignals } from './stop-signals.js';
import { escapeTerminal } from '../support/diagnostics/diagnostics.js';
import { dev, DevError, DEFAULT_PORT, type DevLog, type DevServer } from '../dev/dev.js';
import { coresEnvError, noProject, portOption, usageError } from './usage.js';
import { OFFERS_NAMED_BY, formatBytes, isOfferWarning, paint, printDiagnostics, processOut } from './output.js';
import { staleOffersLine } from '../check/report.js';

/** `pa-site dev`: resolves with the exit code once the server has stopped (Ctrl-C gives 0). */
export async function runDev(opts: { root: string; port?: string; host: string }): Promise<number> {
  const o = processOut();
  const port = opts.port === undefined ? DEFAULT_PORT : portOption(o, opts.port);
  if (typeof port !== 'number') return port.exit;
  const badCores = coresEnvError(o);
  if (badCores) return badCores.exit;
  const log = (e: DevLog) => {
    const time = new Date().toLocaleTimeString('en-GB');
    if (e.kind === 'built') {
      if (!e.changed.length) return;
      // Pages rendered afresh (the rest came from the render cache), whether or not their HTML changed.
      const rendered = ` (${e.rendered} rendered)`;
      const what = e.css
        ? 'styles updated without reload'
        : e.routes.length
          ? `updated ${e.routes.length === 1 ? e.routes[0] : `${e.routes.length} pages`}${rendered}`
          : `no page changed${rendered}`;
      const files = e.changed.map((f) => path.relative(path.resolve(opts.root), f)).join(', ');
      o.out(`${time} ${paint(o.color, 32, '✓')} ${what} in ${Math.round(e.ms)} ms (${files})`);
    } else if (e.kind === 'failed') {
      o.err(
        `${time} ${paint(o.color, 31, '✗')} build failed in ${Math.round(e.ms)} ms; ` +
          (e.served ? 'still serving the last good pages:' : 'every page shows this error until a save fixes it:'),
      );
      printDiagnostics(o, e.diagnostics);
    } else if (e.kind === 'warnings') {
      // As `build` prints them: stale offers in one line (the owner is still told on every start).
      printDiagnostics(
        o,
        e.diagnostics.filter((d) => !isOfferWarning(d)),
      );
      const offers = e.diagnostics.filter(isOfferWarning);
      const withheld = offers.filter((d) => d.code === 'offer-withheld').length;
      const line = staleOffersLine({ withheld, aging: offers.length - withheld }, OFFERS_NAMED_BY);
      if (line) o.err(`${paint(o.color, 33, '!')} ${line}`);
    } else if (e.kind === 'warning')
      o.err(`${paint(o.color, 33, 'warning')}: ${escapeTerminal(e.message)}\n    fix: ${escapeTerminal(e.hint)}`);
    else o.out(`${time} ${e.message}`);
  };
  let server: DevServer;
  try {
    server = await dev({ root: opts.root, port, strictPort: opts.port !== undefined, host: opts.host, log });
  } catch (e) {
    if (e instanceof DevError) {
      // A --host or --root that cannot be used is a usage error; the rest are about the machine.
      if (e.code === 'no-project') return noProject(o, opts.root, e.message, e.hint);
      const code = usageError(o, e.message, e.hint);
      return e.code === 'bad-host' ? code : 1;
    }
    throw e;
  }
  // Handled from before the URL line shows: a Ctrl-C sent as soon as it does must stop the server cleanly.
  const signals = stopSignals((line) => o.err(line));
  // A failed first build was logged as it ended (above the URL line).
  const first = server.last();
  const outDir = path.relative(process.cwd(), server.outDir) || server.outDir;
  o.out(
    `pa-site dev: ${server.url}  (${first.pages} page${first.pages === 1 ? '' : 's'}, ${formatBytes(first.bytes)}; ` +
      `dev build in ${outDir}; Ctrl-C to stop)`,
  );
  await signals.stopped;
  await server.close();
  signals.release();
  o.out('pa-site dev stopped.');
  return 0;
}
