import { describe, expect, it } from 'vitest';
import { buildRealSite, textOf } from './helpers.js';

type Ld = Record<string, unknown> & { '@type': string };

describe('structured data (JSON-LD) and sharing tags', () => {
  it('every page carries valid JSON-LD with the required properties', async () => {
    const site = await buildRealSite();
    for (const p of site.result.site!.pages) {
      const $ = await site.page(p.route);
      const blocks: Ld[] = $('script[type="application/ld+json"]')
        .toArray()
        .map((el) => JSON.parse($(el).text()));
      const types = blocks.map((b) => b['@type']);
      expect(
        blocks.every((b) => b['@context'] === 'https://schema.org'),
        p.route,
      ).toBe(true);
      const aboutSite = p.data.template === 'guide' && p.data.aboutSite;
      if (p.route === '/' || aboutSite)
        expect(types, p.route).toEqual(expect.arrayContaining(['Organization', 'WebSite']));
      else {
        const crumbs = blocks.find((b) => b['@type'] === 'BreadcrumbList') as
          | { itemListElement: { item: string }[] }
          | undefined;
        expect(crumbs, `${p.route} BreadcrumbList`).toBeDefined();
        expect(crumbs!.itemListElement.at(-1)!.item).toBe(p.url.canonical);
      }
      if (p.data.template === 'review') {
        const review = blocks.find((b) => b['@type'] === 'Review') as Record<string, Record<string, string>>;
        expect(review, p.route).toBeDefined();
        expect(review.itemReviewed?.['@type']).toBe('Organization');
        // A rating only for a rated operator: one not rated (too little public evidence) states none.
        const opId = p.data.template === 'review' ? p.data.operator : undefined;
        const op = site.result.site!.operators.find((o) => o.id === opId)!;
        if (op.rating === undefined) expect(review.reviewRating, p.route).toBeUndefined();
        else expect(review.reviewRating).toMatchObject({ '@type': 'Rating', bestRating: 5, ratingValue: op.rating });
        // Only when it was revised: no source records when a page first appeared.
        expect(review.dateModified).toBe(p.data.updated);
        expect(review.datePublished).toBeUndefined();
        expect($('.byline time').attr('datetime')).toBe(p.data.updated);
        expect(types).not.toContain('AggregateRating');
      } else if (p.route !== '/' && !aboutSite && p.data.schemaType === 'article') {
        const article = blocks.find((b) => b['@type'] === 'Article');
        expect(article, `${p.route} Article`).toBeDefined();
        expect(article).not.toHaveProperty('datePublished');
        expect(article).toMatchObject({
          dateModified: p.data.updated,
          headline: expect.any(String),
        });
        // The same date drives the visible byline date and the sitemap.
        expect($('.byline time').attr('datetime')).toBe(p.data.updated);
      }
      if (p.data.template === 'review' || (p.route !== '/' && !aboutSite && p.data.schemaType === 'article')) {
        // The byline in JSON-LD: the author (a team, so an Organization) and the fact-checker.
        const work = blocks.find((b) => b['@type'] === 'Review' || b['@type'] === 'Article') as Record<string, Ld>;
        expect(work.author).toMatchObject({ '@type': 'Organization', name: 'PA Bet Guide editorial team' });
        expect(work.contributor).toMatchObject({ '@type': 'Organization', name: 'PA Bet Guide fact-check desk' });
        expect(textOf($('.byline'))).toContain(`By ${work.author!.name}`);
      }
      const faqCount = $('.faq details').length;
      const faq = blocks.find((b) => b['@type'] === 'FAQPage') as { mainEntity: unknown[] } | undefined;
      expect(faq?.mainEntity.length ?? 0, `${p.route} FAQPage`).toBe(faqCount);
      // A search engine shows an answer on its own: it may not point at the rest of the page.
      for (const q of (faq?.mainEntity ?? []) as { acceptedAnswer: { text: string } }[])
        expect(q.acceptedAnswer.text, p.route).not.toMatch(
          /\b(see|shown|listed|named|covered|described|terms) (above|below)\b|at the top|in the summary|this review/i,
        );
      // Sharing tags.
      expect($('meta[property="og:title"]').attr('content')).toBe(p.data.title);
      expect($('meta[property="og:url"]').attr('content')).toBe(p.url.canonical);
      expect($('meta[property="og:image"]').attr('content')).toMatch(/^https:\/\/.+\.png$/);
      expect($('meta[name="twitter:card"]').attr('content')).toBe('summary_large_image');
    }
    const sitemap = await site.read('sitemap.xml');
    // A full date is the sitemap's lastmod; a month alone (no day was recorded) gives none.
    for (const p of site.result.site!.pages)
      expect(sitemap).toContain(
        p.data.updated.length === 10
          ? `<loc>${p.url.canonical}</loc>\n    <lastmod>${p.data.updated}</lastmod>`
          : `<loc>${p.url.canonical}</loc>\n  </url>`,
      );
  });

  it('escapes "<" inside JSON-LD so content cannot close the script element', async () => {
    const { jsonLdText } = await import('../templates/components/Layout.js');
    expect(jsonLdText({ name: '</script><script>alert(1)</script>' })).toBe(
      '{"name":"\\u003c/script>\\u003cscript>alert(1)\\u003c/script>"}',
    );
    expect(jsonLdText({ name: 'a\u2028b\u2029c <!--' })).toBe('{"name":"a\\u2028b\\u2029c \\u003c!--"}');
  });
});
