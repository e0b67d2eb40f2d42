/** Where a local server (dev, preview) listens: --host checked up front, --port with a fallback. */
import { lookup } from 'node:dns/promises';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { isWildcard } from './host-check.js';

/** Why a server could not listen: `bad-host` is a usage error, `port-in-use` is about the machine. */
export class ListenError extends Error {
  constructor(
    readonly code: 'bad-host' | 'port-in-use',
    message: string,
    /** How to fix it. */
    readonly hint?: string,
  ) {
    super(message);
  }
}

const HOST_HINT =
  'pass --host 127.0.0.1 (the default), 0.0.0.0 to listen on every interface, or a name or address of this machine';

/** The addresses --host names, checked before anything else: a mistyped name is a usage error. */
export async function resolveHost(host: string): Promise<string[]> {
  const expected = '--host must be a name or address of this machine';
  // An empty host would make Node listen on every interface.
  if (!host.trim()) throw new ListenError('bad-host', `${expected}, but it is empty`, HOST_HINT);
  let addresses: string[];
  try {
    addresses = (await lookup(host, { all: true })).map((a) => a.address);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code ?? (e as Error).message;
    throw new ListenError('bad-host', `${expected}, but ${JSON.stringify(host)} does not resolve (${code})`, HOST_HINT);
  }
  // `0`, `0x0` or `[::]`-like spellings listen on every interface, but the Host check would know the
  // machine's own addresses only for the two written forms: refused, so "every interface" is always said plainly.
  const wildcard = addresses.find((a) => isWildcard(a));
  if (wildcard && !WILDCARD_FORMS.has(host.trim()))
    throw new ListenError(
      'bad-host',
      `--host ${JSON.stringify(host)} means ${wildcard}, every interface of this machine`,
      `write --host ${wildcard} if you mean every interface, or --host 127.0.0.1 (the default) for this machine only`,
    );
  return addresses;
}

/** How --host is written to listen on every interface. */
const WILDCARD_FORMS = new Set(['0.0.0.0', '::']);

/**
 * Listens on `wanted` (0: any free port) or, unless `strictPort`, the next free one of 20. Resolves
 * with the port; `onFallback` hears when it is not the one asked for.
 */
export async function listenOn(
  server: Server,
  host: string,
  wanted: number,
  strictPort: boolean | undefined,
  onFallback: (port: number) => void = () => undefined,
): Promise<number> {
  const listen = (port: number) =>
    new Promise<number>((resolve, reject) => {
      const onError = (e: NodeJS.ErrnoException) => {
        server.off('listening', onListening);
        reject(e);
      };
      const onListening = () => {
        server.off('error', onError);
        resolve((server.address() as AddressInfo).port);
      };
      server.once('error', onError);
      server.once('listening', onListening);
      server.listen(port, host);
    });
  for (let attempt = 0; attempt < 20; attempt++) {
    try {
      const port = await listen(wanted === 0 ? 0 : wanted + attempt);
      if (port !== wanted && wanted !== 0) onFallback(port);
      return port;
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (code === 'EADDRNOTAVAIL')
        throw new ListenError(
          'bad-host',
          `--host must be an address of this machine, but ${host} is not one (EADDRNOTAVAIL)`,
          HOST_HINT,
        );
      if (code !== 'EADDRINUSE') throw e;
      if (strictPort || wanted === 0)
        throw new ListenError(
          'port-in-use',
          `port ${wanted} on ${host} is already in use. Stop what is using it, or pass another --port.`,
        );
    }
  }
  throw new ListenError('port-in-use', `ports ${wanted}-${wanted + 19} on ${host} are all in use; pass --port.`);
}

/** The URL to print: a wildcard host is opened through 127.0.0.1, an IPv6 address in brackets. */
export const urlFor = (host: string, port: number): string =>
  `http://${host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host}:${port}`;
