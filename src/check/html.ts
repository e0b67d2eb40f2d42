/**
 * One pass over a built HTML page with htmlparser2's streaming parser: the links it makes, the ids
 * it offers as fragment targets, and what the page rules need (title, description, canonical,
 * h1 count, visible text, operator calls to action).
 */
import { Parser } from 'htmlparser2';
import type { Region } from './types.js';

export interface LinkRef {
  /** The URL as written (one candidate of a srcset). */
  url: string;
  /** `content` is the target of `<meta http-equiv="refresh">`. */
  attr: 'href' | 'src' | 'srcset' | 'action' | 'content';
  tag: string;
  /** 1-based line in the HTML file. */
  line: number;
  region: Region;
}

export interface Cta {
  href: string;
  line: number;
  /** `rel` contains `sponsored`. */
  sponsored: boolean;
  /** 'T&Cs apply' appears in the same card or section. */
  terms: boolean;
  /** The same card or section links to terms (an http(s) link whose text names "terms" or "T&Cs"). */
  termsLink: boolean;
}

/**
 * An offer box: `data-offer-verified` (YYYY-MM[-DD]), `data-offer-state` (current, aging, withheld)
 * and `data-offer-operator`.
 */
export interface OfferMark {
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

const SRC_TAGS = new Set(['img', 'script', 'iframe', 'source', 'audio', 'video', 'track', 'embed', 'input']);
const HREF_TAGS = new Set(['a', 'area', 'link']);
/** `<link rel>` values that do not point at a resource the page needs. */
const SKIP_LINK_RELS = /\b(canonical|alternate|preconnect|dns-prefetch)\b/;
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

/** `a.png 1x, b.png 2x` → `['a.png', 'b.png']`. */
export function srcsetUrls(value: string): string[] {
  // The HTML srcset grammar: a URL runs to whitespace (a trailing comma ends the candidate),
  // then descriptors run to the next comma.
  const urls: string[] = [];
  let i = 0;
  while (i < value.length) {
    while (i < value.length && /[\s,]/.test(value[i]!)) i++;
    const start = i;
    while (i < value.length && !/\s/.test(value[i]!)) i++;
    let url = value.slice(start, i);
    if (url.endsWith(',')) url = url.replace(/,+$/, '');
    else while (i < value.length && value[i] !== ',') i++;
    if (url && !/^data:/i.test(url)) urls.push(url);
  }
  return urls;
}

/**
 * The URL of `<meta http-equiv="refresh" content="0; url=/next/">` (HTML's refresh parsing:
 * a delay, then `;` or `,`, an optional `url=`, and the URL, quoted or not). Null without one.
 */
export function refreshUrl(content: string): string | null {
  const m = /^[\s]*[\d.]*[\s]*[;,]?[\s]*(?:url[\s]*=[\s]*)?([\s\S]*)$/i.exec(content);
  let url = m?.[1] ?? '';
  const q = url[0];
  if (q === '"' || q === "'") {
    const end = url.indexOf(q, 1);
    url = url.slice(1, end === -1 ? undefined : end);
  }
  url = url.trim();
  return url === '' ? null : url;
}

interface Frame {
  tag: string;
  container: boolean;
  textStart: number;
  ctas: Cta[] | null;
  /** A terms link sits inside this element. */
  termsLink: boolean;
  /** For `<a>`: its href, to judge it as a terms link when it closes. */
  href?: string;
}

export function scanHtml(html: string): PageScan {
  const scan: PageScan = {
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
    ctas: [],
    sponsoredBeforeDisclosure: null,
    offers: [],
    tooDeep: null,
  };
  let disclosed = false;
  let text = '';
  const stack: Frame[] = [];
  let hidden = 0;
  let svg = 0;
  let inTitle = false;
  let title = '';
  let main = 0;
  let header = 0;
  let footer = 0;
  // Line numbers: indices only grow while parsing, so count newlines incrementally.
  let lineIdx = 0;
  let line = 1;
  const lineAt = (index: number) => {
    if (index < lineIdx) return line;
    for (let i = html.indexOf('\n', lineIdx); i !== -1 && i < index; i = html.indexOf('\n', i + 1)) line++;
    lineIdx = index;
    return line;
  };
  const region = (): Region => (main ? 'main' : header ? 'header' : footer ? 'footer' : 'layout');
  const addLink = (url: string, attr: LinkRef['attr'], tag: string, ln: number) => {
    // Browsers strip only C0 controls and spaces around a URL (not other Unicode spaces).
    const u = url.replace(/^[\0- ]+|[\0- ]+$/g, '');
    if (u) scan.links.push({ url: u, attr, tag, line: ln, region: region() });
  };
  const closeFrame = (f: Frame) => {
    if (f.tag === 'main') main--;
    else if (f.tag === 'header') header--;
    else if (f.tag === 'footer') footer--;
    else if (f.tag === 'svg') svg--;
    if (HIDDEN_TEXT.has(f.tag)) hidden--;
    if (f.tag === 'a' && f.href !== undefined && /^https?:\/\//i.test(f.href.trim())) {
      if (TERMS_LINK_TEXT.test(text.slice(f.textStart))) for (const g of stack) g.termsLink = true;
    }
    if (f.ctas) {
      const inside = text.slice(f.textStart);
      const ok = TERMS.test(inside.replace(/\s+/g, ' '));
      for (const c of f.ctas) {
        c.terms = ok;
        c.termsLink = f.termsLink;
      }
    }
  };

  const parser = new Parser(
    {
      onopentag(name, attrs) {
        const ln = lineAt(parser.startIndex);
        const cls = attrs.class;
        const frame: Frame = {
          tag: name,
          container: CONTAINERS.has(name) || (cls !== undefined && CARD_CLASS.test(cls)),
          textStart: text.length,
          ctas: null,
          termsLink: false,
          ...(name === 'a' && attrs.href !== undefined ? { href: attrs.href } : {}),
        };
        if (attrs.id !== undefined) scan.ids.add(attrs.id);
        if (name === 'a' && attrs.name !== undefined) scan.ids.add(attrs.name);
        if (name === 'main') main++;
        else if (name === 'header') header++;
        else if (name === 'footer') footer++;
        else if (name === 'svg') svg++;
        else if (name === 'h1') scan.h1++;
        else if (name === 'title' && !svg) inTitle = true;
        if (HIDDEN_TEXT.has(name)) hidden++;

        if (HREF_TAGS.has(name) && attrs.href !== undefined) {
          if (!(name === 'link' && SKIP_LINK_RELS.test((attrs.rel ?? '').toLowerCase())))
            addLink(attrs.href, 'href', name, ln);
          if (name === 'link' && tokens(attrs.rel).includes('canonical')) scan.canonicals.push(attrs.href.trim());
        }
        if (SRC_TAGS.has(name) && attrs.src !== undefined) addLink(attrs.src, 'src', name, ln);
        if ((name === 'img' || name === 'source') && attrs.srcset)
          for (const u of srcsetUrls(attrs.srcset)) addLink(u, 'srcset', name, ln);
        if (name === 'form' && attrs.action !== undefined) addLink(attrs.action, 'action', name, ln);
        if (name === 'base' && attrs.href !== undefined && scan.base === null && !svg) scan.base = attrs.href;
        if (name === 'meta') {
          if ((attrs['http-equiv'] ?? '').toLowerCase() === 'refresh') {
            const target = refreshUrl(attrs.content ?? '');
            if (target) addLink(target, 'content', name, ln);
          }
          const metaName = (attrs.name ?? '').toLowerCase();
          if (metaName === 'description') scan.descriptions.push((attrs.content ?? '').trim());
          else if (metaName === 'robots' && tokens(attrs.content?.replace(/,/g, ' ')).includes('noindex'))
            scan.noindex = true;
          else if (metaName === 'pa-site-check-ignore') scan.ignore.push(...tokens(attrs.content?.replace(/,/g, ' ')));
        }
        if (name === 'a' && attrs.href !== undefined) {
          const rel = tokens(attrs.rel);
          if (rel.includes('sponsored') && !disclosed && !scan.sponsoredBeforeDisclosure) {
            disclosed = DISCLOSURE.test(text);
            if (!disclosed) scan.sponsoredBeforeDisclosure = { href: attrs.href, line: ln };
          }
          if (rel.includes('sponsored') || tokens(cls).includes('btn-cta')) {
            const cta: Cta = {
              href: attrs.href,
              line: ln,
              sponsored: rel.includes('sponsored'),
              terms: false,
              termsLink: false,
            };
            scan.ctas.push(cta);
            const box = [...stack].reverse().find((f) => f.container) ?? stack[stack.length - 1];
            if (box) {
              box.ctas ??= [];
              box.ctas.push(cta);
            }
          }
        }
        if (attrs['data-offer-verified'] !== undefined)
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
        text += ' ';
      },
      ontext(data) {
        if (inTitle) title += data;
        else if (!hidden) text += data;
      },
      onclosetag(name) {
        if (name === 'title' && inTitle) {
          inTitle = false;
          scan.titles.push(title.replace(/\s+/g, ' ').trim());
          text += ` ${title} `;
          title = '';
        }
        // Pop to the matching element; htmlparser2 reports implied closes, so this stays balanced.
        for (let i = stack.length - 1; i >= 0; i--) {
          if (stack[i]!.tag !== name) continue;
          while (stack.length > i) closeFrame(stack.pop()!);
          break;
        }
        text += ' ';
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.end(html);
  while (stack.length) closeFrame(stack.pop()!);
  scan.text = text.replace(/\s+/g, ' ').trim();
  return scan;
}
