import type { Diagnostic } from '../../support/diagnostics/diagnostics.js';
import type { SourceFile } from '../../model.js';
import { siteSchema, type SiteConfig } from '../../schema/site.js';
import { factsLaterThan, factsOn } from '../../schema/dated-facts.js';
import { referenceDate } from '../../domain/staleness.js';
import { issuesToDiagnostics, notAMapping } from './issues.js';
import { checkSourceRefs, type SourceRegistry } from './sources.js';
import { parseYaml, type Locate, type YamlSource } from '../load/yaml-source.js';
import type { MarkdownSetup } from '../render/markdown/markdown-setup.js';
import { resolveRemarkPlugins } from '../render/markdown/remark-plugins.js';

/** content/site.yaml, validated: its config, its Markdown plugins, and where each of its fields is. */
export interface SiteResult {
  config: SiteConfig;
  markdown: MarkdownSetup;
  locate: Locate;
}

/** Reads content/site.yaml; undefined when it is invalid (its errors reported). */
export function validateSite(
  root: string,
  file: SourceFile,
  sources: SourceRegistry,
  diagnostics: Diagnostic[],
  /** The build's date, YYYY-MM-DD: it picks each fact's value in force (dated-facts.ts). */
  today: string = defaultDay(),
  /** The file's YAML, when the caller parsed it already (validate.ts reads its pack first). */
  src: YamlSource = parseYaml(file.text, file.path),
): SiteResult | undefined {
  if (src.errors.length) return void diagnostics.push(...src.errors);
  const empty = notAMapping(
    src,
    'restore content/site.yaml from version control, or see docs/content.md for its fields',
  );
  if (empty) return void diagnostics.push(empty);
  const parsed = siteSchema.safeParse(src.data, { reportInput: true });
  if (!parsed.success)
    return void diagnostics.push(
      ...issuesToDiagnostics(parsed.error.issues, src, [], { schema: siteSchema, input: src.data }),
    );
  checkSourceRefs(parsed.data, file.path, (p) => src.locate(p), sources, diagnostics);
  const plugins = resolveRemarkPlugins(root, parsed.data.markdown, (p) => src.locate(p));
  diagnostics.push(...plugins.diagnostics);
  const facts = factsOn(parsed.data.facts, today);
  const laterFacts = factsLaterThan(parsed.data.facts, today);
  const config: SiteConfig = { ...parsed.data, facts, laterFacts, sources: sources.byId, today };
  return { config, markdown: plugins.setup, locate: (p) => src.locate(p) };
}

/** $PA_SITE_TODAY or the real date, for callers that pass no build date. */
function defaultDay(): string {
  try {
    return referenceDate(undefined).toISOString().slice(0, 10);
  } catch {
    return new Date().toISOString().slice(0, 10);
  }
}
