import type { ReactNode } from 'react';
import type { RenderedSegment } from 'pa-site';

export interface TocEntry {
  id: string;
  text: string;
}

/** The page's sections in order: the Markdown's `##` headings and the FAQ blocks. */
export function tocEntries(body: readonly RenderedSegment[]): TocEntry[] {
  const out: TocEntry[] = [];
  for (const seg of body) {
    if (seg.kind === 'html') {
      for (const h of seg.headings) if (h.depth === 2) out.push({ id: h.id, text: h.text });
    } else if (seg.block.type === 'faq') out.push({ id: seg.block.id, text: seg.block.heading });
  }
  return out;
}

/** Pages with at least this many sections get a table of contents. */
export const TOC_MIN = 4;

/**
 * "On this page": collapsed on small screens (a <details>, no script needed), a sticky column beside
 * the content on desktop, where the CSS shows it open (the script opens it for older browsers).
 */
export function Toc({ entries }: { entries: readonly TocEntry[] }) {
  return (
    <nav className="toc" aria-labelledby="toc-heading">
      <details className="toc-details" data-desktop-open="">
        <summary className="toc-summary">
          <span id="toc-heading">On this page</span>
        </summary>
        <p className="toc-title" aria-hidden="true">
          On this page
        </p>
        <ol className="toc-list">
          {entries.map((e) => (
            <li key={e.id}>
              <a href={`#${e.id}`}>{e.text}</a>
            </li>
          ))}
        </ol>
      </details>
    </nav>
  );
}

/** The content column, with the table of contents beside it when the page is long enough. */
export function WithToc({ entries, children }: { entries: readonly TocEntry[]; children: ReactNode }) {
  if (entries.length < TOC_MIN) return <div className="container content">{children}</div>;
  return (
    <div className="container content has-toc">
      <Toc entries={entries} />
      <div className="content-main">{children}</div>
    </div>
  );
}
