import { FEED_PATH } from '../../../urls/urls.js';
import type { BuildRun, Rendering } from '../../build-run.js';
import { atomFeed } from '../../route/feed.js';
import { robotsTxt, sitemapXml } from '../../route/sitemap.js';
import { netlifyHeaders, vercelJson } from '../../write/hosting.js';
import { nginxRedirects, redirectPage, redirectPageFile, underscoreRedirects } from '../../write/redirects.js';
import type { OutputFiles } from '../../write/write.js';
import { renderNotFound, templateThrew } from './render.js';
import { contextFrom, type RenderSetup } from './render-pages.js';

/** The files besides pages: public files, assets, the not-found page, sitemaps and host files, redirects. */
export function fixedFiles(run: BuildRun, r: Rendering, setup: RenderSetup): OutputFiles {
  const { site, compiled } = r;
  const fixed: OutputFiles = new Map(r.publicOut);
  for (const [rel, data] of compiled.assets.files) fixed.set(rel, data);
  try {
    fixed.set('404.html', renderNotFound(contextFrom(setup, compiled.templates.module, r.engine)));
  } catch (e) {
    run.report([templateThrew(e, run.root, undefined, 'NotFoundPage')]);
  }
  fixed.set('sitemap.xml', sitemapXml(site.pages));
  fixed.set(FEED_PATH.slice(1), atomFeed(site));
  fixed.set('robots.txt', robotsTxt(site.config.url, site.config.base));
  fixed.set('_headers', netlifyHeaders(site.config));
  fixed.set('vercel.json', vercelJson(site.config));
  fixed.set('_redirects', underscoreRedirects(site.config.redirects, site.config.base));
  fixed.set('nginx-redirects.conf', nginxRedirects(site.config.redirects, site.config.base));
  for (const rd of site.config.redirects) fixed.set(redirectPageFile(rd), redirectPage(rd, site.config, setup.assets));
  return fixed;
}
