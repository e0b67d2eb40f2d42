import type { RenderedSegment } from 'pa-site';
import { Block, type BlockContext } from '../blocks/Block.js';
import { wrapTables } from '../lib/tables.js';

/** A page body: Markdown HTML (already sanitized) interleaved with the blocks it places. */
export function Body({ body, ctx }: { body: RenderedSegment[]; ctx: BlockContext }) {
  return (
    <>
      {body.map((seg, i) =>
        seg.kind === 'html' ? (
          // biome-ignore lint/security/noDangerouslySetInnerHtml: seg.html is the Markdown stage's sanitized output
          // biome-ignore lint/suspicious/noArrayIndexKey: a static render; segments never reorder
          <div key={i} className="prose" dangerouslySetInnerHTML={{ __html: wrapTables(seg.html, seg.headings) }} />
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: a static render; segments never reorder
          <Block key={i} block={seg.block} ctx={ctx} />
        ),
      )}
    </>
  );
}
