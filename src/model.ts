import type { Frontmatter, TemplateName } from './schema/page.js';
import type { Operator } from './schema/operator.js';
import type { SiteConfig } from './schema/site.js';
import type { Author } from './schema/author.js';
import type { PageUrl } from './urls/urls.js';
import type { MarkdownSetup } from './pipeline/render/markdown/markdown-setup.js';
import type { Block, ToolName } from './schema/blocks.js';

export type { Frontmatter, TemplateName } from './schema/page.js';
export type { Operator, Offer, Review } from './schema/operator.js';
export type { Author } from './schema/author.js';
export type { OfferState } from './schema/operator.js';
export type { SiteConfig, MenuItem, Link, Brand, Redirect } from './schema/site.js';
export type { Block, BlockOf, BlockType } from './schema/blocks.js';

/** A file read from the content folder. */
export interface SourceFile {
  /** Path relative to the project root, forward slashes. */
  path: string;
  text: string;
}

/** A part of a page body: Markdown text, or a frontmatter block placed with `::: name`. */
export type BodySegment =
  | { kind: 'markdown'; text: string; line: number }
  | { kind: 'block'; name: string; line: number };

/** A validated content page, routed. */
export interface Page {
  file: string;
  route: string;
  url: PageUrl;
  template: TemplateName;
  data: Frontmatter;
  segments: BodySegment[];
  /** Operator ids the page shows or links (cards, reviews, `{{id.field}}`, `operator:id` links). */
  operatorRefs: string[];
  /** Source ids of the values the page inserts with `{{…}}` (templates add the data they show). */
  citations: string[];
  /** Hash of the page source: keys the render cache (empty in a build without caches, which never reads it). */
  sourceHash: string;
}

/** Everything the render stage needs, validated. */
export interface Site {
  root: string;
  config: SiteConfig;
  /** The Markdown engine and its resolved plugins (content/site.yaml `markdown:`). */
  markdown: MarkdownSetup;
  operators: Operator[];
  /** Bylines from content/authors, by id. */
  authors: Record<string, Author>;
  pages: Page[];
}

/** A heading of a page's Markdown: its level (2 for `##`), id and text as readers see it. */
export interface Heading {
  depth: number;
  id: string;
  text: string;
}

/**
 * A table in a segment's HTML: `<table…>…</table>` is `html.slice(start, end)`, and `headings` of the
 * segment's headings come before it.
 */
export interface TableSpan {
  start: number;
  end: number;
  headings: number;
}

/**
 * What a template receives for a page's body: Markdown HTML with its headings (in order), and blocks.
 * `tables` says where the HTML's tables are when the engine knows it from its tree (markdown-it does;
 * with remark it is absent).
 */
export type RenderedSegment =
  | { kind: 'html'; html: string; headings: Heading[]; tables?: TableSpan[] }
  | { kind: 'block'; name: string; block: Block };

/** Bundled asset URLs (content-hashed). */
export interface AssetRefs {
  css: string;
  script: string;
  notFoundScript: string;
  /** Each tool's script (`tool` blocks), loaded only by the pages that place the tool. */
  tools: Record<ToolName, string>;
}

/** A page as list blocks see it (render/listing.ts): from its route and frontmatter. */
export interface ListedPage {
  route: string;
  /** The hero heading: the page's own <h1>. */
  title: string;
  description: string;
  template: TemplateName;
  /** The top-level header menu href the page belongs to, if any. */
  section?: string;
  /** Reviews: the operator reviewed, its kind and rank. */
  operator?: string;
  kind?: 'sportsbook' | 'casino';
  rank?: number;
  /** Posts: when published (`date:`), and last changed. */
  date?: string;
  updated?: string;
  /** Posts: their tags, when they have any. */
  tags?: string[];
}

/** Props of a page template (`templates/pages/*.tsx`). */
export interface TemplateProps {
  page: Page;
  site: SiteConfig;
  body: RenderedSegment[];
  /** All operators, best rank first. */
  operators: Operator[];
  /** Operator id → route of its review page. */
  reviewRoutes: Record<string, string>;
  /** Bylines from content/authors, by id. */
  authors: Record<string, Author>;
  /** Every page's route, title and section, for list blocks. */
  listing: ListedPage[];
  /** The build's year (its `--today`): tools that depend on the date (tax rules) default to it. */
  year?: number;
}

/** Props of the shared layout. */
export interface LayoutProps {
  site: SiteConfig;
  route: string;
  title: string;
  description: string;
  canonical: string;
  assets: AssetRefs;
  year: number;
  /** Top-level menu href to highlight. */
  section?: string;
  /** Structured data objects, serialized safely into <head>. */
  jsonLd: object[];
  /** Pages that end with the compliance notice: every page the build writes, the not-found page included. */
  content: boolean;
  noindex?: boolean;
  /** Open Graph type: `article` for guides and reviews, `website` otherwise. */
  ogType?: 'website' | 'article';
  /** Absolute URL of the link-preview image. */
  socialImage?: string;
  /** The href of the site's Atom feed, for `<link rel="alternate">`. */
  feed?: string;
  children?: unknown;
}
