/**
 * Markdown tables go into a labelled, focusable scroll region (a keyboard user can scroll a wide
 * table; axe's scrollable-region-focusable). Done here, after the Markdown stage, on its output.
 */
const TABLE = /<table\b[^>]*>[\s\S]*?<\/table>/g;
const HEADING = /<h([2-6])\b[^>]*>([\s\S]*?)<\/h\1>/g;

const textOf = (html: string) =>
  html
    .replace(/<[^>]*>/g, '')
    .replace(/\s+/g, ' ')
    .trim();

const escapeAttr = (s: string) => s.replace(/&(?![#\w]+;)/g, '&amp;').replace(/"/g, '&quot;');

/** The label of a table: the last heading before it, else its column headings. */
function labelFor(before: string, table: string): string {
  let heading = '';
  for (const m of before.matchAll(HEADING)) heading = textOf(m[2]!);
  if (heading) return heading;
  const head = table.match(/<thead\b[^>]*>([\s\S]*?)<\/thead>/)?.[1] ?? '';
  const columns = [...head.matchAll(/<th\b[^>]*>([\s\S]*?)<\/th>/g)].map((m) => textOf(m[1]!)).filter(Boolean);
  return columns.length ? `Table: ${columns.join(', ')}` : 'Table';
}

/** Wraps every <table> of an HTML fragment in `<section class="table-scroll" tabindex="0">`. */
export function wrapTables(html: string): string {
  if (!html.includes('<table')) return html;
  const seen = new Map<string, number>();
  return html.replace(TABLE, (table, offset: number) => {
    const base = labelFor(html.slice(0, offset), table);
    const n = (seen.get(base) ?? 0) + 1;
    seen.set(base, n);
    // Two tables under one heading still get distinct names.
    const label = escapeAttr(n > 1 ? `${base} (table ${n})` : base);
    return `<section class="table-scroll" tabindex="0" aria-label="${label}">${table}</section>`;
  });
}
