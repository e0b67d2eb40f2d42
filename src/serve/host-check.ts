import { BlockList, isIP } from 'node:net';
import { networkInterfaces } from 'node:os';

const family = (ip: string) => (isIP(ip) === 6 ? 'ipv6' : 'ipv4');
const LOOPBACK = new BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');

/** `[::1]` → `::1`, lower case, no trailing dot. */
const bare = (host: string) =>
  host
    .trim()
    .toLowerCase()
    .replace(/^\[(.*)\]$/, '$1')
    .replace(/\.$/, '');

/** Whether two IP addresses are the same, however written (`::1` and `0:0:0:0:0:0:0:1`). */
function sameAddress(a: string, b: string): boolean {
  if (!isIP(a) || !isIP(b)) return false;
  const list = new BlockList();
  list.addAddress(b, family(b));
  return list.check(a, family(a));
}

/** Whether `ip` is a loopback address: 127.0.0.0/8 or ::1 (also mapped into IPv6). */
export const isLoopback = (ip: string): boolean => isIP(bare(ip)) !== 0 && LOOPBACK.check(bare(ip), family(bare(ip)));

/** Whether a --host listens on every interface (0.0.0.0 or ::). */
export const isWildcard = (host: string): boolean =>
  sameAddress(bare(host), '0.0.0.0') || sameAddress(bare(host), '::');

/** This machine's own addresses, on every interface. */
export const machineAddresses = (): string[] =>
  Object.values(networkInterfaces()).flatMap((list) => (list ?? []).map((i) => i.address));

/**
 * Whether a request's Host header names this dev server. A web page on another site can make the
 * browser send requests to 127.0.0.1 under its own domain name (DNS rebinding) and read the answers,
 * so only loopback names and addresses are accepted: `localhost` (and `*.localhost`, which RFC 6761
 * reserves for loopback and browsers resolve themselves), 127.0.0.0/8 and [::1]. Besides those, the
 * --host it was started with, and `addresses`: what --host resolved to, or with 0.0.0.0 or ::, the
 * machine's own addresses (the ones other machines can reach it at).
 */
export function hostAllowed(
  header: string | undefined,
  startedWith: string,
  addresses: readonly string[] = [],
): boolean {
  if (!header) return false;
  const name = bare(header.trim().replace(/:\d+$/, ''));
  if (name === 'localhost' || name.endsWith('.localhost')) return true;
  if (isIP(name) && (isLoopback(name) || addresses.some((a) => sameAddress(name, bare(a))))) return true;
  return name === bare(startedWith) || sameAddress(name, bare(startedWith));
}

export function forbiddenHostMessage(header: string | undefined, command: 'dev' | 'preview'): string {
  return (
    `pa-site ${command} answers only requests for localhost, a loopback address (127.0.0.1, [::1]) or the --host ` +
    `it was started with (received Host: ${JSON.stringify(header ?? '')}). If you opened it through another ` +
    'name or address on purpose, restart it with --host set to that name or address.\n'
  );
}
