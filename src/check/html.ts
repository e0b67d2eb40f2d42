/**
 * One pass over a built HTML page with htmlparser2's streaming parser: the links it makes, the ids
 * it offers as fragment targets, and what the page rules need (title, description, canonical,
 * h1 count, visible text, operator calls to action).
 */
import { Parser } from 'htmlparser2';
import { append as appendAll } from './append.js';
import { cssUrls } from './css.js';
import { type Cta, judgeCtas, type Span } from './cta-cards.js';
import { refreshDelay, refreshUrl, srcsetUrls } from './html-values.js';
import type { Region } from './types.js';

export { refreshUrl, srcsetUrls };

export interface LinkRef {
  /** The URL as written (one candidate of a srcset). */
  url: string;
  /** The attribute it came from; `content` is the target of `<meta http-equiv="refresh">`. */
  attr:
    | 'href'
    | 'xlink:href'
    | 'src'
    | 'srcset'
    | 'imagesrcset'
    | 'data'
    | 'poster'
    | 'background'
    | 'action'
    | 'formaction'
    | 'content'
    /** A `url()` or `@import` in a `style` attribute or a `<style>` element (css.ts). */
    | 'style';
  tag: string;
  /**
   * `page`: a reader goes there (a link, `<link rel=next>`, a form, a refresh); `asset`: the page
   * loads it (an image, a script, a stylesheet, an embedded object or frame).
   */
  kind: 'page' | 'asset';
  /** 1-based line in the HTML file. */
  line: number;
  /** 1-based column in that line (UTF-16 code units), for pages written on one long line. */
  col: number;
  /** Null when the page has neither a header nor a footer, so "layout" would mean nothing. */
  region: Region | null;
}

/**
 * An offer box: `data-offer-verified` (YYYY-MM[-DD]), `data-offer-state` (current, aging, withheld)
 * and `data-offer-operator`.
 */
interface OfferMark {
  verified: string;
  state: string;
  /** `data-offer-operator`: the operator's name, when the page gives it. */
  operator: string;
  line: number;
}

export interface PageScan {
  /** Element ids and `<a name>` values: what a `#fragment` can name. */
  ids: Set<string>;
  /** The first `<base href>`, as written; null when there is none. */
  base: string | null;
  links: LinkRef[];
  titles: string[];
  descriptions: string[];
  canonicals: string[];
  h1: number;
  /** Visible text (body and title), whitespace collapsed. */
  text: string;
  /** Rule ids from `<meta name="pa-site-check-ignore" content="a b">`. */
  ignore: string[];
  noindex: boolean;
  /** The first `<meta http-equiv="refresh">` with a URL (also inside `<noscript>`): where the page sends readers. */
  refresh: { url: string; delay: number | null } | null;
  ctas: Cta[];
  /** The first sponsored link that comes before any compensation disclosure in document order. */
  sponsoredBeforeDisclosure: { href: string; line: number } | null;
  offers: OfferMark[];
  /** Line where elements nest deeper than MAX_DEPTH; the rest of the page is not read. */
  tooDeep: number | null;
}

/**
 * Browsers' HTML parsers stop nesting at 512 open elements (deeper tags become siblings), so a page
 * nested deeper is broken anyway; stopping there also keeps the parser's open-element stack, which
 * it shifts on every tag, from making such a page cost quadratic time.
 */
export const MAX_DEPTH = 512;

/**
 * The URL attributes a browser fetches or navigates to, from the HTML standard's index of
 * attributes (docs/check.md lists them, and those deliberately not read).
 */
