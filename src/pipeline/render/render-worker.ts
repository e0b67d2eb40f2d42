/**
 * A render worker: loads its code at once (while the main thread is still validating), then takes
 * the build's setup, imports the compiled templates and the Markdown engine, and renders the pages
 * it is sent, handing each one to the page-writer thread.
 */
import { type MessagePort, parentPort } from 'node:worker_threads';
import { pathToFileURL } from 'node:url';
import { renderMany, type PageRenderer, type RenderJob, type RenderSetup, contextFrom } from './render-pages.js';
import type { TemplateModule } from './templates.js';
import { MARKDOWN_IT } from './markdown.js';
import { loadMarkdownEngine } from './remark-plugins.js';
import { MAX_QUEUED_PAGES, transferable } from '../write/page-file.js';
import { parsePageDetached } from '../validate/parse-page.js';
import { FrontmatterCache } from '../load/frontmatter.js';
import type { ParseJob, ParseResult } from './render-pool.js';

let setup: RenderSetup;
/** Pages sent to the writer and not yet taken by it, and the wait for it to catch up. */
let queued = 0;
/** Jobs waiting for the writer to catch up (two can be: the main thread keeps two queued here). */
const waiting: (() => void)[] = [];
/** Frontmatter splits made here go back to the main thread's cache with each parse result. */
const splitter = new FrontmatterCache();
let ctx: PageRenderer;

parentPort!.on('message', async (msg: { setup: RenderSetup; writer: MessagePort } | RenderJob | ParseJob) => {
  if ('parse' in msg) {
    // Validation's costly part, on a cold build, while this thread would otherwise wait for its setup.
    const { indices, files } = msg.parse;
    const parsed = files.map((f, k) => [indices[k]!, parsePageDetached(f, splitter)] as const);
    parentPort!.postMessage({ parsed, splits: splitter.takeMade() } satisfies ParseResult);
    return;
  }
  if ('setup' in msg) {
    setup = msg.setup;
    const { writer } = msg;
    const templates = (await import(pathToFileURL(setup.templatesFile).href)) as TemplateModule;
    const { engine } = await loadMarkdownEngine(setup.site.markdown);
    // The main thread loaded the same plugins before starting workers, so this cannot fail here.
    ctx = contextFrom(setup, templates, engine ?? MARKDOWN_IT);
    // Pages go straight to the page-writer thread; their cache entries reach the main thread from there.
    // The writer acknowledges the pages it took, so this thread can pause when it runs ahead.
    writer.on('message', (taken: number) => {
      queued -= taken;
      if (queued <= MAX_QUEUED_PAGES) for (const resume of waiting.splice(0)) resume();
    });
    ctx.write = (page) => {
      queued++;
      writer.postMessage(page, transferable(page.data));
      return undefined;
    };
    parentPort!.postMessage('ready');
    return;
  }
  const outcomes = renderMany(ctx, setup, msg.indices, msg.pages);
  while (queued > MAX_QUEUED_PAGES) await new Promise<void>((resolve) => waiting.push(resolve));
  parentPort!.postMessage(outcomes);
});

// Loaded: the main thread may send parse jobs now (render-pool.ts, parse).
parentPort!.postMessage('loaded');
