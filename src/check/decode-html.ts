/**
 * An HTML file's text in the encoding it declares, as a browser reads it: a byte-order mark, else
 * a `<meta charset>` (or `http-equiv="Content-Type"`) in its first 1,024 bytes, else UTF-8. A
 * Latin-1 page's `id="café"` then matches a link to `#café`, instead of both reading as U+FFFD.
 */
const META = /<meta\b[^>]*?\bcharset\s*=\s*["']?\s*([A-Za-z0-9_.:-]+)/i;

export function decodeHtml(bytes: Uint8Array): string {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return new TextDecoder('utf-8').decode(bytes);
  if ((bytes[0] === 0xfe && bytes[1] === 0xff) || (bytes[0] === 0xff && bytes[1] === 0xfe))
    return new TextDecoder(bytes[0] === 0xfe ? 'utf-16be' : 'utf-16le').decode(bytes);
  // The declaration is ASCII in every encoding a page may declare this way: latin1 reads it safely.
  const label = META.exec(Buffer.from(bytes.subarray(0, 1024)).toString('latin1'))?.[1];
  let decoder: TextDecoder;
  try {
    decoder = new TextDecoder(label ?? 'utf-8');
  } catch {
    decoder = new TextDecoder('utf-8'); // a label no browser knows: browsers fall back too
  }
  // A page that declares UTF-16 in a meta tag is read as UTF-8, as the HTML standard says.
  if (decoder.encoding.startsWith('utf-16')) decoder = new TextDecoder('utf-8');
  const text = decoder.decode(bytes);
  // Node's windows-1252 decoder (every Latin-1 label) leaves 0x80-0x9F as C1 controls; browsers map them.
  return decoder.encoding === 'windows-1252' ? text.replace(/[\u0080-\u009f]/g, (c) => CP1252[c] ?? c) : text;
}

/** Windows-1252's characters at 0x80-0x9F (five of the bytes are unassigned and stay as they are). */
const CP1252: Record<string, string> = Object.fromEntries(
  [...'€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ'].map((c, i) => [String.fromCharCode(0x80 + i), c]),
);