const SRC_TAGS = new Set(['img', 'script', 'iframe', 'frame', 'source', 'audio', 'video', 'track', 'embed']);
/** SVG elements whose `href` (or SVG 1.1's `xlink:href`) names a resource or an element (tag names lower-cased). */
const SVG_HREF_TAGS = new Set([
  'a',
  'use',
  'image',
  'feimage',
  'script',
  'textpath',
  'mpath',
  'lineargradient',
  'radialgradient',
  'pattern',
  'filter',
  'cursor',
  'animate',
  'animatemotion',
  'animatetransform',
  'set',
]);
/** Elements whose `background` attribute browsers still load as a background image. */
const BACKGROUND_TAGS = new Set(['body', 'table', 'thead', 'tbody', 'tfoot', 'tr', 'td', 'th']);
/** `<link rel>` values that load a resource into the page: anything else links to a page (prev, next, search…). */
const ASSET_LINK_RELS = new Set([
  'stylesheet',
  'icon',
  'apple-touch-icon',
  'apple-touch-icon-precomposed',
  'apple-touch-startup-image',
  'mask-icon',
  'manifest',
  'preload',
  'modulepreload',
  'prefetch',
]);
/** `<link rel>` values checked elsewhere (canonical) or naming only a host to connect to early. */
const SKIP_LINK_RELS = new Set(['canonical', 'preconnect', 'dns-prefetch']);
/** Sectioning elements: a header or footer inside one belongs to it. */
const SECTIONING = new Set(['article', 'section', 'aside', 'nav']);
/** Elements whose text readers never see. */
const HIDDEN_TEXT = new Set(['script', 'style', 'template', 'head']);
/** Elements that bound "the same card or section" for an operator call to action. */
const CONTAINERS = new Set(['article', 'section', 'aside', 'li', 'tr', 'figure', 'details', 'dialog']);
/** A class such as `card` or `op-card`. */
const CARD_CLASS = /(?:^|[\s-])card(?:\s|$)/i;
const TERMS = /\b(?:T&Cs?|terms (?:and|&) conditions) apply\b/i;
/** Text of a link to an offer's terms. */
const TERMS_LINK_TEXT = /\b(?:T&Cs?|terms)\b/i;
/** The compensation disclosure (the page rule compliance-disclosure looks for the same words). */
export const DISCLOSURE = /\bcompensat(?:ion|ed|es|e)\b/i;

const tokens = (v: string | undefined) => (v ?? '').toLowerCase().split(/\s+/).filter(Boolean);

interface Frame {
  tag: string;
  container: boolean;
  /** Order in which the element opened: elements opened after it and before it closed are inside it. */
  seq: number;
  /** Length of the page's text when the element opened. */
  textStart: number;
  ctas: Cta[] | null;
  /** For `<a>` with an http(s) href: judged as a terms link once the page's text is complete. */
  http: boolean;
  /** A `<header>` or `<footer>` of the page itself (not of an article, a section or `<main>`). */
  landmark: boolean;
}

export interface ScanOptions {
  /**
   * Also collect what pa-site's page rules need (text, operator calls to action, offers); off for
   * other generators' folders, where those rules do not run. Default: on.
   */
  rules?: boolean;
}

/**
 * Reads a page in one pass, in time linear in its size: no test looks back over the text read so
 * far; the calls to action's "same card" tests run once, on the whole text, at the end.
 */
/** A page with nothing found in it yet: scanHtml fills it, a stylesheet gives it only its links. */
export function emptyScan(): PageScan {
  return {
    ids: new Set(),
    base: null,
    links: [],
    titles: [],
    descriptions: [],
    canonicals: [],
    h1: 0,
    text: '',
    ignore: [],
    noindex: false,
    refresh: null,
    ctas: [],
    sponsoredBeforeDisclosure: null,
    offers: [],
    tooDeep: null,
  };
}

