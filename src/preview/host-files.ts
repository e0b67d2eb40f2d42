/**
 * The host files a build writes (`_headers`, `_redirects`, in the format Netlify and Cloudflare Pages
 * read), parsed so `pa-site preview` answers as the host would. Paths are patterns: `*` matches the
 * rest of the path (its value is `:splat`), `:name` one segment.
 */

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
    if (!current || colon < 1) {
      const why = current ? 'expected "Name: value"' : 'a header before any path';
      problems.push({ file: '_headers', line: i + 1, message: `${why}: "${line}"` });
      return;
    }
    current.headers.push([line.slice(0, colon).trim(), line.slice(colon + 1).trim()]);
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
    const problem = !from.startsWith('/')
      ? `expected a path starting with "/", found "${from}"`
      : !to
        ? `"${from}" has no destination`
        : rest.length > (code ? 1 : 0)
          ? `conditions ("${rest.slice(code ? 1 : 0).join(' ')}") are not followed by pa-site preview`
          : undefined;
    if (problem) problems.push({ file: '_redirects', line: i + 1, message: problem });
    else rules.push({ from, to, status: code ? Number(code[1]) : 301, force: code?.[2] === '!' });
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
export const fillIn = (to: string, values: Record<string, string>): string =>
  to.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (all, name: string) => values[name] ?? all);

/** The headers every matching rule sets, in file order; values of a header set twice are joined. */
export function headersFor(rules: readonly HeaderRule[], pathname: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const rule of rules) {
    if (!matchPath(rule.pattern, pathname)) continue;
    for (const [name, value] of rule.headers) {
      const key = Object.keys(out).find((k) => k.toLowerCase() === name.toLowerCase()) ?? name;
      out[key] = out[key] ? `${out[key]}, ${value}` : value;
    }
  }
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
