/**
 * `--skip REGEX` and site.yaml `check.skip`: links one cannot fix (another team's pages, a host
 * that refuses checkers) left out, as linkinator's `--skip`. A pattern is tested, unanchored,
 * against the URL as written and as resolved (`/src/lib.rs.html#10-25`, `https://example.com/x`).
 */
import { CheckInputError } from './errors.js';

/** The patterns as regular expressions; a bad one is a usage error naming where it came from. */
export function compileSkip(patterns: readonly string[], from: string): RegExp[] {
  return patterns.map((p) => {
    try {
      return new RegExp(p, 'u');
    } catch (e) {
      const why = (e as Error).message.replace(/^Invalid regular expression: /, '');
      throw new CheckInputError(`${from} "${p}" is not a valid regular expression (${why})`);
    }
  });
}

/** A test for the URLs to leave out, or null when there is none. */
export function skipper(res: readonly RegExp[]): ((...urls: string[]) => boolean) | null {
  if (!res.length) return null;
  return (...urls) => urls.some((u) => res.some((re) => re.test(u)));
}