export function scanHtml(html: string, options: ScanOptions = {}): PageScan {
  const rules = options.rules ?? true;
  const scan = emptyScan();
  let disclosed = false;
  // The visible text, whitespace collapsed as it is appended (so offsets into it stay valid).
  let text = '';
  let endsInSpace = true;
  // Text appended since the last disclosure test, and the end of what came before (a word can span both).
  let unread = '';
  let readTail = '';
  const append = (data: string) => {
    if (!rules) return;
    let s = data.replace(/\s+/g, ' ');
    if (endsInSpace && s[0] === ' ') s = s.slice(1);
    if (!s) return;
    text += s;
    endsInSpace = s[s.length - 1] === ' ';
    if (!disclosed) unread += s;
  };
  const stack: Frame[] = [];
  let seq = 0;
  const httpLinks: Span[] = [];
  const boxes: (Span & { ctas: Cta[] })[] = [];
  let hidden = 0;
  let svg = 0;
  let inTitle = false;
  let title = '';
  let main = 0;
  let header = 0;
  let footer = 0;
  // A <header> or <footer> inside an article or section is that part's, not the page's.
  let sectioning = 0;
  let landmarks = false;
  let hasMain = false;
  // Line numbers: indices only grow while parsing, so count newlines incrementally.
  let lineIdx = 0;
  let line = 1;
  let lineStart = 0;
  const lineAt = (index: number) => {
    if (index < lineIdx) return line;
    for (let i = html.indexOf('\n', lineIdx); i !== -1 && i < index; i = html.indexOf('\n', i + 1)) {
      line++;
      lineStart = i + 1;
    }
    lineIdx = index;
    return line;
  };
  // A <style> element's text, read at its end for the URLs it loads.
  let style: { text: string; line: number; col: number } | null = null;
  const region = (): Region => (main ? 'main' : header ? 'header' : footer ? 'footer' : 'layout');
  const closeFrame = (f: Frame) => {
    if (f.tag === 'main') main--;
    else if (f.tag === 'header' && f.landmark) header--;
    else if (f.tag === 'footer' && f.landmark) footer--;
    else if (f.tag === 'svg') svg--;
    else if (SECTIONING.has(f.tag)) sectioning--;
    if (HIDDEN_TEXT.has(f.tag)) hidden--;
    if (!rules) return;
    const span = { seq: f.seq, endSeq: seq, start: f.textStart, end: text.length };
    if (f.http) httpLinks.push(span);
    if (f.ctas) boxes.push({ ...span, ctas: f.ctas });
  };
  const disclosedSoFar = () => {
    const t = readTail + unread;
    unread = '';
    readTail = t.slice(-20);
    return DISCLOSURE.test(t);
  };

  const parser = new Parser(
    {
      onopentag(name, attrs) {
        const ln = lineAt(parser.startIndex);
        const col = parser.startIndex - lineStart + 1;
        const addLink = (url: string, attr: LinkRef['attr'], kind: LinkRef['kind']) => {
          // Browsers strip only C0 controls and spaces around a URL (not other Unicode spaces).
          const u = url.replace(/^[\0- ]+|[\0- ]+$/g, '');
          if (u) scan.links.push({ url: own(u), attr, tag: name, kind, line: ln, col, region: region() });
        };
        const cls = attrs.class;
        const href = attrs.href;
        const frame: Frame = {
          tag: name,
          container: CONTAINERS.has(name) || (cls !== undefined && CARD_CLASS.test(cls)),
          seq: ++seq,
          textStart: text.length,
          ctas: null,
          http: rules && name === 'a' && href !== undefined && /^https?:\/\//i.test(href.trim()),
          landmark: (name === 'header' || name === 'footer') && !sectioning && !main,
        };
        if (attrs.id !== undefined) scan.ids.add(own(attrs.id));
        if (name === 'a' && attrs.name !== undefined) scan.ids.add(own(attrs.name));
        if (name === 'main') {
          main++;
          hasMain = true;
        } else if (name === 'header' && frame.landmark) header++;
        else if (name === 'footer' && frame.landmark) footer++;
        else if (name === 'svg') svg++;
        else if (SECTIONING.has(name)) sectioning++;
        else if (name === 'h1') scan.h1++;
        else if (name === 'title' && !svg) inTitle = true;
        if (HIDDEN_TEXT.has(name)) hidden++;
        if (header || footer) landmarks = true;

        if (svg && SVG_HREF_TAGS.has(name)) {
          // SVG: `href` (SVG 2) or `xlink:href` on <a>, <use>, <image>, <feImage>, <script>, gradients…
          const ref = href ?? attrs['xlink:href'];
          if (ref !== undefined)
            addLink(ref, href !== undefined ? 'href' : 'xlink:href', name === 'a' ? 'page' : 'asset');
        } else if ((name === 'a' || name === 'area') && href !== undefined) {
          addLink(href, 'href', 'page');
        } else if (name === 'link' && href !== undefined) {
          const rel = tokens(attrs.rel);
          const asset = rel.some((r) => ASSET_LINK_RELS.has(r));
          // No rel (DocBook's `<link rev="made" href="mailto:…">`): browsers neither load nor follow it, and
          // `rev` was dropped from HTML, so it is no reference.
          if (asset || (rel.length > 0 && !rel.some((r) => SKIP_LINK_RELS.has(r))))
            addLink(href, 'href', asset ? 'asset' : 'page');
          if (rel.includes('canonical')) scan.canonicals.push(href.trim());
        }
        if (name === 'link' && attrs.imagesrcset)
          for (const u of srcsetUrls(attrs.imagesrcset)) addLink(u, 'imagesrcset', 'asset');
        if (attrs.src !== undefined && (SRC_TAGS.has(name) || (name === 'input' && isImageInput(attrs.type))))
          addLink(attrs.src, 'src', 'asset');
        if ((name === 'img' || name === 'source') && attrs.srcset)
          for (const u of srcsetUrls(attrs.srcset)) addLink(u, 'srcset', 'asset');
        if (name === 'video' && attrs.poster !== undefined) addLink(attrs.poster, 'poster', 'asset');
        if (name === 'object' && attrs.data !== undefined) addLink(attrs.data, 'data', 'asset');
        if (BACKGROUND_TAGS.has(name) && attrs.background !== undefined)
          addLink(attrs.background, 'background', 'asset');
        if (name === 'form' && attrs.action !== undefined) addLink(attrs.action, 'action', 'page');
        if ((name === 'button' || name === 'input') && attrs.formaction !== undefined)
          addLink(attrs.formaction, 'formaction', 'page');
        if (name === 'base' && href !== undefined && scan.base === null && !svg) scan.base = href;
        if (attrs.style) for (const u of cssUrls(attrs.style)) addLink(u.url, 'style', 'asset');
        if (name === 'style') style = { text: '', line: ln, col };
        if (name === 'meta') {
          if ((attrs['http-equiv'] ?? '').toLowerCase() === 'refresh') {
            const target = refreshUrl(attrs.content ?? '');
            if (target) addLink(target, 'content', 'page');
            if (target && !scan.refresh) scan.refresh = { url: target, delay: refreshDelay(attrs.content ?? '') };
          }
          const metaName = (attrs.name ?? '').toLowerCase();
          if (metaName === 'description') scan.descriptions.push((attrs.content ?? '').trim());
          else if (metaName === 'robots' && tokens(attrs.content?.replace(/,/g, ' ')).includes('noindex'))
            scan.noindex = true;
          else if (metaName === 'pa-site-check-ignore')
            appendAll(scan.ignore, tokens(attrs.content?.replace(/,/g, ' ')));
        }
        if (rules && name === 'a' && href !== undefined) {
          const rel = tokens(attrs.rel);
          if (rel.includes('sponsored') && !disclosed && !scan.sponsoredBeforeDisclosure) {
            disclosed = disclosedSoFar();
            if (!disclosed) scan.sponsoredBeforeDisclosure = { href, line: ln };
          }
          if (rel.includes('sponsored') || tokens(cls).includes('btn-cta')) {
            const cta: Cta = { href, line: ln, sponsored: rel.includes('sponsored'), terms: false, termsLink: false };
            scan.ctas.push(cta);
            let box: Frame | undefined;
            for (let i = stack.length - 1; i >= 0 && !box; i--) if (stack[i]!.container) box = stack[i];
            box ??= stack[stack.length - 1];
            if (box) {
              box.ctas ??= [];
              box.ctas.push(cta);
            }
          }
        }
        if (rules && attrs['data-offer-verified'] !== undefined)
          scan.offers.push({
            verified: attrs['data-offer-verified'],
            state: attrs['data-offer-state'] ?? '',
            operator: attrs['data-offer-operator'] ?? '',
            line: ln,
          });
        stack.push(frame);
        if (stack.length > MAX_DEPTH && scan.tooDeep === null) {
          scan.tooDeep = ln;
          parser.pause();
        }
        append(' ');
      },
      ontext(data) {
        if (style) style.text += data;
        if (inTitle) title += data;
        else if (!hidden) append(data);
      },
      onclosetag(name) {
        if (name === 'style' && style) {
          const { line: at, col } = style;
          for (const u of cssUrls(style.text)) {
            const link = { url: own(u.url), attr: 'style', tag: 'style', kind: 'asset' } as const;
            scan.links.push({ ...link, line: at + u.line - 1, col, region: region() });
          }
          style = null;
        }
        if (name === 'title' && inTitle) {
          inTitle = false;
          scan.titles.push(title.replace(/\s+/g, ' ').trim());
          append(` ${title} `);
          title = '';
        }
        // Pop to the matching element; htmlparser2 reports implied closes, so this stays balanced.
        for (let i = stack.length - 1; i >= 0; i--) {
          if (stack[i]!.tag !== name) continue;
          while (stack.length > i) closeFrame(stack.pop()!);
          break;
        }
        append(' ');
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.end(html);
  while (stack.length) closeFrame(stack.pop()!);
  // Without <main>, what lies outside the header and footer is the page's own content, not its layout.
  if (!landmarks || !hasMain) for (const l of scan.links) if (l.region === 'layout') l.region = null;
  if (rules) judgeCtas(text, httpLinks, boxes, { apply: TERMS, link: TERMS_LINK_TEXT });
  scan.text = text.trim();
  return scan;
}

/**
 * A copy of a string cut from the page: V8 keeps a long substring as a view of its parent, so the
 * links and ids kept after a page is read would hold the whole page's text alive (32,000 pages).
 */
const own = (s: string) => (s.length < 13 ? s : ` ${s}`.slice(1));

/** `<input type=image>`: the only input whose `src` a browser loads. */
const isImageInput = (type: string | undefined) => (type ?? '').trim().toLowerCase() === 'image';
