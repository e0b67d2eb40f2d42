/**
 * The path a request asks for, read without `new URL`: a target such as `//%25` or `http://a:99999/`
 * makes the URL parser throw, and `//evil.com` would be read as another host. Shared by preview and dev.
 */
import path from 'node:path';

export interface RequestTarget {
  /** Decoded, with `.`, `..` and repeated slashes resolved: never leaves `/`. */
  decoded: string;
  /** The same path percent-encoded again: safe in a header, and what rules and file lookups match. */
  path: string;
  /** `?…` as sent, or ''. */
  search: string;
  /** The host (and port) an absolute-form target names: RFC 9112 has it override the Host header. */
  authority?: string;
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const CONTROL_OR_BACKSLASH = /[\0-\x1f\x7f\\]/;

/** Characters a path segment keeps as they are; the rest are percent-encoded. */
const encodeSegment = (s: string) =>
  encodeURIComponent(s).replace(/%(3A|40|2B|2C|3B|3D|24|26)/g, (e) => decodeURIComponent(e));

/**
 * The target of a request line (origin form `/a?b`, or absolute form `http://host/a` as RFC 9112
 * allows), or undefined when it is malformed: the caller answers 400. Control characters, a backslash
 * or a NUL once decoded are refused rather than guessed at.
 */
export function parseTarget(target: string | undefined): RequestTarget | undefined {
  if (!target) return undefined;
  let raw = target;
  let authority: string | undefined;
  if (!raw.startsWith('/')) {
    if (!/^https?:\/\//i.test(raw)) return undefined;
    try {
      const url = new URL(raw);
      raw = url.pathname + url.search;
      authority = url.host;
    } catch {
      return undefined;
    }
  }
  const cut = raw.search(/[?#]/);
  const rawPath = cut < 0 ? raw : raw.slice(0, cut);
  const search = cut >= 0 && raw[cut] === '?' ? raw.slice(cut).replace(/#.*$/s, '') : '';
  let decoded: string;
  try {
    decoded = decodeURIComponent(rawPath);
  } catch {
    return undefined;
  }
  if (CONTROL_OR_BACKSLASH.test(decoded) || /[^\x21-\x7e]/.test(search)) return undefined;
  decoded = path.posix.normalize(decoded);
  if (!decoded.startsWith('/')) decoded = `/${decoded}`;
  const parsed: RequestTarget = { decoded, path: decoded.split('/').map(encodeSegment).join('/'), search };
  if (authority !== undefined) parsed.authority = authority;
  return parsed;
}
