import type { Author, Block, Page, Site } from '../../../model.js';
import { publicFileUrl, urlFor } from '../../../urls/urls.js';

type Json = Record<string, unknown>;

const faqItems = (site: Site, page: Page): { question: string; answer: string }[] => {
  const items: { question: string; answer: string }[] = [];
  for (const seg of page.segments) {
    if (seg.kind !== 'block') continue;
    const block = page.data.blocks[seg.name] as Block | undefined;
    if (block?.type === 'faq') items.push(...block.items);
  }
  if (page.data.template === 'review') {
    const id = page.data.operator;
    items.push(...(site.operators.find((o) => o.id === id)?.review?.faqs ?? []));
  }
  return items;
};

/** A byline as schema.org: a team is an Organization, a named person a Person; both with their role. */
function agent(a: Author, home: string): Json {
  const type = a.type === 'person' ? 'Person' : 'Organization';
  return {
    '@type': type,
    name: a.name,
    description: a.bio,
    ...(a.type === 'person' ? { jobTitle: a.role } : {}),
    url: a.url ?? home,
  };
}

/** What every page of a site shares, made once per build (a site object per build). */
interface SiteParts {
  home: string;
  org: Json;
  /** The first breadcrumb, the same on every page. */
  homeCrumb: Json;
  /** An article's or review's publisher: the site's Organization, by its id. */
  publisherRef: Json;
  articlePublisher: Json;
  image?: string;
  /** Bylines by author id, as schema.org agents. */
  agents: Map<string, Json | undefined>;
}
const partsBySite = new WeakMap<Site, SiteParts>();

const CONTEXT = 'https://schema.org';

function siteParts(site: Site): SiteParts {
  let parts = partsBySite.get(site);
  if (!parts) {
    const { config } = site;
    const home = urlFor('/', config.url, config.base).canonical;
    const orgId = `${home}#organization`;
    parts = {
      home,
      org: { '@type': 'Organization', '@id': orgId, name: config.title, url: home, email: config.emails.general },
      homeCrumb: { '@type': 'ListItem', position: 1, name: 'Home', item: home },
      publisherRef: { '@id': orgId },
      articlePublisher: { '@id': orgId, '@type': 'Organization', name: config.title },
      image: config.socialImage ? publicFileUrl(config.socialImage, config.url, config.base) : undefined,
      agents: new Map(),
    };
    partsBySite.set(site, parts);
  }
  return parts;
}

/** The social image's absolute URL, for og:image and JSON-LD alike: made once per build. */
export const socialImageUrl = (site: Site): string | undefined => siteParts(site).image;

/**
 * JSON-LD for a page's <head>, built from the same data the page shows:
 * Organization and WebSite on Home and on the page about the site (`aboutSite: true`); BreadcrumbList
 * everywhere else; Article on guides (dates from `updated`); an editorial Review (never an AggregateRating)
 * on review pages; FAQPage wherever a FAQ is shown.
 *
 * Each object is one literal, its keys in the order they are written out; a property a page lacks
 * is undefined, which JSON leaves out. With object spreads, 4,000 pages took 36–49 ms here; 1–5 ms
 * without (warm, issue 62).
 * What every page shares (the home crumb, the publisher) is made once per build.
 */
export function structuredData(site: Site, page: Page): Json[] {
  const { config } = site;
  const parts = siteParts(site);
  const { home, org } = parts;
  const out: Json[] = [];
  const isHomeOrAbout =
    page.route === '/' || (page.data.template === 'guide' && page.data.aboutSite) || page.data.schemaType === 'website';
  if (isHomeOrAbout) {
    out.push({ '@context': CONTEXT, ...org });
    out.push({
      '@context': CONTEXT,
      '@type': 'WebSite',
      '@id': `${home}#website`,
      name: config.title,
      url: home,
      publisher: parts.publisherRef,
    });
  }
  if (page.route !== '/') {
    out.push({
      '@context': CONTEXT,
      '@type': 'BreadcrumbList',
      itemListElement: [
        parts.homeCrumb,
        {
          '@type': 'ListItem',
          position: 2,
          name: page.data.breadcrumb ?? page.data.hero.heading,
          item: page.url.canonical,
        },
      ],
    });
  }
  const byline = (field: 'author' | 'factCheckedBy') => {
    const id = page.data[field] ?? config.editorial[field];
    if (id === undefined) return undefined;
    if (!parts.agents.has(id)) {
      const a = Object.hasOwn(site.authors, id) ? site.authors[id] : undefined;
      parts.agents.set(id, a ? agent(a, home) : undefined);
    }
    return parts.agents.get(id);
  };
  // Without content/authors the site itself is the author, as the visible byline says.
  const author = byline('author') ?? { '@type': 'Organization', name: config.title, url: home };
  // The fact-checker has no schema.org role on Article or Review; `contributor` is the closest fit.
  const contributor = byline('factCheckedBy');
  if (page.data.template === 'review') {
    const id = page.data.operator;
    const op = site.operators.find((o) => o.id === id);
    if (op) {
      out.push({
        '@context': CONTEXT,
        '@type': 'Review',
        name: page.data.hero.heading,
        url: page.url.canonical,
        // No datePublished: `updated` is when the page was last revised, not when it first appeared.
        dateModified: page.data.updated,
        itemReviewed: { '@type': 'Organization', name: op.name, url: op.officialUrl },
        reviewRating:
          op.rating === undefined
            ? undefined
            : { '@type': 'Rating', ratingValue: op.rating, bestRating: 5, worstRating: 1 },
        author,
        contributor,
        publisher: parts.publisherRef,
        reviewBody: op.review?.verdict,
      });
    }
  } else if (!isHomeOrAbout && page.data.schemaType === 'article') {
    out.push({
      '@context': CONTEXT,
      '@type': 'Article',
      headline: page.data.hero.heading.slice(0, 110),
      description: page.data.description,
      dateModified: page.data.updated,
      mainEntityOfPage: page.url.canonical,
      author,
      contributor,
      publisher: parts.articlePublisher,
      image: parts.image || undefined,
    });
  }
  const faqs = faqItems(site, page);
  if (faqs.length) {
    out.push({
      '@context': CONTEXT,
      '@type': 'FAQPage',
      mainEntity: faqs.map((f) => ({
        '@type': 'Question',
        name: f.question,
        acceptedAnswer: { '@type': 'Answer', text: f.answer },
      })),
    });
  }
  return out;
}
