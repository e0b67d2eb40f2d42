/**
 * The site's Atom feed (RFC 4287): its guides and reviews, newest `updated` first, so a reader's
 * feed app hears of a new or revised guide. Every page links it from its <head> (src/urls/urls.ts
 * FEED_PATH), so it is written even with no entries: the feed then says only what the site is.
 */
import type { Page, Site } from '../../model.js';
import { localeOrder } from '../../support/text/text-order.js';
import { FEED_PATH, publicFileUrl, urlFor } from '../../urls/urls.js';

const escapeXml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');

/**
 * What the feed lists: the pages under site.yaml `feed.section` (a blog's posts); without one, reviews,
 * and guides written as articles (not the home page or hubs).
 */
const inFeed = (p: Pick<Page, 'route' | 'data'>, section: string | undefined): boolean =>
  section !== undefined
    ? p.route.startsWith(`${section}/`)
    : p.data.template === 'review' ||
      (p.data.template === 'guide' && p.data.schemaType === 'article' && p.route !== '/');

/** The date a feed entry is ordered and dated by: a post's `date`, else its `updated`. */
const entryDate = (p: Pick<Page, 'data'>) =>
  p.data.date && p.data.date > p.data.updated ? p.data.date : p.data.updated;

/**
 * An Atom date (RFC 3339) for a page's `updated`. Atom requires a full date and time, and pages
 * give a month or a day: the first instant of that period, in UTC, which no update can precede.
 */
export function atomDate(updated: string): string {
  return `${updated.length === 7 ? `${updated}-01` : updated}T00:00:00Z`;
}

export function atomFeed(site: Pick<Site, 'config' | 'pages'>): string {
  const { config } = site;
  const section = config.feed?.section;
  const entries = site.pages
    .filter((p) => inFeed(p, section))
    .sort(
      (a, b) =>
        localeOrder(b.data.date ?? b.data.updated, a.data.date ?? a.data.updated) || localeOrder(a.route, b.route),
    );
  // The feed changed when its newest entry did; with none, when the site's newest page did.
  const newest = (entries.length ? entries : site.pages)
    .map((p) => p.data.updated)
    .sort()
    .at(-1);
  const home = urlFor('/', config.url, config.base).canonical;
  const self = publicFileUrl(FEED_PATH, config.url, config.base);
  const lines = [
    '<?xml version="1.0" encoding="utf-8"?>',
    `<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="${escapeXml(config.language)}">`,
    `  <title>${escapeXml(config.title)}</title>`,
    `  <id>${escapeXml(self)}</id>`,
    `  <link rel="self" type="application/atom+xml" href="${escapeXml(self)}"/>`,
    `  <link rel="alternate" type="text/html" href="${escapeXml(home)}"/>`,
    `  <updated>${atomDate(newest ?? '1970-01')}</updated>`,
    `  <author><name>${escapeXml(config.title)}</name><uri>${escapeXml(home)}</uri></author>`,
  ];
  for (const p of entries) {
    lines.push(
      '  <entry>',
      `    <title>${escapeXml(p.data.title)}</title>`,
      `    <id>${escapeXml(p.url.canonical)}</id>`,
      `    <link rel="alternate" type="text/html" href="${escapeXml(p.url.canonical)}"/>`,
      `    <updated>${atomDate(entryDate(p))}</updated>`,
      `    <summary>${escapeXml(p.data.description)}</summary>`,
      '  </entry>',
    );
  }
  lines.push('</feed>', '');
  return lines.join('\n');
}
