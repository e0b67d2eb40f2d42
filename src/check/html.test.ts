import fc from 'fast-check';
import { parseDocument } from 'htmlparser2';
import { describe, expect, it } from 'vitest';
import { MAX_DEPTH, refreshUrl, scanHtml, srcsetUrls } from './html.js';
import { scaled } from '../../tests/machine.js';

/** The part of htmlparser2's tree the property test reads (its types live in an undeclared dependency). */
interface ChildNode {
  type: string;
  data?: string;
  parent: ChildNode | null;
}
interface Element extends ChildNode {
  name: string;
  attribs: Record<string, string | undefined>;
  children: ChildNode[];
}
const isTag = (n: ChildNode | null): n is Element => n !== null && (n.type === 'tag' || n.type === 'script');
const isText = (n: ChildNode): n is ChildNode & { data: string } => n.type === 'text';

const PAGE = `<!DOCTYPE html>
<html lang="en"><head>
<title>Best  PA &amp; Sportsbooks</title>
<meta name="description" content="A description.">
<link rel="canonical" href="https://example.com/best">
<link rel="stylesheet" href="/assets/site.css">
<link rel="preconnect" href="https://fonts.example">
<script src="/assets/site.js"></script>
<meta name="pa-site-check-ignore" content="orphan-page, unique-title">
<style>.x { content: "free bet" }</style>
</head>
<body>
<a href="#main">Skip</a>
<header><nav><a href="/about">About</a></nav></header>
<main id="main">
<h1>Heading</h1>
<svg><title>icon title</title></svg>
<p id="intro">Text &amp; more. <a name="old-anchor" href="/guide#odds">odds</a></p>
<img src="/img/a.png" srcset="/img/a.png 1x, /img/a@2x.png 2x" alt="">
<form action="/search"><input type="image" src="/img/go.png"></form>
<script>var hidden = "risk-free";</script>
</main>
<footer><a href="mailto:x@example.com">Mail</a></footer>
</body></html>`;

describe('scanHtml', () => {
  const s = scanHtml(PAGE);

  it('collects every link attribute with its line and region', () => {
    expect(s.links.map((l) => [l.url, l.attr, l.tag, l.line, l.region])).toEqual([
      ['/assets/site.css', 'href', 'link', 6, 'layout'],
      ['/assets/site.js', 'src', 'script', 8, 'layout'],
      ['#main', 'href', 'a', 13, 'layout'],
      ['/about', 'href', 'a', 14, 'header'],
      ['/guide#odds', 'href', 'a', 18, 'main'],
      ['/img/a.png', 'src', 'img', 19, 'main'],
      ['/img/a.png', 'srcset', 'img', 19, 'main'],
      ['/img/a@2x.png', 'srcset', 'img', 19, 'main'],
      ['/search', 'action', 'form', 20, 'main'],
      ['/img/go.png', 'src', 'input', 20, 'main'],
      ['mailto:x@example.com', 'href', 'a', 23, 'footer'],
    ]);
  });

  it('collects ids and named anchors as fragment targets', () => {
    expect([...s.ids].sort()).toEqual(['intro', 'main', 'old-anchor']);
  });

  it('reads the head: title (not an SVG title), description, canonical, ignore marker', () => {
    expect(s.titles).toEqual(['Best PA & Sportsbooks']);
    expect(s.descriptions).toEqual(['A description.']);
    expect(s.canonicals).toEqual(['https://example.com/best']);
    expect(s.ignore).toEqual(['orphan-page', 'unique-title']);
    expect(s.noindex).toBe(false);
    expect(s.h1).toBe(1);
  });

  it('keeps visible text only: no script, style or head content except the title', () => {
    expect(s.text).toContain('Best PA & Sportsbooks');
    expect(s.text).toContain('Text & more.');
    expect(s.text).not.toContain('risk-free');
    expect(s.text).not.toContain('free bet');
    expect(s.text).not.toContain('A description');
  });

  it('reads noindex', () => {
    expect(scanHtml('<meta name="robots" content="noindex, follow"><h1>x</h1>').noindex).toBe(true);
  });

  it('keeps the first <base href>, as written, and a refresh target as a link', () => {
    const b = scanHtml(`<head><base target="_top"><base href=" /docs/ "><base href="/later/">
<meta http-equiv="Refresh" content="0; url=/next/"></head><svg><base href="/svg/"></svg>`);
    expect(b.base).toBe(' /docs/ ');
    expect(b.links.map((l) => [l.url, l.attr, l.tag])).toEqual([['/next/', 'content', 'meta']]);
    expect(s.base).toBeNull();
  });

  it('takes a <link> with no rel (only rev, or an empty rel) as no reference, and keeps prev, up, home', () => {
    const s = scanHtml(`<html><head>
<link rev="made" href="mailto:docs@example.org">
<link rel="" href="/nowhere.html">
<link rel=" " rev="start" href="/index.html">
<link rel="up" href="/manual/index.html">
<link rel="prev" rev="next" href="ch01.html">
</head><body></body></html>`);
    expect(s.links.map((l) => l.url)).toEqual(['/manual/index.html', 'ch01.html']);
  });

  it('strips only C0 controls and spaces around a URL, as browsers do', () => {
    const links = scanHtml('<a href=" \t/a\n">a</a><a href="\u00a0/b">b</a><a href="  ">c</a>').links;
    expect(links.map((l) => l.url)).toEqual(['/a', '\u00a0/b']);
  });
});

