import type { Diagnostic } from '../../support/diagnostics/diagnostics.js';
import { err, type PageDraft } from './parse-page.js';

/** Each block a page's frontmatter defines is placed once in its body (`::: name`), and only those. */
export function checkBlockPlacement(draft: PageDraft, diagnostics: Diagnostic[]): void {
  const { data, file, body } = draft;
  const placed = new Set<string>();
  for (const seg of body.segments) {
    if (seg.kind !== 'block') continue;
    if (!(seg.name in data.blocks)) {
      const known = Object.keys(data.blocks);
      diagnostics.push(
        err(
          file.path,
          seg.line,
          1,
          'body',
          'unknown-block',
          `"::: ${seg.name}" places a block that the frontmatter does not define`,
          {
            hint: known.length
              ? `define blocks.${seg.name} in the frontmatter, or use one of: ${known.join(', ')}`
              : `define it under "blocks:" in the frontmatter`,
          },
        ),
      );
    } else if (placed.has(seg.name)) {
      diagnostics.push(
        err(file.path, seg.line, 1, 'body', 'duplicate-block', `block "${seg.name}" is placed twice`, {
          hint: 'place each block once; define a second block with another name',
        }),
      );
    }
    placed.add(seg.name);
  }
  for (const name of Object.keys(data.blocks)) {
    if (placed.has(name)) continue;
    const pos = draft.locate(['blocks', name]);
    diagnostics.push(
      err(
        file.path,
        pos.line,
        pos.col,
        `blocks.${name}`,
        'unplaced-block',
        `block "${name}" is defined but not placed in the body`,
        { hint: `add a line "::: ${name}" where it should appear` },
      ),
    );
  }
}
