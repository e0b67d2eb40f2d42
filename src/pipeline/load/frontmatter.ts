import { hash, randomBytes } from 'node:crypto';
import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import matter from 'gray-matter';
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
 * Every gray-matter engine is switched off: YAML is parsed by the project's own code (exact
 * positions), and gray-matter's built-in `---js` engine would evaluate a page's text as code.
 */
const noParse = () => ({});
const OPTIONS = { engines: { yaml: noParse, json: noParse, javascript: noParse } };

/**
 * Splits a page by gray-matter's rules (a UTF-8 byte order mark is ignored, CRLF line ends work,
 * empty or missing frontmatter gives an empty `matter`). Passing options also keeps gray-matter
 * from memoizing every file it has seen, which would grow without bound in a dev session.
 *
 * gray-matter is given the text only up to the end of the line holding the first `\n---` after
 * the opening one: where it closes the frontmatter, and the bytes it may trim after it. The rest of
 * the body is appended to its `content` unread. Given a whole page it would also copy it into a
 * Buffer and hash all of it as a key of its memo (about 2% of a cold build's CPU); the split is the
 * same (property test in frontmatter.test.ts).
 */
export function splitFrontmatter(text: string): Split {
  const close = text.indexOf('\n---', 3);
  const lineEnd = close < 0 ? -1 : text.indexOf('\n', close + 4);
  const head = lineEnd < 0 ? text : text.slice(0, lineEnd + 1);
  let file: Partial<Split>;
  try {
    file = matter(head, OPTIONS) as unknown as Partial<Split>;
  } catch {
    // gray-matter throws on a language it has no engine for (`---toml`): validation reports it.
    const named = /^\uFEFF?---([^\r\n]*)/.exec(text)?.[1]?.trim();
    return { matter: '', content: text, language: named || '?' };
  }
  // For an empty text gray-matter returns neither matter nor language.
  const content = (file.content ?? '') + text.slice(head.length);
  return { matter: file.matter ?? '', content, language: file.language ?? 'yaml' };
}

/**
 * A page's identity: SHA-256 of its text, in hex. Computed once per page while parsing (in whichever
 * thread parses it) for both the frontmatter cache's key and the render cache's `sourceHash`, where a
 * build has those caches (FrontmatterCache.keyed): hashing 4,000 pages' text cost 20–45 ms.
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

  constructor(
    private readonly file?: string,
    /**
     * Whether pages are known by their text's hash (textHash): only where a cache keeps them, this one's file or
     * the render cache, which a build has together or not at all. Unkeyed (`--no-cache`), no page is hashed.
     */
    readonly keyed = file !== undefined,
  ) {
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

  /** Splits `text`, whose textHash is `key` (none when unkeyed), by a saved entry when there is one. */
  split(text: string, key = this.keyed ? textHash(text) : undefined): Split {
    if (key === undefined) return splitFrontmatter(text);
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
