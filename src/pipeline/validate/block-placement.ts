import { type Diagnostic, escapeTerminal } from '../../support/diagnostics/diagnostics.js';
import { err, type PageDraft } from './parse-page.js';

const BLOCK_NAME = /^[a-z][a-z0-9-]*$/;

/** Each block a page's frontmatter defines is placed once in its body (`::: name`), and only those. */
export function checkBlockPlacement(draft: PageDraft, diagnostics: Diagnostic[]): void {
  const { data, file, body } = draft;
  const placed = new Set<string>();
  for (const seg of body.segments) {
    if (seg.kind !== 'block') continue;
    // Own keys only: `::: constructor` or `::: toString` must not find Object.prototype's.
    if (!Object.hasOwn(data.blocks, seg.name)) {
      const known = Object.keys(data.blocks);
      const named = BLOCK_NAME.test(seg.name);
      const shown = escapeTerminal(seg.name);
      diagnostics.push(
        err(
          file.path,
          seg.line,
          1,
          'body',
          'unknown-block',
          seg.name === ''
            ? 'a ":::" line names no block'
            : `"::: ${shown}" places a block that the frontmatter does not define`,
          {
            hint: [
              named ? `define blocks.${seg.name} in the frontmatter` : 'block names are lowercase words joined by "-"',
              known.length ? `use one of: ${known.join(', ')}` : 'define blocks under "blocks:" in the frontmatter',
              'a line starting ":::" always places a block: indent it or escape it (\\:::) to show it as text',
            ].join('; '),
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
