import { hash, randomBytes } from 'node:crypto';
import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { readCacheText } from './cache-file.js';

/** A page split into its frontmatter (YAML text, not yet parsed) and its Markdown body. */
export interface Split {
  /** The text after the opening `---` up to the closing one: its line N is the file's line N. */
  matter: string;
  content: string;
  /** The language named after the opening delimiter (`---json`); "yaml" when none is named. */
  language: string;
}

/**
 * gray-matter's engines as a build would have them, all switched off: a language is known when one
 * of them (or an alias) is found, the way gray-matter looks it up (`---js` would be evaluated there).
 */
const noParse = () => ({});
const ENGINES: Record<string, unknown> = { yaml: noParse, json: noParse, javascript: noParse };
/** gray-matter's aliases for language names (lib/engine.js). */
const alias = (name: string): string => {
  const lower = name.toLowerCase();
  if (lower === 'js' || lower === 'javascript') return 'javascript';
  if (lower === 'coffee' || lower === 'coffeescript' || lower === 'cson') return 'coffee';
  if (lower === 'yaml' || lower === 'yml') return 'yaml';
  return name;
};

/**
 * Whether gray-matter would throw on frontmatter in `language`: no engine for it, or one whose parse
 * throws. The lookup is gray-matter's own, on a plain object: names like `__proto__` or
 * `__defineGetter__` find Object.prototype's members there, as they do in gray-matter.
 */
function engineThrows(language: string): boolean {
  let engine = ENGINES[language] || ENGINES[alias(language)];
  if (engine === undefined) return true;
  if (typeof engine === 'function') engine = { parse: engine };
  const parse = (engine as { parse?: unknown }).parse;
  if (typeof parse !== 'function') return true;
  try {
    parse.call(engine, '', {});
    return false;
  } catch {
    return true;
  }
}

/**
 * Splits a page by gray-matter 4.0.3's rules, written out here (the property test in
 * frontmatter.test.ts holds it to gray-matter itself): a UTF-8 byte order mark is ignored, the
 * opening `---` may name a language, the matter ends at the first `\n---` (anywhere in a line), CRLF
 * line ends work, and empty or missing frontmatter gives an empty `matter`. gray-matter itself, and
 * the js-yaml 3 and esprima it loads, cost each thread that parses pages about 40 ms to load, and
 * its split copied each page into a Buffer (issue 62).
 */
