import type { Diagnostic } from '../../support/diagnostics/diagnostics.js';
import type { SiteConfig } from '../../schema/site.js';
import { incomeTaxRateIn, LAST_TAX_YEAR } from '../../../templates/lib/tax.js';
import { err, type PageDraft } from './parse-page.js';

/** What a tool needs of site.yaml that the site lacks, or undefined: the tax tool states the jurisdiction's tax. */
function missingFor(tool: string, config: SiteConfig): string | undefined {
  if (tool !== 'tax') return undefined;
  if (!config.compliance) return 'no compliance: pack in content/site.yaml';
  if (!config.compliance.jurisdiction?.name) return 'no compliance.jurisdiction.name in content/site.yaml';
  if (!config.compliance.incomeTax) return 'no compliance.incomeTax in content/site.yaml';
  // The tool offers the tax years both its federal rules and the site's rates cover.
  if (!incomeTaxRateIn(config.compliance.incomeTax, LAST_TAX_YEAR))
    return `no rate of compliance.incomeTax in force by ${LAST_TAX_YEAR}`;
  return undefined;
}

/**
 * A `tool` block whose tool needs data the site does not give, reported at the block: the tax tool
 * states the jurisdiction's income tax on winnings, which is site data (site.yaml
 * `compliance.incomeTax`), never a figure of the generator's.
 */
export function checkToolData(draft: PageDraft, config: SiteConfig, diagnostics: Diagnostic[]): void {
  for (const [name, block] of Object.entries(draft.data.blocks)) {
    if (block.type !== 'tool') continue;
    const found = missingFor(block.tool, config);
    if (!found) continue;
    const pos = draft.locate(['blocks', name, 'tool']);
    diagnostics.push(
      err(
        draft.file.path,
        pos.line,
        pos.col,
        `blocks.${name}.tool`,
        'tool-data',
        `expected the jurisdiction's name and its income tax on gambling winnings in content/site.yaml: ` +
          'the tax tool states them',
        {
          received: found,
          hint:
            'add compliance.jurisdiction.name and compliance.incomeTax (e.g. "- { rate: 0.0307, source: <id> }", ' +
            'a cited rate) to content/site.yaml (docs/content.md), or remove the block',
        },
      ),
    );
  }
}
