/** The site's address as check uses it: its origin, and the base its canonical URLs are under. */
import { basePathProblem, urlBaseProblem } from '../urls/urls.js';

/** `https://example.com` of a URL; null for none or one that does not parse. */
export const originOf = (url: string | null) => {
  if (!url) return null;
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
};

/** The base canonical URLs of a folder's pages hold: the one it is served under, where url and base agree. */
export const canonicalBase = (siteUrl: string, base: string) =>
  basePathProblem(base) || urlBaseProblem(siteUrl, base) ? '/' : base;
