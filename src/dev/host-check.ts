import { isIP } from 'node:net';

/**
 * Whether a request's Host header names this dev server. A web page on another site can make the
 * browser send requests to 127.0.0.1 under its own domain name (DNS rebinding) and read the answers;
 * refusing every name but loopback ones and the --host the server was started with stops that.
 * IP addresses are accepted: a rebinding attack needs a domain name.
 */
export function hostAllowed(header: string | undefined, startedWith: string): boolean {
  if (!header) return false;
  const name = header
    .trim()
    .toLowerCase()
    .replace(/:\d+$/, '')
    .replace(/^\[(.*)\]$/, '$1')
    .replace(/\.$/, '');
  if (isIP(name)) return true;
  if (name === 'localhost' || name.endsWith('.localhost')) return true;
  return name === startedWith.toLowerCase().replace(/^\[(.*)\]$/, '$1');
}

export function forbiddenHostMessage(header: string | undefined): string {
  return (
    `pa-site dev answers only requests for localhost, an IP address or the --host it was started with ` +
    `(received Host: ${JSON.stringify(header ?? '')}). If you opened it through another name on purpose, ` +
    'restart it with --host set to that name.\n'
  );
}
