import type { Site } from '../../model.js';
import type { BuildRun } from '../build-run.js';
import { publicFiles } from '../load/public-files.js';
import type { CompileOutcome } from '../render/compile/compile-cache.js';
import { GENERATED, outputClashes } from '../write/clashes.js';
import { MARKER } from '../write/out-dir.js';
import { redirectPageFile } from '../write/redirects.js';
import type { OutputFiles } from '../write/write.js';

/** Files every build writes besides pages and public files, with what each is. */
export const OWN_FILES: Readonly<Record<string, string>> = { ...GENERATED, [MARKER]: "pa-site's marker file" };

/** The files of content/public, with every output path checked for a second claimant. */
export async function publicOutput(run: BuildRun, site: Site, compiled: CompileOutcome): Promise<OutputFiles> {
  const { files, diagnostics } = await publicFiles(run.root);
  run.report(diagnostics);
  const generated: Record<string, string> = { ...OWN_FILES };
  for (const rel of compiled.assets.files.keys()) generated[rel] = 'an asset pa-site bundles from templates/';
  for (const r of site.config.redirects) generated[redirectPageFile(r)] = `the redirect page for ${r.from} (site.yaml)`;
  run.report(outputClashes(run.root, site.pages, [...files.keys()], generated));
  return files;
}
