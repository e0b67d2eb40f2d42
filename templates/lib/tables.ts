import type { Heading, TableSpan } from 'pa-site';

/**
 * Markdown tables go into a labelled, focusable scroll region (a keyboard user can scroll a wide
 * table; axe's scrollable-region-focusable). Done here, after the Markdown stage, on its output.
 */

/** A heading's opening tag: the Markdown stage's headings, in the order it lists them. */
const HEADING_TAG = /<h[1-6][\s>]/g;
const TABLE_END = '</table>';

/** Where the next `<table>` (or `<table …>`) starts at or after `from`; -1 when there is none. */
function nextTable(html: string, from: number): number {
  for (let at = html.indexOf('<table', from); at >= 0; at = html.indexOf('<table', at + 6)) {
    const c = html[at + 6];
    if (c === '>' || c === ' ' || c === '\n' || c === '\t') return at;
  }
  return -1;
}

/**
 * The tables of a segment's HTML and the heading tags before each, found in one forward scan: for a
 * segment whose engine did not say where its tables are (remark).
 */
export function findTables(html: string): TableSpan[] {
  const tables: TableSpan[] = [];
  let table = nextTable(html, 0);
  if (table < 0) return tables;
  const tags = new RegExp(HEADING_TAG);
  let next = tags.exec(html);
  let headings = 0;
  while (table >= 0) {
    const end = html.indexOf(TABLE_END, table);
    if (end < 0) break;
    for (; next && next.index < table; next = tags.exec(html)) headings++;
    tables.push({ start: table, end: end + TABLE_END.length, headings });
    table = nextTable(html, end + TABLE_END.length);
  }
  return tables;
}

const textOf = (html: string) =>
  html
    .replace(/<[^>]*>/g, '')
    .replace(/\s+/g, ' ')
    .trim();

/** Plain text (a heading's) as an attribute value. */
const escapePlain = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');
/** Text taken from HTML (entities kept) as an attribute value. */
const escapeHtmlText = (s: string) => s.replace(/&(?![#\w]+;)/g, '&amp;').replace(/"/g, '&quot;');

/** A table's column headings, for a table with no heading before it. */
function columnsLabel(table: string): string {
  const head = table.match(/<thead\b[^>]*>([\s\S]*?)<\/thead>/)?.[1] ?? '';
  const columns = [...head.matchAll(/<th\b[^>]*>([\s\S]*?)<\/th>/g)].map((m) => textOf(m[1]!)).filter(Boolean);
  return columns.length ? `Table: ${columns.join(', ')}` : 'Table';
}

/**
 * Wraps every <table> of a segment's HTML in `<section class="table-scroll" tabindex="0" aria-label>`,
 * labelled by the last `##`–`######` heading before it (its text from `headings`, the segment's
 * headings in order), else by its column headings. The tables are where the Markdown stage says
 * (`tables`), else found in the HTML.
 */
export function wrapTables(html: string, headings: readonly Heading[], tables?: readonly TableSpan[]): string {
  const spans = tables ?? findTables(html);
  if (spans.length === 0) return html;
  const seen = new Map<string, number>();
  let passed = 0;
  // The last heading passed, made a label only when a table needs it (most headings have no table under them).
  let last: Heading | undefined;
  let out = '';
  let from = 0;
  for (const { start, end, headings: before } of spans) {
    for (; passed < before; passed++) {
      const h = headings[passed];
      if (h && h.depth >= 2) last = h;
    }
    const heading = last ? escapePlain(last.text.replace(/\s+/g, ' ').trim()) : '';
    const match = html.slice(start, end);
    const base = heading || escapeHtmlText(columnsLabel(match));
    const n = (seen.get(base) ?? 0) + 1;
    seen.set(base, n);
    // Two tables under one heading still get distinct names.
    const label = n > 1 ? `${base} (table ${n})` : base;
    out += html.slice(from, start);
    out += `<section class="table-scroll" tabindex="0" aria-label="${label}">${match}</section>`;
    from = end;
  }
  return out + html.slice(from);
}
