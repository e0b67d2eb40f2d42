/**
 * A render worker: imports the compiled templates once, then renders the pages it is sent and
 * writes each one straight into the staging folder (and the render cache).
 */
import { parentPort, workerData } from 'node:worker_threads';
import { pathToFileURL } from 'node:url';
import { renderMany, type RenderJob, type RenderSetup, contextFrom } from './render-pages.js';
import type { TemplateModule } from './templates.js';

const setup = workerData as RenderSetup;
const templates = (await import(pathToFileURL(setup.templatesFile).href)) as TemplateModule;
const ctx = contextFrom(setup, templates);

parentPort!.on('message', async (job: RenderJob) => {
  parentPort!.postMessage(await renderMany(ctx, setup, job.indices, job.pages));
});
parentPort!.postMessage('ready');
