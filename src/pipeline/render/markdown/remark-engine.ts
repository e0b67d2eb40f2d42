import type { Element } from 'hast';
import { defaultSchema, type Schema } from 'hast-util-sanitize';
import type { Definition, Heading, Image, Link, Nodes, Parent, Root, RootContent, Text } from 'mdast';
import { gfmStrikethroughFromMarkdown } from 'mdast-util-gfm-strikethrough';
import { gfmTableFromMarkdown } from 'mdast-util-gfm-table';
import { gfmStrikethrough } from 'micromark-extension-gfm-strikethrough';
import { gfmTable } from 'micromark-extension-gfm-table';
import { remark } from 'remark';
import remarkHtml from 'remark-html';
import type { Plugin, Processor } from 'unified';
import { visit } from 'unist-util-visit';
import {
  type BlockLines,
  EXTERNAL_REL,
  linkAllowed,
  NEW_TAB_CLASS,
  NEW_TAB_TEXT,
  type SegmentRules,
} from './markdown-rules.js';
import { type MarkdownEngine, PluginFailure } from './markdown.js';

/** A remark plugin as site.yaml configures it, loaded. */
export interface LoadedPlugin {
  name: string;
  plugin: Plugin<[unknown?], Root>;
  options?: unknown;
  /** Its line in content/site.yaml. */
  line: number;
}

type Transformer = (this: unknown, tree: Root, file: unknown, next?: unknown) => unknown;

/**
 * `plugin` with its transformer wrapped so that what it throws names it (PluginFailure). The
 * wrapper keeps the transformer's arity: unified reads a third parameter as a callback.
 */
function named({ name, plugin, line }: LoadedPlugin): Plugin<[unknown?], Root> {
  return function (this: Processor, ...args: [unknown?]) {
    const transformer = (plugin as (this: Processor, ...a: [unknown?]) => unknown).apply(this, args);
    if (typeof transformer !== 'function') return transformer as undefined;
    const run = transformer as Transformer;
    const fail = (e: unknown) => new PluginFailure(name, line, e);
    if (run.length >= 3)
      return function (this: unknown, tree: Root, file: unknown, next: unknown) {
        try {
          return run.call(this, tree, file, next);
        } catch (e) {
          throw fail(e);
        }
      };
    return function (this: unknown, tree: Root, file: unknown) {
      try {
        return run.call(this, tree, file);
      } catch (e) {
        throw fail(e);
      }
    };
  } as Plugin<[unknown?], Root>;
}

/**
 * GitHub tables and strikethrough only, as markdown-it's default preset: the rest of GFM (autolink
 * literals, footnotes, task lists) is a plugin away (`remark-gfm`) for sites that want it.
 */
function tablesAndStrikethrough(this: Processor) {
  const data = this.data() as Record<string, unknown[] | undefined>;
  data.micromarkExtensions ??= [];
  data.micromarkExtensions.push(gfmTable(), gfmStrikethrough());
  data.fromMarkdownExtensions ??= [];
  data.fromMarkdownExtensions.push(gfmTableFromMarkdown(), gfmStrikethroughFromMarkdown());
}

/**
 * Output is sanitized with GitHub's schema even though the rules pass already dropped raw HTML, so a
 * plugin cannot smuggle in scripts, styles or event handlers. Heading ids are ours (no prefix).
 */
const schema: Schema = {
  ...defaultSchema,
  clobberPrefix: '',
  protocols: { ...defaultSchema.protocols, href: [...(defaultSchema.protocols?.href ?? []), 'tel'] },
  attributes: {
    ...defaultSchema.attributes,
    a: [...(defaultSchema.attributes?.a ?? []), 'rel', 'target'],
    span: [...(defaultSchema.attributes?.span ?? []), ['className', NEW_TAB_CLASS]],
  },
};

/** mdast `delete` is `<s>`, as markdown-it writes strikethrough. */
const handlers = {
  delete: (state: { all(node: Nodes): Element['children'] }, node: Parent): Element => ({
    type: 'element',
    tagName: 's',
    properties: {},
    children: state.all(node as Nodes),
  }),
};

/** A processor for the site: the page rules run after the site's own plugins, just before HTML. */
function remarkProcessor(plugins: readonly LoadedPlugin[]) {
  let p = remark().use(tablesAndStrikethrough) as unknown as Processor<Root, Root, Root>;
  for (const loaded of plugins) p = p.use(named(loaded), loaded.options) as typeof p;
  return p
    .use(rulesPlugin)
    .use(remarkHtml, { sanitize: schema, handlers, characterReferences: { useNamedReferences: true } } as never)
    .freeze();
}

