/**
 * Dated sections of a page's Markdown: a build shows what was true on its date, so a statement about
 * an event is fenced by the day it happened, and one that a later change ended by the day it ended.
 *
 *     ::: from 2025-06-01
 *     In June 2025 a player sued …
 *     :::
 *
 *     ::: until 2026-01-01
 *     The W-2G line for slots is $1,200.
 *     :::
 *
 * A section out of force on the build's date is blanked line for line (later lines keep their
 * numbers for errors); the fence lines are always blanked. Without a build date every section shows.
 */
export const DATED_FENCE = /^::: *(from|until) +(\d{4}-\d{2}-\d{2}) *$/;
export const DATED_CLOSE = /^::: *$/;

export function datedSections(text: string, today: string | undefined): string {
  if (!text.includes(':::')) return text;
  const lines = text.split('\n');
  let open: { kind: string; day: string } | undefined;
  for (const [i, line] of lines.entries()) {
    const fence = DATED_FENCE.exec(line.trim());
    if (fence && !open) {
      open = { kind: fence[1]!, day: fence[2]! };
      lines[i] = '';
    } else if (open && DATED_CLOSE.test(line.trim())) {
      open = undefined;
      lines[i] = '';
    } else if (open && today && !inForce(open, today)) lines[i] = '';
  }
  return lines.join('\n');
}

/** `from` shows from its day on; `until` shows before its day. */
const inForce = (s: { kind: string; day: string }, today: string) =>
  s.kind === 'from' ? today >= s.day : today < s.day;