export function splitFrontmatter(text: string): Split {
  const content = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  // Not frontmatter: no opening `---`, or a fourth `-` after it.
  if (!content.startsWith('---') || content[3] === '-') return { matter: '', content, language: 'yaml' };
  let rest = content.slice(3);
  const length = rest.length;
  // The language: the rest of the opening line (gray-matter drops the last character when no line ends).
  const raw = rest.slice(0, rest.search(/\r?\n/));
  const named = raw.trim();
  const language = named || 'yaml';
  if (named) rest = rest.slice(raw.length);
  let close = rest.indexOf('\n---');
  if (close === -1) close = length;
  const matter = rest.slice(0, close);
  // gray-matter parses (and so may throw on the language) only a matter with more than comments in it.
  if (matter.replace(/^\s*#[^\n]+/gm, '').trim() !== '' && engineThrows(language))
    return { matter: '', content: text, language: named || '?' };
  if (close === length) return { matter, content: '', language };
  let body = rest.slice(close + 4);
  if (body[0] === '\r') body = body.slice(1);
  if (body[0] === '\n') body = body.slice(1);
  return { matter, content: body, language };
}

/**
 * A page's identity: SHA-256 of its text, in hex. Computed once per page while parsing (in whichever
 * thread parses it) for both the frontmatter cache's key and the render cache's `sourceHash`.
 */
export const textHash = (text: string): string => hash('sha256', text);

export type Entry = [matterStart: number, matterEnd: number, contentStart: number, language: string];

/**
 * Whether a saved entry is the split of `text` that splitFrontmatter makes: the cache is restored from places
 * other jobs write to, and offsets edited there published a `draft: true` page (the matter cut short) or failed
 * a valid page on every build (`[3,0,0,"yaml"]`). Checked against the text's own bytes, in time proportional to
 * its frontmatter: the matter runs from the end of the opening `---` line's language name to the first `\n---`,
 * the content starts right after that `---` and its line end. An entry that does not fit, or one of a page with
 * empty frontmatter (cheap to split), is ignored and the page split afresh.
 */
export function entryFits(text: string, e: Entry): boolean {
  const [start, end, content, language] = e;
  if (!(Number.isSafeInteger(start) && start > 0 && start < end && end < content && content <= text.length))
    return false;
  const open = /^\uFEFF?---([^\r\n]*)$/.exec(text.slice(0, start));
  if (!open || (text[start] !== '\n' && text[start] !== '\r') || (open[1]!.trim() || 'yaml') !== language) return false;
  if (text.indexOf('\n---', 3) !== end) return false;
  const after = end + 4;
  return content === after + (text.startsWith('\r\n', after) ? 2 : text[after] === '\n' ? 1 : 0);
}
const FORMAT = 'pa-site-frontmatter 2';

/**
 * Where each page's frontmatter ends, keyed by a hash of the page's text, so a warm build splits
 * only the pages that changed. Entries are offsets into the very text they were made from (the key
 * says so); an unreadable or foreign cache file is ignored, and saving is write-then-rename.
 */
export class FrontmatterCache {
  private readonly entries = new Map<string, Entry>();
  private readonly used = new Set<string>();
  /** Entries this cache made by splitting (not loaded): what another thread's cache can adopt. */
  private readonly made: [string, Entry][] = [];
  private dirty = false;

  constructor(private readonly file?: string) {
    if (!file) return;
    try {
      const saved = JSON.parse(readCacheText(file) ?? 'null') as { format?: string; entries?: Record<string, Entry> };
      if (saved?.format !== FORMAT || typeof saved.entries !== 'object' || !saved.entries) return;
      for (const [key, e] of Object.entries(saved.entries)) {
        if (Array.isArray(e) && e.length === 4 && e.slice(0, 3).every(Number.isInteger) && typeof e[3] === 'string')
          this.entries.set(key, e);
      }
    } catch {
      // No cache yet, or a damaged one: every page is split afresh.
    }
  }

  /** Splits `text`, whose textHash is `key`, by a saved entry when there is one. */
  split(text: string, key = textHash(text)): Split {
    this.used.add(key);
    const e = this.entries.get(key);
    if (e && entryFits(text, e)) return { matter: text.slice(e[0], e[1]), content: text.slice(e[2]), language: e[3] };
    const s = splitFrontmatter(text);
    // The matter follows the opening delimiter and its language name; the content is the text's tail.
    const start = s.matter ? text.indexOf(s.matter, text.indexOf('---') + 3) : 0;
    if (start >= 0) {
      const entry: Entry = [start, start + s.matter.length, text.length - s.content.length, s.language];
      this.entries.set(key, entry);
      this.made.push([key, entry]);
      this.dirty = true;
    }
    return s;
  }

  /** The entries split afresh since the last call (a render worker's, sent to the main thread). */
  takeMade(): [string, Entry][] {
    return this.made.splice(0);
  }

  /** Records entries another thread split, as used by this build. */
  adopt(entries: readonly [string, Entry][]): void {
    for (const [key, entry] of entries) {
      this.entries.set(key, entry);
      this.used.add(key);
      this.dirty = true;
    }
  }

  /** Keeps the entries this build used (pages deleted since drop out) and writes them atomically. */
  save(): void {
    if (!this.file || (!this.dirty && this.used.size === this.entries.size)) return;
    const entries: Record<string, Entry> = {};
    for (const key of this.used) entries[key] = this.entries.get(key)!;
    const tmp = `${this.file}.${randomBytes(6).toString('hex')}.tmp`;
    try {
      mkdirSync(path.dirname(this.file), { recursive: true });
      writeFileSync(tmp, JSON.stringify({ format: FORMAT, entries }));
      renameSync(tmp, this.file);
    } catch {
      // A read-only cache folder only costs the next build its splitting time.
      rmSync(tmp, { force: true });
    }
  }
}
