/**
 * Which dot-named paths are published: the one rule the build (content/public/) and preview (any folder) share,
 * so that what preview answers 404 is never on the site.
 */

/** The dot-named folder that is published: `.well-known/` at the top of the site (RFC 8615: security.txt). */
const PUBLISHED_DOT = '.well-known';

/**
 * The first dot-named part of `relPath` (forward slashes) that is not published (`.env`, `a/.git`,
 * `.well-known/.env`, `.well-known/.git/config`, `a/.well-known/x`), else undefined: dotfiles are editor,
 * version-control and secret files, never pages. Only a top-level `.well-known` is published, and nothing
 * dot-named inside it.
 */
export function hiddenPart(relPath: string): string | undefined {
  const parts = relPath.split('/');
  const i = parts.findIndex((p, at) => p.startsWith('.') && !(at === 0 && p === PUBLISHED_DOT));
  return i < 0 ? undefined : parts.slice(0, i + 1).join('/');
}