/** The remark engine: each segment is parsed, run through the plugins and the shared rules, then serialized. */
export function remarkEngine(plugins: readonly LoadedPlugin[]): MarkdownEngine {
  const processor = remarkProcessor(plugins);
  return { name: 'remark', render: (text, rules) => String(processor.processSync({ value: text, data: { rules } })) };
}

function rulesPlugin() {
  return (tree: Root, file: { value: unknown; data: Record<string, unknown> }) => {
    const rules = file.data.rules as SegmentRules;
    const definitions = new Map<string, Definition>();
    visit(tree, 'definition', (d) => {
      // The first definition of a label wins, as CommonMark says.
      if (!definitions.has(d.identifier.toLowerCase())) definitions.set(d.identifier.toLowerCase(), d);
    });
    walk(tree, rules, String(file.value), null, definitions);
  };
}

const linesOf = (node: Nodes): BlockLines =>
  node.position ? [node.position.start.line - 1, node.position.end.line] : null;

/** Blocks whose lines diagnostics search, as markdown-it's inline tokens carry them. */
const PHRASING_BLOCKS = new Set(['paragraph', 'heading', 'tableRow']);

/** One pre-order walk: children are rewritten in place (raw HTML dropped, unsafe links made text). */
function walk(
  parent: Parent,
  rules: SegmentRules,
  source: string,
  block: BlockLines,
  definitions: ReadonlyMap<string, Definition>,
): void {
  const kept: RootContent[] = [];
  let run = '';
  const endRun = () => {
    if (run) rules.wording(block, run);
    run = '';
  };
  for (const node of parent.children) {
    const here = PHRASING_BLOCKS.has(node.type) ? linesOf(node) : block;
    switch (node.type) {
      case 'text':
        node.value = rules.interpolate(block, node.value);
        run += node.value;
        kept.push(node);
        continue;
      case 'html':
        endRun();
        rules.rawHtml(here ?? linesOf(node), node.value);
        continue;
      case 'link':
      case 'image':
        endRun();
        if (!linkAllowed(node.url)) {
          // As markdown-it does: a link to a refused scheme stays the text it was written as.
          kept.push(sourceText(node, source));
          continue;
        }
        break;
      case 'linkReference':
      case 'imageReference': {
        endRun();
        const def = definitions.get(node.identifier.toLowerCase());
        if (!def) break;
        if (!linkAllowed(def.url)) {
          kept.push(sourceText(node, source));
          continue;
        }
        const { title, url } = def;
        const resolved: Link | Image =
          node.type === 'linkReference'
            ? { type: 'link', url, title, children: node.children, position: node.position }
            : { type: 'image', url, title, alt: node.alt, position: node.position };
        if (resolved.type === 'link') {
          walk(resolved, rules, source, here, definitions);
          markLink(resolved, rules, block);
        }
        kept.push(resolved);
        continue;
      }
      default:
        endRun();
    }
    if ('children' in node) walk(node, rules, source, here, definitions);
    if (node.type === 'link') markLink(node, rules, block);
    if (node.type === 'heading') setHeadingId(node, rules);
    kept.push(node);
  }
  endRun();
  parent.children = kept as typeof parent.children;
}

function markLink(node: Link, rules: SegmentRules, block: BlockLines): void {
  const link = rules.link(block, node.url);
  node.url = link.href;
  if (!link.external) return;
  node.data = { ...node.data, hProperties: { rel: EXTERNAL_REL.split(' '), target: '_blank' } };
  const hint: Text = {
    type: 'text',
    value: NEW_TAB_TEXT,
    data: {
      hName: 'span',
      hProperties: { className: [NEW_TAB_CLASS] },
      hChildren: [{ type: 'text', value: NEW_TAB_TEXT }],
    },
  };
  node.children.push(hint);
}

function setHeadingId(node: Heading, rules: SegmentRules): void {
  node.data = {
    ...node.data,
    hProperties: { ...node.data?.hProperties, id: rules.headingId(plainText(node), node.depth) },
  };
}

/** A heading's text as readers see it: what its slug is made from. */
function plainText(node: Nodes): string {
  if (node.type === 'text') return node.data?.hName ? '' : node.value; // the new-tab hint is not heading text
  if (node.type === 'inlineCode') return node.value;
  if (node.type === 'break') return '\n';
  if (node.type === 'image') return node.alt ?? '';
  return 'children' in node ? node.children.map((c) => plainText(c as Nodes)).join('') : '';
}

function sourceText(node: Nodes, source: string): Text {
  const start = node.position?.start.offset;
  const end = node.position?.end.offset;
  return { type: 'text', value: start === undefined || end === undefined ? '' : source.slice(start, end) };
}
