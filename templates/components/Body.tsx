import type { RenderedSegment } from 'pa-site';
import { Block, type BlockContext } from '../blocks/Block.js';
import { wrapTables } from '../lib/tables.js';

type HtmlSegment = Extract<RenderedSegment, { kind: 'html' }>;
/** A segment's HTML with its tables wrapped, where the Markdown stage says they are (`tables`), if it says. */
const wrapped = (seg: HtmlSegment) => wrapTables(seg.html, seg.headings, seg.tables);

/** A page body: Markdown HTML (already sanitized) interleaved with the blocks it places. */
export function Body({ body, ctx }: { body: RenderedSegment[]; ctx: BlockContext }) {
  return (
    <>
      {body.map((seg, i) =>
        seg.kind === 'html' ? (
          // biome-ignore lint/security/noDangerouslySetInnerHtml: seg.html is the Markdown stage's sanitized output
          // biome-ignore lint/suspicious/noArrayIndexKey: a static render; segments never reorder
          <div key={i} className="prose" dangerouslySetInnerHTML={{ __html: wrapped(seg) }} />
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: a static render; segments never reorder
          <Block key={i} block={seg.block} ctx={ctx} />
        ),
      )}
    </>
  );
}
