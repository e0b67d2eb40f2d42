const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** US style: `2004-07-05` → `July 5, 2004`; `2023-03` → `March 2023`; `2019` → `2019`. */
export function formatPartialDate(date: string): string {
  const [y, m, d] = date.split('-');
  if (!m) return y!;
  const month = MONTHS[Number(m) - 1];
  return d ? `${month} ${Number(d)}, ${y}` : `${month} ${y}`;
}

/** `2025-01-15` → `January 2025`. */
export const monthYear = (iso: string) => formatPartialDate(iso.slice(0, 7));
