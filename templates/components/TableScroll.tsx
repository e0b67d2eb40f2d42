import type { ReactNode } from 'react';

/** A wide table's frame: a labelled region the keyboard can focus and scroll sideways. */
export function TableScroll({ label, children }: { label: string; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be focusable to scroll by keyboard
    <section className="table-scroll" tabIndex={0} aria-label={label}>
      {children}
    </section>
  );
}
