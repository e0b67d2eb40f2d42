/**
 * A render worker: imports the compiled templates once, then renders the pages it is sent and
 * writes each one straight into the staging folder (and the render cache).
 */
import { parentPort, workerData } from 'node:worker_threads';
import { pathToFileURL } from 'node:url';
import { renderMany, type RenderJob, type RenderSetup, contextFrom } from './render-pages.js';
import type { TemplateModule } from './templates.js';
import { MARKDOWN_IT } from './markdown.js';
import { loadMarkdownEngine } from './remark-plugins.js';

const setup = workerData as RenderSetup;
const templates = (await import(pathToFileURL(setup.templatesFile).href)) as TemplateModule;
const { engine } = await loadMarkdownEngine(setup.site.markdown);
// The main thread loaded the same plugins before starting workers, so this cannot fail here.
const ctx = contextFrom(setup, templates, engine ?? MARKDOWN_IT);

parentPort!.on('message', async (job: RenderJob) => {
  parentPort!.postMessage(await renderMany(ctx, setup, job.indices, job.pages));
});
parentPort!.postMessage('ready');
