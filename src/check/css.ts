/**
 * The URLs a stylesheet loads: `url(…)` (fonts, images, cursors) and `@import`, in `.css` files,
 * `<style>` elements and `style=""` attributes. Comments are skipped; `data:` URLs and `url(#id)`
 * (a reference into the document, as SVG filters write) load nothing.
 */

export interface CssUrl {
  url: string;
  /** 1-based line within the CSS text. */
  line: number;
  col: number;
}

/** A CSS string in double or single quotes (escapes kept), as regex source. */
const DQ = String.raw`"((?:[^"\\\n]|\\.)*)"`;
const SQ = String.raw`'((?:[^'\\\n]|\\.)*)'`;
/** A comment (matched to be skipped), `url(` with a quoted or bare URL, or `@import` with a quoted string. */
const TOKENS = new RegExp(
  String.raw`\/\*[\s\S]*?(?:\*\/|$)|\burl\(\s*(?:${DQ}|${SQ}|([^"'()\s]*))\s*\)|@import\s+(?:${DQ}|${SQ})`,
  'gi',
);

/** CSS escapes in a URL: `\\` + a character, or up to six hex digits and one space. */
const unescapeCss = (s: string) =>
  s.replace(/\\(?:([0-9a-f]{1,6})\s?|([\s\S]))/gi, (_, hex: string | undefined, ch: string | undefined) =>
    hex ? String.fromCodePoint(Math.min(Number.parseInt(hex, 16), 0x10ffff) || 0xfffd) : (ch ?? ''),
  );

export function cssUrls(css: string): CssUrl[] {
  const out: CssUrl[] = [];
  let line = 1;
  let lineStart = 0;
  let scanned = 0;
  for (const m of css.matchAll(TOKENS)) {
    if (m[0].startsWith('/*')) continue;
    const raw = m[1] ?? m[2] ?? m[3] ?? m[4] ?? m[5] ?? '';
    const url = unescapeCss(raw).trim();
    if (!url || url.startsWith('#') || /^data:/i.test(url)) continue;
    for (let i = css.indexOf('\n', scanned); i !== -1 && i < m.index; i = css.indexOf('\n', i + 1)) {
      line++;
      lineStart = i + 1;
    }
    scanned = m.index;
    out.push({ url, line, col: m.index - lineStart + 1 });
  }
  return out;
}
