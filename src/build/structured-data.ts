import type { Page, Site } from '../model.js';

/** JSON-LD objects for a page's <head>, from the same data the page shows. */
export function structuredData(site: Site, page: Page): object[] {
  const { config } = site;
  const home = `${config.url.replace(/\/+$/, '')}/`;
  const org = { '@type': 'Organization', '@id': `${home}#organization`, name: config.title, url: home, email: config.emails.general };
  const out: object[] = [];
  if (page.route === '/' || page.data.schemaType === 'website') {
    out.push({ '@context': 'https://schema.org', ...org });
    out.push({ '@context': 'https://schema.org', '@type': 'WebSite', '@id': `${home}#website`, name: config.title, url: home, publisher: { '@id': org['@id'] } });
  }
  return out;
}
