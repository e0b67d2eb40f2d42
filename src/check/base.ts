/**
 * `--base /book/`: the URL path the checked folder is served under, for a subfolder of a larger
 * site (linkinator's `--server-root`). Its pages answer under the base; a link that leaves the base
 * (`../std/` from the book) is to another part of the site, not in this folder, and is not checked.
 */
import { CheckInputError } from './errors.js';

/** `/book` or `/book/` → `/book/`; the default `/` is the site's root. */
export function normalizeBase(base: string | undefined): string {
  if (base === undefined) return '/';
  if (!base.startsWith('/') || /[?#\\]/.test(base) || base.split('/').some((s) => s === '.' || s === '..'))
    throw new CheckInputError(`--base must be a URL path such as /docs/ (received: ${base})`);
  return base.endsWith('/') ? base : `${base}/`;
}

/** The page's URL under the base: `/ch1` → `/book/ch1`. */
export const withBase = (base: string, served: string) => (base === '/' ? served : base.slice(0, -1) + served);

/** The folder's path for a URL path under the base (`/book/ch1` → `/ch1`), or null for one outside it. */
export function underBase(base: string, pathname: string): string | null {
  if (base === '/') return pathname;
  if (pathname === base.slice(0, -1)) return '/';
  return pathname.startsWith(base) ? pathname.slice(base.length - 1) : null;
}
