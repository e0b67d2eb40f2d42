/**
 * Markdown tables go into a labelled, focusable scroll region (a keyboard user can scroll a wide
 * table; axe's scrollable-region-focusable). Done here, after the Markdown stage, on its output.
 */
/** Headings and tables in document order, so each table is labelled in one pass (linear on big pages). */
const HEADING_OR_TABLE = /<h([2-6])\b[^>]*>([\s\S]*?)<\/h\1>|<table\b[^>]*>[\s\S]*?<\/table>/g;

const textOf = (html: string) =>
  html
    .replace(/<[^>]*>/g, '')
    .replace(/\s+/g, ' ')
    .trim();

const escapeAttr = (s: string) => s.replace(/&(?![#\w]+;)/g, '&amp;').replace(/"/g, '&quot;');

/** A table's column headings, for a table with no heading before it. */
function columnsLabel(table: string): string {
  const head = table.match(/<thead\b[^>]*>([\s\S]*?)<\/thead>/)?.[1] ?? '';
  const columns = [...head.matchAll(/<th\b[^>]*>([\s\S]*?)<\/th>/g)].map((m) => textOf(m[1]!)).filter(Boolean);
  return columns.length ? `Table: ${columns.join(', ')}` : 'Table';
}

/**
 * Wraps every <table> of an HTML fragment in `<section class="table-scroll" tabindex="0" aria-label>`,
 * labelled by the last heading before it, else by its column headings.
 */
export function wrapTables(html: string): string {
  if (!html.includes('<table')) return html;
  const seen = new Map<string, number>();
  let heading = '';
  return html.replace(HEADING_OR_TABLE, (match, level: string | undefined, inner: string | undefined) => {
    if (level) {
      heading = textOf(inner!);
      return match;
    }
    const base = heading || columnsLabel(match);
    const n = (seen.get(base) ?? 0) + 1;
    seen.set(base, n);
    // Two tables under one heading still get distinct names.
    const label = escapeAttr(n > 1 ? `${base} (table ${n})` : base);
    return `<section class="table-scroll" tabindex="0" aria-label="${label}">${match}</section>`;
  });
}
