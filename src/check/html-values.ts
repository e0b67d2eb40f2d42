/** Values of HTML attributes that hold URLs: a srcset's candidates, a meta refresh's delay and target. */

/** `a.png 1x, b.png 2x` → `['a.png', 'b.png']`. */
export function srcsetUrls(value: string): string[] {
  // The HTML srcset grammar: a URL runs to whitespace (a trailing comma ends the candidate),
  // then descriptors run to the next comma.
  const urls: string[] = [];
  let i = 0;
  while (i < value.length) {
    while (i < value.length && /[\s,]/.test(value[i]!)) i++;
    const start = i;
    while (i < value.length && !/\s/.test(value[i]!)) i++;
    let url = value.slice(start, i);
    if (url.endsWith(',')) url = url.replace(/,+$/, '');
    else while (i < value.length && value[i] !== ',') i++;
    if (url && !/^data:/i.test(url)) urls.push(url);
  }
  return urls;
}

/**
 * The URL of `<meta http-equiv="refresh" content="0; url=/next/">` (HTML's refresh parsing:
 * a delay, then `;` or `,`, an optional `url=`, and the URL, quoted or not). Null without one.
 */
export function refreshUrl(content: string): string | null {
  const m = /^[\s]*[\d.]*[\s]*[;,]?[\s]*(?:url[\s]*=[\s]*)?([\s\S]*)$/i.exec(content);
  let url = m?.[1] ?? '';
  const q = url[0];
  if (q === '"' || q === "'") {
    const end = url.indexOf(q, 1);
    url = url.slice(1, end === -1 ? undefined : end);
  }
  url = url.trim();
  return url === '' ? null : url;
}

/** The delay of a meta refresh in whole seconds (`0; url=…` → 0), or null when it starts with none. */
export function refreshDelay(content: string): number | null {
  const m = /^\s*(\d+)/.exec(content);
  return m ? Number(m[1]) : null;
}
