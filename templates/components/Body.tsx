import type { RenderedSegment } from '../../src/model.js';
import { Block, type BlockContext } from '../blocks/Block.js';

/** A page body: Markdown HTML (already sanitized) interleaved with the blocks it places. */
export function Body({ body, ctx }: { body: RenderedSegment[]; ctx: BlockContext }) {
  return (
    <>
      {body.map((seg, i) =>
        seg.kind === 'html' ? (
          <div key={i} className="prose" dangerouslySetInnerHTML={{ __html: seg.html }} />
        ) : (
          <Block key={i} block={seg.block} ctx={ctx} />
        ),
      )}
    </>
  );
}
