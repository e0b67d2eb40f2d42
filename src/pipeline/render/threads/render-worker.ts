/**
 * A render worker: loads its code at once (while the main thread is still validating), then takes
 * the build's setup, imports the compiled templates and the Markdown engine, and renders the pages
 * it is sent, writing each one itself (render-pool.ts says why not through the page-writer thread).
 */
import { parentPort } from 'node:worker_threads';
import { pathToFileURL } from 'node:url';
import { renderMany, type PageRenderer, type RenderJob, type RenderSetup, contextFrom } from '../page/render-pages.js';
import type { TemplateModule } from '../compile/templates.js';
import { MARKDOWN_IT } from '../markdown/markdown.js';
import { loadMarkdownEngine } from '../markdown/remark-plugins.js';
import { parsePageDetached } from '../../validate/parse-page.js';
import { FrontmatterCache } from '../../load/frontmatter.js';
import type { ParseJob, ParseResult } from './render-pool.js';

let setup: RenderSetup;
/** The compiled templates, imported once: on a `prepare` message while validation runs, else at setup. */
const imported = new Map<string, Promise<TemplateModule>>();
const templatesFrom = (file: string): Promise<TemplateModule> => {
  let module = imported.get(file);
  if (!module) {
    module = import(pathToFileURL(file).href) as Promise<TemplateModule>;
    imported.set(file, module);
  }
  return module;
};
/** Frontmatter splits made here go back to the main thread's cache with each parse result (where it is keyed). */
const splitters = [new FrontmatterCache(undefined, false), new FrontmatterCache(undefined, true)] as const;
/**
 * The setup's work (templates imported, context made). Chunks come right behind the setup, before
 * it is done: each waits for it, and they run in the order they came.
 */
let ready: Promise<PageRenderer> | undefined;

parentPort!.on('message', async (msg: { setup: RenderSetup } | { prepare: string } | RenderJob | ParseJob | 'end') => {
  if (msg === 'end') {
    // Every chunk is rendered: finish this thread's pack (RenderPool.packs).
    const ctx = await ready;
    parentPort!.postMessage({ pack: ctx?.pack?.finish() ?? null });
    return;
  }
  if ('parse' in msg) {
    // Validation's costly part, on a cold build, while this thread would otherwise wait for its setup.
    const { indices, files, keyed } = msg.parse;
    const splitter = splitters[keyed ? 1 : 0];
    const parsed = files.map((f, k) => [indices[k]!, parsePageDetached(f, splitter)] as const);
    parentPort!.postMessage({ parsed, splits: splitter.takeMade() } satisfies ParseResult);
    return;
  }
  if ('prepare' in msg) {
    // A failed import is reported by the setup that awaits it.
    templatesFrom(msg.prepare).catch(() => undefined);
    return;
  }
  if ('setup' in msg) {
    setup = msg.setup;
    const templatesFile = setup.templatesFile;
    const markdown = setup.site.markdown;
    ready = (async () => {
      const templates = await templatesFrom(templatesFile);
      const { engine } = await loadMarkdownEngine(markdown);
      // The main thread loaded the same plugins before starting workers, so this cannot fail here.
      return contextFrom(setup, templates, engine ?? MARKDOWN_IT);
    })();
    return;
  }
  if (!ready) throw new Error('a render worker was sent pages before its setup');
  const ctx = await ready;
  // Each outcome carries its page's render-cache entry (written here) for the main thread's index.
  parentPort!.postMessage(renderMany(ctx, setup, msg.indices, msg.pages));
});

// Loaded: the main thread may send parse jobs now (render-pool.ts, parse).
parentPort!.postMessage('loaded');
