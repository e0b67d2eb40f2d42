/**
 * The `Range` header of a request for a file of `size` bytes, per RFC 9110 §14: one range is served
 * (206), several are answered with the whole file (200, as RFC 9110 allows), an invalid or
 * unsatisfiable one with 416. Another unit than `bytes` is ignored.
 */
export type RangeAnswer = { kind: 'whole' } | { kind: 'part'; start: number; end: number } | { kind: 'unsatisfiable' };

const SPEC = /^(?:(\d+)-(\d*)|-(\d+))$/;

export function parseRange(header: string | undefined, size: number): RangeAnswer {
  if (header === undefined) return { kind: 'whole' };
  const eq = header.indexOf('=');
  if (eq < 0 || header.slice(0, eq).trim().toLowerCase() !== 'bytes') return { kind: 'whole' };
  const specs = header
    .slice(eq + 1)
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
  const parts: { start: number; end: number }[] = [];
  for (const spec of specs) {
    const m = SPEC.exec(spec);
    if (!m) return { kind: 'unsatisfiable' };
    if (m[3] !== undefined) {
      // A suffix: the last N bytes (all of them when N is larger than the file).
      const n = Number(m[3]);
      if (n > 0 && size > 0) parts.push({ start: Math.max(0, size - n), end: size - 1 });
      continue;
    }
    const start = Number(m[1]);
    const end = m[2] === '' ? size - 1 : Number(m[2]);
    if (end < start) return { kind: 'unsatisfiable' };
    if (start < size) parts.push({ start, end: Math.min(end, size - 1) });
  }
  if (parts.length === 0) return { kind: 'unsatisfiable' };
  if (specs.length > 1) return { kind: 'whole' };
  return { kind: 'part', ...parts[0]! };
}
