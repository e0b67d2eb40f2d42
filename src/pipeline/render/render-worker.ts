/**
 * A render worker: loads its code at once (while the main thread is still validating), then takes
 * the build's setup, imports the compiled templates and the Markdown engine, and renders the pages
 * it is sent, writing each one straight into the staging folder (and the render cache).
 */
import { parentPort } from 'node:worker_threads';
import { pathToFileURL } from 'node:url';
import { renderMany, type PageRenderer, type RenderJob, type RenderSetup, contextFrom } from './render-pages.js';
import type { TemplateModule } from './templates.js';
import { MARKDOWN_IT } from './markdown.js';
import { loadMarkdownEngine } from './remark-plugins.js';

let setup: RenderSetup;
let ctx: PageRenderer;

parentPort!.on('message', async (msg: { setup: RenderSetup } | RenderJob) => {
  if ('setup' in msg) {
    setup = msg.setup;
    const templates = (await import(pathToFileURL(setup.templatesFile).href)) as TemplateModule;
    const { engine } = await loadMarkdownEngine(setup.site.markdown);
    // The main thread loaded the same plugins before starting workers, so this cannot fail here.
    ctx = contextFrom(setup, templates, engine ?? MARKDOWN_IT);
    parentPort!.postMessage('ready');
    return;
  }
  parentPort!.postMessage(await renderMany(ctx, setup, msg.indices, msg.pages));
});
