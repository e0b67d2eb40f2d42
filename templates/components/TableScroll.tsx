import type { ReactNode } from 'react';

/**
 * A wide table's frame: a labelled region the keyboard can focus and scroll sideways. `stack`: on
 * phones each row becomes a small block of "column: value" lines (cells carry `data-label`), so
 * every column is read without scrolling sideways.
 */
export function TableScroll({ label, stack, children }: { label: string; stack?: boolean; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be focusable to scroll by keyboard
    <section className={`table-scroll${stack ? ' table-stack' : ''}`} tabIndex={0} aria-label={label}>
      {children}
    </section>
  );
}
