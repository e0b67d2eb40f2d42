import { stopSignals } from './stop-signals.js';
import { escapeTerminal } from '../support/diagnostics/diagnostics.js';
import { preview, PreviewError, PREVIEW_PORT, type PreviewServer } from '../preview/preview.js';
import { paint, processOut } from './output.js';
import { portOption, usageError } from './usage.js';

/** `pa-site preview`: serves a built folder until Ctrl-C; resolves with the exit code. */
export async function runPreview(opts: {
  root: string;
  dir?: string;
  port?: string;
  host: string;
  base?: string;
}): Promise<number> {
  const o = processOut();
  const port = opts.port === undefined ? PREVIEW_PORT : portOption(o, opts.port);
  if (typeof port !== 'number') return port.exit;
  let server: PreviewServer;
  try {
    server = await preview({
      root: opts.root,
      dir: opts.dir,
      port,
      strictPort: opts.port !== undefined,
      host: opts.host,
      base: opts.base,
    });
  } catch (e) {
    if (!(e instanceof PreviewError)) throw e;
    const code = usageError(o, e.message, e.hint);
    return e.code === 'port-in-use' ? 1 : code;
  }
  const signals = stopSignals((line) => o.err(line));
  for (const p of server.problems)
    o.err(
      `${paint(o.color, 33, 'warning')}: ${p.file}:${p.line}: ${escapeTerminal(p.message)}; preview skips that line`,
    );
  for (const note of server.notes) o.err(`${paint(o.color, 33, 'warning')}: ${escapeTerminal(note)}`);
  o.out(`pa-site preview: ${server.url}  (serving ${escapeTerminal(server.dir)} as the host will; Ctrl-C to stop)`);
  await signals.stopped;
  await server.close();
  signals.release();
  o.out('pa-site preview stopped.');
  return 0;
}
