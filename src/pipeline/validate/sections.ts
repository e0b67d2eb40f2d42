import type { Diagnostic } from '../../support/diagnostics/diagnostics.js';
import type { SiteConfig } from '../../schema/site.js';
import { fieldPath } from './issues.js';
import { closest } from './did-you-mean.js';
import { err, type PageDraft } from './parse-page.js';

const menuHrefs = (config: SiteConfig) => config.header.menu.map((m) => m.href).join(', ');

/** A `section:` that is not a top-level header menu href, with the nearest one; undefined when it is one. */
function unknownSection(
  config: SiteConfig,
  section: string,
  file: string,
  where: () => { line: number; col: number },
  at: PropertyKey[],
): Diagnostic | undefined {
  const hrefs = config.header.menu.map((m) => m.href);
  if (hrefs.includes(section)) return undefined;
  const near = closest(section, hrefs);
  // Located only on an error: finding the position parses the YAML a second time.
  const pos = where();
  return err(file, pos.line, pos.col, fieldPath(at), 'unknown-section', 'section is not a top-level header menu link', {
    received: JSON.stringify(section),
    hint:
      `${near ? `did you mean "${near}"? ` : ''}` +
      `use one of the header menu hrefs in content/site.yaml: ${menuHrefs(config)}`,
  });
}

/** A page's `section:` and a page list's are each a top-level header menu href. */
export function checkSections(d: PageDraft, config: SiteConfig, diagnostics: Diagnostic[]): void {
  const sections: [PropertyKey[], string | undefined][] = [
    [['section'], d.data.section || undefined],
    ...Object.entries(d.data.blocks).map(([name, block]): [PropertyKey[], string | undefined] => [
      ['blocks', name, 'section'],
      block.type === 'pages' ? block.section : undefined,
    ]),
  ];
  for (const [at, section] of sections) {
    const bad =
      section === undefined ? undefined : unknownSection(config, section, d.file.path, () => d.locate(at), at);
    if (bad) diagnostics.push(bad);
  }
}
