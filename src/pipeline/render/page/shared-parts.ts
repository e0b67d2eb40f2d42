/**
 * Parts of the layout that many pages share (header, footer, compliance notice) rendered once per
 * build instead of once per page. This file is bundled into the templates bundle (templates import
 * it as `pa-site/shared-parts`, resolved in templates.ts), so the registry below lives beside the
 * components that use it.
 *
 * `<Shared of={Component} props={…} />` renders as a placeholder element; after the page is rendered,
 * `expandShared` replaces each placeholder with the component's markup, rendered the first time its
 * props are seen. The component must be pure: its markup may depend on nothing but its props.
 * Props are compared by value for strings, numbers and booleans and by identity for objects, so a
 * new build (a new site object) never reuses an old build's markup.
 */
import { type ComponentType, createElement, type ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { RECORDING, TAG as DEPS_TAG } from '../compile/template-edges.js';

const TAG = 'pa-shared';
const OPEN = `<${TAG} data-key="`;
const CLOSE = `"></${TAG}>`;

interface Part {
  element: ReactElement;
  html?: string;
  /** Templates files its markup was rendered with (template-deps.ts): every page using it depends on them. */
  files?: string[];
}

/** The page being recorded for the render cache (template-deps.ts), if any. */
const recording = () => (globalThis as { [k: symbol]: { current?: Set<string> } | undefined })[Symbol.for(RECORDING)];

/** Parts by number (the placeholder's data-key), and their numbers by what they render. */
const parts = new Map<number, Part>();
const numbers = new Map<string, number>();
const ids = new WeakMap<object, number>();
let nextId = 0;
/** Parts kept at most: a long dev session renders many builds, each with new site objects. */
const MAX_PARTS = 2000;

const idOf = (o: object) => {
  let id = ids.get(o);
  if (id === undefined) {
    id = nextId++;
    ids.set(o, id);
  }
  return id;
};

function keyOf(of: ComponentType<never>, props: Record<string, unknown>): string {
  let key = String(idOf(of));
  for (const name in props) {
    const v = props[name];
    const byIdentity = v !== null && (typeof v === 'object' || typeof v === 'function');
    key += `|${name}=${byIdentity ? `#${idOf(v)}` : JSON.stringify(v)}`;
  }
  return key;
}

/**
 * `s` made one flat string in place. React builds its markup with `+=`, which V8 keeps as a rope of
 * thousands of pieces; a page that holds a part is made flat when it is searched or posted to the
 * writer thread, and that walks the part's whole rope again on every page unless the part itself was
 * made flat once (a search does it; issue 62).
 */
function flat(s: string): string {
  s.indexOf('\0');
  return s;
}

/** A placeholder for `of` rendered with `props`, filled in by expandShared. */
export function Shared<P extends object>({ of, props }: { of: ComponentType<P>; props: P }): ReactElement {
  const key = keyOf(of as ComponentType<never>, props as Record<string, unknown>);
  let n = numbers.get(key);
  if (n === undefined) {
    n = nextId++;
    numbers.set(key, n);
    parts.set(n, { element: createElement(of, props) });
  }
  return createElement(TAG, { 'data-key': n });
}

/**
 * Replaces every placeholder in a rendered page with its part's markup (rendered now if new). No
 * other text can look like a placeholder: page text and attribute values reach the HTML escaped.
 */
export function expandShared(html: string): string {
  let at = html.indexOf(OPEN);
  if (at < 0) return html;
  let out = '';
  let from = 0;
  while (at >= 0) {
    const keyStart = at + OPEN.length;
    const keyEnd = html.indexOf(CLOSE, keyStart);
    const key = Number(html.slice(keyStart, keyEnd));
    const part = parts.get(key);
    if (!part) throw new Error(`shared part ${key} was not registered in this build`);
    const rec = recording();
    if (part.html === undefined) {
      // Rendered once for many pages: note its templates files apart, and add them to every page using it.
      const outer = rec?.current;
      const files = new Set<string>();
      if (rec) rec.current = files;
      try {
        part.html = flat(renderToStaticMarkup(part.element));
      } finally {
        if (rec) rec.current = outer;
      }
      part.files = [...files];
    }
    if (rec?.current) for (const f of part.files ?? []) rec.current.add(f);
    out += html.slice(from, at) + part.html;
    from = keyEnd + CLOSE.length;
    at = html.indexOf(OPEN, from);
  }
  if (parts.size > MAX_PARTS) {
    // Between pages (no placeholder is pending): a long dev session does not keep every build's parts.
    parts.clear();
    numbers.clear();
  }
  return out + html.slice(from);
}

// pa-site's own component, hashed with the bundle for every page: rendering it names no templates file
// (what it renders is recorded by expandShared).
Object.assign(Shared, { [DEPS_TAG]: '' });
