import { remark } from 'remark';
import { gfmTable } from 'micromark-extension-gfm-table';
import { gfmTableFromMarkdown } from 'mdast-util-gfm-table';
import { gfmStrikethrough } from 'micromark-extension-gfm-strikethrough';
import { gfmStrikethroughFromMarkdown } from 'mdast-util-gfm-strikethrough';
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
    // One pass over the tree (each extra pass cost as much as a quarter of remark's parse).
    const headings: Heading[] = [];
    visit(tree, (node) => {
      switch (node.type) {
        case 'text': {
          const t = node as Text;
          if (t.value.includes('{{')) t.value = interpolate(t, t.value);
          const banned = findBannedPhrase(t.value);
          if (banned) report(t, 'error', 'banned-wording', `uses "${banned}", wording the PGCB banned in March 2023`, { received: JSON.stringify(t.value.slice(0, 60)), hint: 'say "bonus bets" or "second-chance bet"; to mention the phrase itself, put it in quotation marks' });
          return;
        }
        case 'link': {
          const l = node as Link;
          if (l.url.includes('%7B%7B') || l.url.includes('{{')) l.url = interpolate(l, decodeURI(l.url));
          if (l.url.startsWith('operator:')) {
            l.url = st.ctx.reviewRoutes.get(l.url.slice('operator:'.length)) ?? '/';
          } else if (isExternal(l.url)) {
            l.data = { ...l.data, hProperties: { rel: ['noopener', 'noreferrer'], target: '_blank' } };
            // Tell screen-reader users the link opens a new tab, as block links do.
            l.children.push({ type: 'text', value: ' (opens in a new tab)', data: { hName: 'span', hProperties: { className: ['visually-hidden'] }, hChildren: [{ type: 'text', value: ' (opens in a new tab)' }] } } as Text);
          }
          return;
        }
        case 'heading':
          headings.push(node as Heading);
          return;
        case 'html': {
          const h = node as { value: string; position?: Parameters<typeof at>[0]['position'] };
          if (/^<!--[\s\S]*-->$/.test(h.value.trim())) return;
          report(h, 'warning', 'raw-html', 'raw HTML in Markdown is removed from the output', { received: JSON.stringify(h.value.slice(0, 60)), hint: 'use Markdown syntax or a frontmatter block instead' });
          return;
        }
      }
    });
    // Heading ids come from the text after {{…}} values are filled in.
    for (const node of headings) {
      const text = toText(node);
      const id = st.slugger.slug(text);
      node.data = { ...node.data, hProperties: { id } };
      st.headings.push({ depth: node.depth, id, text });
    }
  };
}

function toText(node: unknown): string {
  const n = node as { value?: string; children?: unknown[] };
  if (typeof n.value === 'string') return n.value;
  return (n.children ?? []).map(toText).join('');
}

/**
 * GitHub tables and strikethrough only. The rest of GFM (autolink literals, footnotes, task lists)
 * doubled Markdown time on the benchmark corpus, and pages do not need it.
 */
function gfmTablesAndStrikethrough(this: unknown) {
  const data = (this as { data(): Record<string, unknown[] | undefined> }).data();
  (data.micromarkExtensions ??= []).push(gfmTable(), gfmStrikethrough());
  (data.fromMarkdownExtensions ??= []).push(gfmTableFromMarkdown(), gfmStrikethroughFromMarkdown());
}

const processor = remark().use(gfmTablesAndStrikethrough).use(plugin).use(remarkHtml, { sanitize: schema });

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
