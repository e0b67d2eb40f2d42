import path from 'node:path';
import { dev, DevError, DEFAULT_PORT, type DevLog, type DevServer } from '../dev/dev.js';
import { formatBytes, paint, printDiagnostics, colorEnabled, type Out } from './output.js';

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '::1']);

/** `pa-site dev`: resolves with the exit code once the server has stopped (Ctrl-C gives 0). */
export async function runDev(opts: { root: string; port?: string; host: string }): Promise<number> {
  const o: Out = {
    color: colorEnabled(process.stderr),
    out: (l) => process.stdout.write(`${l}\n`),
    err: (l) => process.stderr.write(`${l}\n`),
  };
  let port = DEFAULT_PORT;
  if (opts.port !== undefined) {
    port = Number(opts.port);
    if (!Number.isInteger(port) || port < 0 || port > 65535) {
      o.err(`error: --port must be a whole number from 0 to 65535 (received: ${opts.port})`);
      return 2;
    }
  }
  if (!LOOPBACK.has(opts.host)) {
    o.err(
      paint(
        o.color,
        33,
        `warning: listening on ${opts.host}: other machines on your network can open this dev server. ` +
          'Use the default (127.0.0.1) unless you need that.',
      ),
    );
  }
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
          'still serving the last good pages:',
      );
      printDiagnostics(o, e.diagnostics);
    } else o.out(`${time} ${e.message}`);
  };
  let server: DevServer;
  try {
    server = await dev({ root: opts.root, port, strictPort: opts.port !== undefined, host: opts.host, log });
  } catch (e) {
    if (e instanceof DevError) {
      o.err(`error: ${e.message}`);
      return 1;
    }
    throw e;
  }
  const first = server.last();
  if (!first.ok) log({ kind: 'failed', ms: first.timings.total, diagnostics: first.diagnostics });
  const outDir = path.relative(process.cwd(), server.outDir) || server.outDir;
  o.out(
    `pa-site dev: ${server.url}  (${first.pages} pages, ${formatBytes(first.bytes)}; ` +
      `dev build in ${outDir}; Ctrl-C to stop)`,
  );
  await new Promise<void>((resolve) => {
    const stop = () => resolve();
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
  await server.close();
  o.out('pa-site dev stopped.');
  return 0;
}
