/**
 * The host files a build writes (`_headers`, `_redirects`, in the format Netlify and Cloudflare Pages
 * read), parsed so `pa-site preview` answers as the host would. Paths are patterns: `*` matches the
 * rest of the path (its value is `:splat`), `:name` one segment.
 */

import { validateHeaderName, validateHeaderValue } from 'node:http';

export interface HeaderRule {
  pattern: string;
  headers: [name: string, value: string][];
}

export interface RedirectRule {
  from: string;
  to: string;
  /** 301 unless given; 200 serves `to` under the `from` URL (a rewrite). */
  status: number;
  /** `!` after the status: applies even when a file answers `from`. */
  force: boolean;
}

/** A line the preview cannot follow, with its number: shown as a warning, never fatal. */
export interface HostFileProblem {
  file: '_headers' | '_redirects';
  line: number;
  message: string;
}

const lines = (text: string) => text.replace(/^\uFEFF/, '').split(/\r?\n/);

/**
 * Headers a `_headers` file may not set: they describe the connection or the message's framing, which
 * the server decides (a `Content-Length: 99` on every answer left clients waiting for bytes that never
 * came; a `Trailer` made Node refuse the answer). Hosts ignore them too.
 */
const FRAMING = new Set([
  'connection',
  'content-length',
  'keep-alive',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'http2-settings',
  'host',
]);

/** A header name (RFC 9110 token). */
const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;

/** The statuses a `_redirects` rule may give: redirects, rewrites (200) and not-found pages (404, 410). */
const STATUSES = [200, 301, 302, 303, 307, 308, 404, 410];
/** Statuses that answer with the destination's content rather than sending the browser there. */
export const isRewrite = (status: number) => status === 200 || status === 404 || status === 410;

