import type { Diagnostic } from '../../support/diagnostics/diagnostics.js';
import type { SourceFile } from '../../model.js';
import { siteSchema, type SiteConfig } from '../../schema/site.js';
import { issuesToDiagnostics, notAMapping } from './issues.js';
import { checkSourceRefs, type SourceRegistry } from './sources.js';
import { parseYaml } from '../load/yaml-source.js';
import type { MarkdownSetup } from '../render/markdown/markdown-setup.js';
import { resolveRemarkPlugins } from '../render/markdown/remark-plugins.js';

type Locate = (path: readonly PropertyKey[]) => { line: number; col: number };

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
): SiteResult | undefined {
  const src = parseYaml(file.text, file.path);
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
  const config = { ...parsed.data, sources: sources.byId };
  return { config, markdown: plugins.setup, locate: (p) => src.locate(p) };
}
