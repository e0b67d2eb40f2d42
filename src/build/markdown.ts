import { remark } from 'remark';
import remarkGfm from 'remark-gfm';
import remarkHtml from 'remark-html';
import { defaultSchema, type Schema } from 'hast-util-sanitize';
import GithubSlugger from 'github-slugger';
import { visit } from 'unist-util-visit';
import type { Root, Link, Text, Heading } from 'mdast';
import type { Diagnostic } from '../diagnostics.js';
import type { Operator, SiteConfig } from '../model.js';
import { INTERPOLATION } from './body.js';
import { lookupReference } from './interpolate.js';
import { findBannedPhrase } from '../schema/common.js';

/** Everything Markdown may refer to. */
export interface MarkdownContext {
  config: SiteConfig;
  operators: ReadonlyMap<string, Operator>;
  reviewRoutes: ReadonlyMap<string, string>;
}

interface FileState {
  ctx: MarkdownContext;
  file: string;
  lineOffset: number;
  slugger: GithubSlugger;
  diagnostics: Diagnostic[];
  headings: { depth: number; id: string; text: string }[];
}

/**
 * Raw HTML in Markdown is not passed through: the output is sanitized with GitHub's schema
 * (no <script>, <style>, event handlers or javascript: URLs), and each raw HTML node is reported
 * as a warning so the author knows it was dropped. Heading ids and link rel/target are ours.
 */
const schema: Schema = {
  ...defaultSchema,
  clobberPrefix: '',
  attributes: {
    ...defaultSchema.attributes,
    a: [...(defaultSchema.attributes?.a ?? []), 'rel', 'target'],
    span: [...(defaultSchema.attributes?.span ?? []), ['className', 'visually-hidden']],
    h2: ['id'],
    h3: ['id'],
    h4: ['id'],
  },
};

export const isExternal = (href: string) => /^https?:\/\//i.test(href);

function plugin() {
  return (tree: Root, vfile: { data: Record<string, unknown> }) => {
    const st = vfile.data.state as FileState;
    const at = (node: { position?: { start: { line: number; column: number } } }) => ({
      line: (node.position?.start.line ?? 1) + st.lineOffset - 1,
      col: node.position?.start.column ?? 1,
    });
    const report = (node: Parameters<typeof at>[0], severity: Diagnostic['severity'], code: string, message: string, extra: Partial<Diagnostic> = {}) =>
      st.diagnostics.push({ severity, code, file: st.file, ...at(node), field: 'body', message, ...extra });

    const interpolate = (node: Parameters<typeof at>[0], text: string) =>
      text.replace(INTERPOLATION, (whole, id: string, dotted: string) => {
        const value = lookupReference(id, dotted.slice(1).split('.'), st.ctx.config, st.ctx.operators);
        if (value !== undefined) return value;
        report(node, 'error', 'unknown-value', `"${whole}" does not name a text or number field`, { hint: `see content/operators/${id}.yaml (or content/site.yaml for "site") for the field names` });
        return whole;
      });
    visit(tree, 'text', (node: Text) => {
      if (node.value.includes('{{')) node.value = interpolate(node, node.value);
      const banned = findBannedPhrase(node.value);
      if (banned) report(node, 'error', 'banned-wording', `uses "${banned}", wording the PGCB banned in March 2023`, { received: JSON.stringify(node.value.slice(0, 60)), hint: 'say "bonus bets" or "second-chance bet"; to mention the phrase itself, put it in quotation marks' });
    });
    visit(tree, 'link', (node: Link) => {
      if (node.url.includes('%7B%7B') || node.url.includes('{{')) node.url = interpolate(node, decodeURI(node.url));
      if (node.url.startsWith('operator:')) {
        node.url = st.ctx.reviewRoutes.get(node.url.slice('operator:'.length)) ?? '/';
      } else if (isExternal(node.url)) {
        node.data = { ...node.data, hProperties: { rel: ['noopener', 'noreferrer'], target: '_blank' } };
        // Tell screen-reader users the link opens a new tab, as block links do.
        node.children.push({ type: 'text', value: ' (opens in a new tab)', data: { hName: 'span', hProperties: { className: ['visually-hidden'] }, hChildren: [{ type: 'text', value: ' (opens in a new tab)' }] } } as Text);
      }
    });
    visit(tree, 'heading', (node: Heading) => {
      const text = toText(node);
      const id = st.slugger.slug(text);
      node.data = { ...node.data, hProperties: { id } };
      st.headings.push({ depth: node.depth, id, text });
    });
    visit(tree, 'html', (node) => {
      if (/^<!--[\s\S]*-->$/.test(node.value.trim())) return;
      report(node, 'warning', 'raw-html', 'raw HTML in Markdown is removed from the output', { received: JSON.stringify(node.value.slice(0, 60)), hint: 'use Markdown syntax or a frontmatter block instead' });
    });
  };
}

function toText(node: unknown): string {
  const n = node as { value?: string; children?: unknown[] };
  if (typeof n.value === 'string') return n.value;
  return (n.children ?? []).map(toText).join('');
}

const processor = remark().use(remarkGfm).use(plugin).use(remarkHtml, { sanitize: schema });

export interface MarkdownPage {
  slugger: GithubSlugger;
  headings: FileState['headings'];
  diagnostics: Diagnostic[];
  render(text: string, firstLine: number): string;
}

/** A renderer for one page: heading ids stay unique across all of the page's Markdown segments. */
export function markdownForPage(ctx: MarkdownContext, file: string): MarkdownPage {
  const slugger = new GithubSlugger();
  const headings: FileState['headings'] = [];
  const diagnostics: Diagnostic[] = [];
  return {
    slugger,
    headings,
    diagnostics,
    render(text, firstLine) {
      const state: FileState = { ctx, file, lineOffset: firstLine, slugger, diagnostics, headings };
      return String(processor.processSync({ value: text, data: { state } }));
    },
  };
}