describe("regions: only the page's own header, footer and chrome outside <main> are layout", () => {
  const regions = (html: string) => scanHtml(html).links.map((l) => [l.url, l.region]);
  it('tags no body link of a page with a <footer> but no <main> (mdBook, Sphinx)', () => {
    expect(
      regions('<nav><a href="/a">a</a></nav><div><a href="/b">b</a></div><footer><a href="/c">c</a></footer>'),
    ).toEqual([
      ['/a', null],
      ['/b', null],
      ['/c', 'footer'],
    ]);
  });
  it("leaves an article's own header and footer to the article", () => {
    const html =
      '<header><a href="/h">h</a></header><main><article><header><a href="/a">a</a></header></article></main>';
    const alone = '<header><a href="/h">h</a></header><article><footer><a href="/f">f</a></footer></article>';
    expect(regions(html)).toEqual([
      ['/h', 'header'],
      ['/a', 'main'],
    ]);
    expect(regions(alone)).toEqual([
      ['/h', 'header'],
      ['/f', null],
    ]);
  });
  it('reads the delay of a refresh, also inside <noscript>', () => {
    expect(scanHtml('<noscript><meta http-equiv="Refresh" content="0;a.html"></noscript>').refresh).toEqual({
      url: 'a.html',
      delay: 0,
    });
    expect(scanHtml('<meta http-equiv="refresh" content="5; url=/b">').refresh).toEqual({ url: '/b', delay: 5 });
  });
});

describe('refreshUrl', () => {
  it.each([
    ['0; url=/next/', '/next/'],
    ['0;URL=/next/', '/next/'],
    ['5, url = "/q uoted/" trailing', '/q uoted/'],
    ["0; url='../up/'", '../up/'],
    ['0; /bare/', '/bare/'],
    ['3', null],
    ['0; url=', null],
  ])('%j → %j', (content, url) => {
    expect(refreshUrl(content)).toBe(url);
  });
});

