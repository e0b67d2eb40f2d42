/**
 * Points findings at the files a person edits: a page's content file (and the line where the
 * broken link or the frontmatter field is, when it can be found) and content/site.yaml for links
 * the header or footer make.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { findBannedPhrase } from '../schema/common.js';
import { allPlaces, PLACES_KEPT, spilledTo } from './place-store.js';
import type { Finding, Place } from './types.js';
import { linkSource } from './template-source.js';
import { stripBase } from '../urls/urls.js';

type LineTest = (line: string) => boolean;

/** Link rules whose link, when not in the page's content file, a template made (template-source.ts). */
const MADE_BY_TEMPLATES = new Set(['broken-link', 'broken-fragment', 'broken-asset', 'known-unbuilt']);

const SITE_YAML = 'content/site.yaml';

const contains =
  (needle: string): LineTest =>
  (l) =>
    l.includes(needle);
const key =
  (k: string): LineTest =>
  (l) =>
    new RegExp(`^\\s*${k}:`).test(l);

/** Tests, most specific first, for the line a finding is about in a page's content file. */
function lineTests(f: Finding, t: string | undefined): LineTest[] {
  switch (f.rule) {
    case 'broken-link':
    case 'broken-asset':
    case 'known-unbuilt':
    case 'external-link':
      return t ? [contains(`(${t}`), contains(t)] : [];
    case 'broken-fragment': {
      if (!t) return [];
      const frag = t.slice(t.indexOf('#'));
      return [contains(t), contains(`(${frag})`), contains(frag)];
    }
    case 'unique-title':
      return [key('title')];
    case 'unique-description':
      return [key('description')];
    case 'single-h1':
      return [key('heading')];
    case 'canonical':
      return [key('route')];
    case 'banned-wording':
      return [(l) => findBannedPhrase(l) !== undefined];
    default:
      return [];
  }
}

export async function locateFindings(
  findings: Finding[],
  root: string,
  contentFileOf: Map<string, string>,
  /** site.yaml `base`: built links are under it, their sources are written from the site root. */
  base = '/',
): Promise<void> {
  const cache = new Map<string, Promise<string[] | null>>();
  const lines = (file: string) => {
    let p = cache.get(file);
    if (!p) {
      p = readFile(path.join(root, file), 'utf8').then(
        (t) => t.split(/\r?\n/),
        () => null,
      );
      cache.set(file, p);
    }
    return p;
  };
  const find = async (file: string, tests: LineTest[]) => {
    const ls = await lines(file);
    if (!ls) return null;
    for (const test of tests) {
      const i = ls.findIndex(test);
      if (i !== -1) return i + 1;
    }
    return null;
  };

  for (const f of findings) {
    // `/repo/about` in the built page is `/about` where it was written.
    const target = f.target && (stripBase(f.target, base) ?? f.target);
    const tests = lineTests(f, target);
    const fromLayout = f.allPages || f.places.some((p) => p.region === 'header' || p.region === 'footer');
    if (fromLayout && target && f.category !== 'page') {
      const escaped = target.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      // Every site.yaml key that holds a link the layout makes: menus' href, disclosureHref, helpline.page, favicon.
      const key = `(?:href|Href|page|favicon):\\s*["']?${escaped}["']?(?=[\\s,}]|$)`;
      const line = await find(SITE_YAML, [(l) => new RegExp(key).test(l)]);
      if (line) f.source = { file: SITE_YAML, line };
    }
    /** Where a template made the link, looked up once the content file turns out not to hold it. */
    let made: Promise<Finding['source']> | undefined;
    const locate = async (p: Place) => {
      const file = contentFileOf.get(p.page);
      if (!file) return;
      p.file = file;
      const line = tests.length ? await find(file, tests) : null;
      if (line === null && MADE_BY_TEMPLATES.has(f.rule) && target && !f.source) {
        made ??= linkSource(root, target);
        const source = await made;
        if (source) {
          f.source = source;
          if (f.rule === 'broken-link')
            f.hint = `correct the link at ${source.file}:${source.line}, or add a page at that route in content/pages`;
          p.line = null;
          delete p.col;
          return;
        }
      }
      p.line = line ?? 1;
      // The column was the built HTML's; the line is now the content file's.
      delete p.col;
    };
    const store = spilledTo(f);
    if (!store) {
      for (const p of f.places) await locate(p);
      continue;
    }
    // Places kept in the spill folder are read, located and written again one at a time.
    const out = store.begin();
    const kept: Place[] = [];
    for (const p of allPlaces(f)) {
      await locate(p);
      out.add(p);
      if (kept.length < PLACES_KEPT) kept.push(p);
    }
    out.end(f);
    f.places = kept;
  }
}
