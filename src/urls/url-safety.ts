/**
 * The one rule for link targets (href, src, form action) from content, applied after `{{…}}`
 * values are filled in: Markdown links and images, frontmatter and YAML URL fields alike.
 */
export interface UrlProblem {
  problem: string;
  fix: string;
}

export interface UrlRules {
  /** `operator:<id>` links (Markdown only: they become the operator's review route). */
  operator?: boolean;
}

const ALLOWED = new Set(['http', 'https', 'mailto', 'tel']);
/** Characters browsers drop from a URL before reading its scheme: C0 controls, space, DEL, C1 controls. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: stripping control characters is the point
const IGNORED = /[\u0000-\u0020\u007f-\u009f]/g;
const SCHEME = /^([a-z][a-z0-9+.-]*):/;
const DANGEROUS = new Set(['javascript', 'vbscript', 'data', 'file', 'blob', 'filesystem']);

/** Decodes %XX escapes until none are left (at most 4 rounds), never throwing on a malformed one. */
function decodeFully(url: string): string {
  let s = url;
  for (let round = 0; round < 4 && /%[0-9a-f]{2}/i.test(s); round++) {
    let next: string;
    try {
      next = decodeURIComponent(s);
    } catch {
      next = s.replace(/%([0-9a-f]{2})/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
    }
    if (next === s) break;
    s = next;
  }
  return s;
}

/**
 * Why `url` must not be a link target, or undefined when it may. Allowed: http(s) URLs with a host,
 * mailto:, tel:, site paths (`/about`, `guides/odds`), `?query` and `#fragment`, and `operator:`
 * links when `rules.operator` is set. Rejected even when percent-encoded or broken up by control
 * characters or whitespace: javascript:, data:, vbscript:, file: and any other scheme, the
 * `//host`, `/\host` and `\\host` forms browsers read as a link to another site, and http(s) URLs
 * with credentials (`user:pw@`).
 */
export function urlProblem(url: string, rules: UrlRules = {}): UrlProblem | undefined {
  const probe = decodeFully(url).replace(IGNORED, '').toLowerCase();
  if (/^[/\\]{2}/.test(probe))
    return {
      problem: 'a link starting with two slashes or a backslash points at another site, whatever follows',
      fix: 'write a site path with one "/" (like "/about") or a full https:// URL',
    };
  const scheme = SCHEME.exec(probe)?.[1];
  if (scheme === undefined) return undefined;
  if (scheme === 'operator' && rules.operator) return undefined;
  if (ALLOWED.has(scheme)) {
    // Browsers do not decode the "//" after the scheme: check it as written.
    if (scheme.startsWith('http') && !/^https?:\/\/[^/\\?#]/.test(url.replace(IGNORED, '').toLowerCase()))
      return {
        problem: `an ${scheme}: link needs "//" and a host name`,
        fix: 'write the full address, like "https://example.com/page"',
      };
    // https://user:pass@evil.com/ shows a trusted name before the "@" and sends a password to the host after it.
    if (scheme.startsWith('http') && URL.canParse(url)) {
      const u = new URL(url);
      if (u.username || u.password)
        return {
          problem: 'a link holding a user name or password ("user:pw@") sends them to the site and misleads readers',
          fix: 'remove the part between "//" and "@"',
        };
    }
    return undefined;
  }
  return {
    problem: DANGEROUS.has(scheme)
      ? `a "${scheme}:" link can run code or open local files in the reader's browser`
      : `links with the "${scheme}:" scheme are not allowed`,
    fix:
      'use a site path, a "#fragment", or an http(s):, mailto: or tel: URL' +
      (rules.operator ? ' (or operator:<id>)' : ''),
  };
}