describe('operator calls to action', () => {
  it("finds 'T&Cs apply' in the same card, not in another one", () => {
    const s = scanHtml(`<main>
<article class="op-card"><a class="btn btn-cta" href="https://a.example/" rel="sponsored nofollow">Claim</a>\
<p>New customers only. T&amp;Cs apply.</p></article>
<article class="op-card"><a class="btn btn-cta" href="https://b.example/">Claim</a></article>
<div class="promo-card"><p><a href="https://c.example/" rel="sponsored">Play</a></p><small>T&amp;Cs Apply</small></div>
<p><a href="https://d.example/" rel="sponsored">Bare</a></p>
<p>T&amp;Cs apply.</p>
</main>`);
    expect(s.ctas.map((c) => [c.href, c.sponsored, c.terms])).toEqual([
      ['https://a.example/', true, true],
      ['https://b.example/', false, false],
      ['https://c.example/', true, true],
      ['https://d.example/', true, false],
    ]);
  });

  it('finds a terms link in the same card only, however cards nest, and the disclosure before a link', () => {
    const s = scanHtml(`<p>We may receive compensation.</p><main>
<section><div class="card"><a href="https://a.example/" rel="sponsored">A</a> T&amp;Cs apply.
<a href="https://a.example/terms">Full terms</a></div>
<ul><li><a href="https://b.example/" rel="sponsored">B</a> T&amp;Cs apply.</li></ul>
<a href="https://b.example/terms">Terms</a></section>
<aside><a href="https://c.example/" rel="sponsored">C</a> Terms and
  conditions apply. <a href="/terms">terms</a></aside>
</main>`);
    expect(s.ctas.map((c) => [c.href, c.terms, c.termsLink])).toEqual([
      ['https://a.example/', true, true],
      ['https://b.example/', true, false],
      ['https://c.example/', true, false],
    ]);
    expect(s.sponsoredBeforeDisclosure).toBeNull();
    expect(s.text).toMatch(/^We may receive compensation\. A T&Cs apply\. Full terms B T&Cs apply\./);
    const late = scanHtml('<a href="https://a.example/" rel="sponsored">A</a><p>We may receive compensation.</p>');
    expect(late.sponsoredBeforeDisclosure).toEqual({ href: 'https://a.example/', line: 1 });
  });

  it("collects no page-rule state where pa-site's page rules do not run, links and ids still", () => {
    const html = `<title>T</title><h1 id="top-heading">Hi</h1><div class="card">
<a class="btn-cta" href="https://a.example/" rel="sponsored">A</a> T&amp;Cs apply.</div>
<div data-offer-verified="2024-01" data-offer-operator="A"></div>`;
    const s = scanHtml(html, { rules: false });
    expect([s.text, s.ctas, s.offers, s.sponsoredBeforeDisclosure]).toEqual(['', [], [], null]);
    expect(s.links.map((l) => l.url)).toEqual(['https://a.example/']);
    expect([...s.ids]).toEqual(['top-heading']);
    expect(s.titles).toEqual(['T']);
    expect(scanHtml(html).ctas).toHaveLength(1);
  });

  it('judges every call to action as a plain reading of its card would, on any nesting (property)', () => {
    // The reference: the parsed tree, each card's text read whole, as the scanner did before it went one-pass.
    const text = (n: ChildNode): string => (isText(n) ? n.data : isTag(n) ? ` ${n.children.map(text).join('')} ` : '');
    const collapse = (s: string) => s.replace(/\s+/g, ' ');
    const isCard = (e: Element) => ['article', 'section', 'aside', 'li'].includes(e.name) || e.attribs.class === 'card';
    const reference = (html: string) => {
      const all: Element[] = [];
      const walk = (n: ChildNode) => {
        if (!isTag(n)) return;
        all.push(n);
        n.children.forEach(walk);
      };
      (parseDocument(html).children as unknown as ChildNode[]).forEach(walk);
      return all
        .filter((e) => e.name === 'a' && e.attribs.rel === 'sponsored')
        .map((cta) => {
          let box: Element | null = null;
          for (let p = cta.parent; p && isTag(p) && !box; p = p.parent) if (isCard(p)) box = p;
          box ??= cta.parent && isTag(cta.parent) ? cta.parent : null;
          if (!box) return [false, false];
          const inside: Element[] = [];
          const collect = (n: ChildNode) => {
            if (!isTag(n)) return;
            inside.push(n);
            n.children.forEach(collect);
          };
          box.children.forEach(collect);
          const termsLink = inside.some(
            (a) => a.name === 'a' && a.attribs.href?.startsWith('https://') && /\b(?:T&Cs?|terms)\b/i.test(text(a)),
          );
          return [/\b(?:T&Cs?|terms (?:and|&) conditions) apply\b/i.test(collapse(text(box))), termsLink];
        });
    };
    const words = fc.constantFrom(
      'T&amp;Cs apply.',
      'terms',
      'Terms and\n conditions apply',
      'hello',
      'T&amp;Cs',
      'apply',
    );
    const tree: fc.Arbitrary<string> = fc.letrec<{ node: string }>((tie) => ({
      node: fc.oneof(
        { depthSize: 'small' },
        words,
        words.map((w) => `<a href="https://op.example/t">${w}</a>`),
        words.map((w) => `<a href="/local">${w}</a>`),
        fc.constant('<a href="https://op.example/" rel="sponsored">Claim</a>'),
        fc
          .tuple(
            fc.constantFrom('div', 'section', 'article', 'span', 'aside', 'div class="card"'),
            fc.array(tie('node'), { maxLength: 4 }),
          )
          .map(([tag, kids]) => `<${tag}> ${kids.join(' ')} </${tag.split(' ')[0]}>`),
      ),
    })).node;
    fc.assert(
      fc.property(fc.array(tree, { maxLength: 4 }), (parts) => {
        const html = `<div>${parts.join(' ')}</div>`;
        expect(scanHtml(html).ctas.map((c) => [c.terms, c.termsLink])).toEqual(reference(html));
      }),
      { numRuns: 300 },
    );
  });

  it('ignores ordinary links', () => {
    expect(scanHtml('<a class="btn" href="/about">About</a>').ctas).toEqual([]);
  });
});

describe('srcsetUrls', () => {
  it('splits candidates and drops descriptors', () => {
    expect(srcsetUrls('a.png 1x, b.png 2x')).toEqual(['a.png', 'b.png']);
    expect(srcsetUrls('a.png, b.png 480w,c.png')).toEqual(['a.png', 'b.png', 'c.png']);
    expect(srcsetUrls('/x,y.png 100w, /z.png 200w')).toEqual(['/x,y.png', '/z.png']);
    expect(srcsetUrls('data:image/png;base64,AAA 1x')).toEqual([]);
  });
});

describe('deeply nested pages', () => {
  it('stops reading where elements nest deeper than browsers build, and says where', () => {
    const deep = `<a href="/before">x</a>\n${'<div>'.repeat(MAX_DEPTH + 10)}<a href="/after">y</a>`;
    const scan = scanHtml(deep);
    expect(scan.tooDeep).toBe(2);
    expect(scan.links.map((l) => l.url)).toEqual(['/before']);
    expect(scanHtml('<div><div><a href="/x">x</a></div></div>').tooDeep).toBeNull();
  });

  it('reads 200,000 nested elements without quadratic cost (the parser used to shift its stack per tag)', {
    timeout: scaled(10_000),
  }, () => {
    // Quadratic scanning took 17 s for 80,000 levels; this finishes in milliseconds or times out.
    const scan = scanHtml(`<main>${'<div>'.repeat(200_000)}</main>`);
    expect(scan.tooDeep).toBe(1);
  });
});
