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
  orgId: string;
  org: Json;
  image?: string;
  /** Bylines by author id, as schema.org agents. */
  agents: Map<string, Json | undefined>;
}
const partsBySite = new WeakMap<Site, SiteParts>();

function siteParts(site: Site): SiteParts {
  let parts = partsBySite.get(site);
  if (!parts) {
    const { config } = site;
    const home = urlFor('/', config.url, config.base).canonical;
    const orgId = `${home}#organization`;
    parts = {
      home,
      orgId,
      org: { '@type': 'Organization', '@id': orgId, name: config.title, url: home, email: config.emails.general },
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
 */
export function structuredData(site: Site, page: Page): Json[] {
  const { config } = site;
  const parts = siteParts(site);
  const { home, orgId, org } = parts;
  const ctx = { '@context': 'https://schema.org' };
  const out: Json[] = [];
  const isHomeOrAbout =
    page.route === '/' || (page.data.template === 'guide' && page.data.aboutSite) || page.data.schemaType === 'website';
  if (isHomeOrAbout) {
    out.push({ ...ctx, ...org });
    out.push({
      ...ctx,
      '@type': 'WebSite',
      '@id': `${home}#website`,
      name: config.title,
      url: home,
      publisher: { '@id': orgId },
    });
  }
  if (page.route !== '/') {
    out.push({
      ...ctx,
      '@type': 'BreadcrumbList',
      itemListElement: [
        { '@type': 'ListItem', position: 1, name: 'Home', item: home },
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
        ...ctx,
        '@type': 'Review',
        name: page.data.hero.heading,
        url: page.url.canonical,
        // No datePublished: `updated` is when the page was last revised, not when it first appeared.
        dateModified: page.data.updated,
        itemReviewed: { '@type': 'Organization', name: op.name, url: op.officialUrl },
        ...(op.rating === undefined
          ? {}
          : { reviewRating: { '@type': 'Rating', ratingValue: op.rating, bestRating: 5, worstRating: 1 } }),
        author,
        contributor,
        publisher: { '@id': orgId },
        reviewBody: op.review?.verdict,
      });
    }
  } else if (!isHomeOrAbout && page.data.schemaType === 'article') {
    out.push({
      ...ctx,
      '@type': 'Article',
      headline: page.data.hero.heading.slice(0, 110),
      description: page.data.description,
      dateModified: page.data.updated,
      mainEntityOfPage: page.url.canonical,
      author,
      contributor,
      publisher: { '@id': orgId, '@type': 'Organization', name: config.title },
      ...(parts.image ? { image: parts.image } : {}),
    });
  }
  const faqs = faqItems(site, page);
  if (faqs.length) {
    out.push({
      ...ctx,
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