/** Why a destination cannot be followed, or undefined. */
function destinationProblem(to: string, status: number): string | undefined {
  if (!/^[\x21-\x7e]*$/.test(to))
    return `the destination "${to}" holds characters a Location header cannot carry; percent-encode them`;
  if (/^https?:\/\//i.test(to)) {
    if (isRewrite(status))
      return `a rewrite to another site ("${to}", status ${status}) is not followed by pa-site preview`;
    const host = /^https?:\/\/([^/?#]*)/i.exec(to)?.[1] ?? '';
    if (!URL.canParse(to.replace(/:[A-Za-z_]\w*|\*/g, 'x')) || /:[A-Za-z_]|\*/.test(host))
      return `"${to}" is not an address with a fixed host`;
    return undefined;
  }
  if (!to.startsWith('/') || /^\/[/\\]/.test(to))
    return `expected a destination starting with one "/" or with "https://", found "${to}"`;
  return undefined;
}

/**
 * `location` if it stays where its rule sends it: a path on this site (never `//host` or `/\\host`,
 * which browsers read as another site) or the rule's own absolute address; otherwise undefined.
 */
export function safeLocation(location: string): string | undefined {
  if (!/^[\x21-\x7e]+$/.test(location)) return undefined;
  if (location.startsWith('/')) return /^\/[/\\]/.test(location) ? undefined : location;
  return /^https?:\/\/[^/?#\\]+([/?#]|$)/i.test(location) && URL.canParse(location) ? location : undefined;
}

/** Why Node would refuse to send this header, or undefined: checked once here, never at a request. */
function nodeRefuses(name: string, value: string): string | undefined {
  try {
    validateHeaderName(name);
    validateHeaderValue(name, value);
    return undefined;
  } catch (e) {
    return `${name} cannot be sent (${(e as NodeJS.ErrnoException).code ?? 'refused'})`;
  }
}

export function parseHeaders(text: string): { rules: HeaderRule[]; problems: HostFileProblem[] } {
  const rules: HeaderRule[] = [];
  const problems: HostFileProblem[] = [];
  let current: HeaderRule | undefined;
  lines(text).forEach((raw, i) => {
    const line = raw.trim();
    if (!line || line.startsWith('#')) return;
    if (!/^\s/.test(raw)) {
      current = { pattern: line, headers: [] };
      if (line.startsWith('/') || /^https?:\/\//.test(line)) rules.push(current);
      else
        problems.push({ file: '_headers', line: i + 1, message: `expected a path starting with "/", found "${line}"` });
      return;
    }
    const colon = line.indexOf(':');
    const [name, value] = [line.slice(0, colon).trim(), line.slice(colon + 1).trim()];
    const why = !current
      ? `a header before any path: "${line}"`
      : colon < 1
        ? `expected "Name: value": "${line}"`
        : !TOKEN.test(name)
          ? `"${name}" is not a header name (letters, digits and !#$%&'*+-.^_\`|~, no spaces)`
          : !/^[\t\x20-\x7e]*$/.test(value)
            ? `the value of ${name} holds a character a header cannot carry (only printable ASCII)`
            : FRAMING.has(name.toLowerCase())
              ? `${name} describes the connection or the message's length, which the server sets; left out`
              : nodeRefuses(name, value);
    if (why !== undefined || !current) {
      problems.push({ file: '_headers', line: i + 1, message: why ?? '' });
      return;
    }
    current.headers.push([name, value]);
  });
  return { rules, problems };
}

export function parseRedirects(text: string): { rules: RedirectRule[]; problems: HostFileProblem[] } {
  const rules: RedirectRule[] = [];
  const problems: HostFileProblem[] = [];
  for (const [i, raw] of lines(text).entries()) {
    const line = raw.replace(/\s+#.*$/, '').trim();
    if (!line || line.startsWith('#')) continue;
    const [from = '', to = '', ...rest] = line.split(/\s+/);
    const code = /^(\d{3})(!?)$/.exec(rest[0] ?? '');
    const status = code ? Number(code[1]) : 301;
    const problem = !from.startsWith('/')
      ? `expected a path starting with "/", found "${from}"`
      : !to
        ? `"${from}" has no destination`
        : rest.length > (code ? 1 : 0)
          ? `conditions ("${rest.slice(code ? 1 : 0).join(' ')}") are not followed by pa-site preview`
          : !STATUSES.includes(status)
            ? `status ${status} is not one the hosts follow (${STATUSES.join(', ')})`
            : destinationProblem(to, status);
    if (problem) problems.push({ file: '_redirects', line: i + 1, message: problem });
    else rules.push({ from, to, status, force: code?.[2] === '!' });
  }
  return { rules, problems };
}

/**
 * The values `pattern` binds for `pathname` (`splat` for `*`), or undefined when it does not match.
 * As on the hosts, `*` is a splat only at the end and `:name` only as a whole segment; anything else is
 * literal, so matching stays linear whatever the file says.
 */
export function matchPath(pattern: string, pathname: string): Record<string, string> | undefined {
  let path = pattern.replace(/^https?:\/\/[^/]+/, '');
  const splat = path.endsWith('*');
  if (splat) path = path.slice(0, -1);
  const want = path.replace(/\/$/, '').split('/');
  const have = pathname.replace(/\/$/, '').split('/');
  const values: Record<string, string> = {};
  // Without a splat the segments must pair up; with one, the pattern's are a prefix of the path's.
  if (splat ? have.length < want.length : have.length !== want.length) {
    // `/news/*` also answers `/news` itself.
    if (!(splat && path.endsWith('/') && have.length === want.length - 1)) return undefined;
  }
  for (const [i, part] of want.entries()) {
    const got = have[i] ?? '';
    const last = splat && i === want.length - 1 && !path.endsWith('/');
    if (/^:[A-Za-z_][A-Za-z0-9_]*$/.test(part) && got) values[part.slice(1)] = got;
    else if (last ? !got.startsWith(part) : got !== part) return undefined;
  }
  if (splat) {
    const prefix = want.join('/');
    values.splat = pathname.length > prefix.length ? pathname.slice(prefix.length).replace(/^\//, '') : '';
  }
  return values;
}

/** `to` with the values a match bound (`:splat`, `:name`) put in. */
const fillIn = (to: string, values: Record<string, string>): string =>
  to.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (all, name: string) => values[name] ?? all);

/**
 * The headers every matching rule sets, in file order; values of a header set twice are joined.
 * Linear in the lines (a map by lower-case name, values joined once at the end): 20,000 lines under
 * `/*` cost 41 s of CPU a request with a search of the names so far for each.
 */
export function headersFor(rules: readonly HeaderRule[], pathname: string): Record<string, string> {
  const byName = new Map<string, [name: string, values: string[]]>();
  for (const rule of rules) {
    if (!matchPath(rule.pattern, pathname)) continue;
    for (const [name, value] of rule.headers) {
      const key = name.toLowerCase();
      const seen = byName.get(key);
      if (seen) seen[1].push(value);
      else byName.set(key, [name, [value]]);
    }
  }
  const out: Record<string, string> = {};
  for (const [name, values] of byName.values()) out[name] = values.filter((v) => v).join(', ');
  return out;
}

/** The first rule that matches `pathname`, with its destination filled in. */
export function redirectFor(
  rules: readonly RedirectRule[],
  pathname: string,
): { rule: RedirectRule; location: string } | undefined {
  for (const rule of rules) {
    const values = matchPath(rule.from, pathname);
    if (values) return { rule, location: fillIn(rule.to, values) };
  }
  return undefined;
}
