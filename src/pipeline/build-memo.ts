/**
 * What one build leaves for the next in the same process (`BuildOptions.memo`): the dev server keeps
 * one across saves, so a save re-reads and re-parses only the files that changed. Every cross-file
 * check (titles, routes, references, values) still runs over the whole site on every build: they
 * read the memo's results, never skip a file.
 */
import type { Stats } from 'node:fs';
import type { SourceFile } from '../model.js';
import type { Diagnostic } from '../support/diagnostics/diagnostics.js';
import type { HeldIndex } from './render/cache/render-cache.js';
import type { ParsedPage } from './validate/parse-page.js';

interface ReadFile {
  /** The file's identity when read: inode, size, change and modification times. */
  id: string;
  file: SourceFile;
  /** What decoding it reported (a byte-order mark), replayed on every reuse. */
  diagnostics: Diagnostic[];
}

/** The identity of a file's bytes as far as its lstat tells: an edit changes its times, a rename its inode. */
export const statId = (st: Stats): string => `${st.dev}:${st.ino}:${st.size}:${st.mtimeMs}:${st.ctimeMs}`;

/** A file the last build left in the output folder: its checksum, its lstat identity and its size. */
export interface OutputEntry {
  sum: string;
  id: string;
  bytes: number;
}

export class BuildMemo {
  /**
   * The output folder as the last build left it, by relative path (forward slashes): set after a
   * build that succeeded, undefined while a build writes (a failed write leaves the next one to
   * replace the whole folder). With it, the next build writes into the folder in place (in-place.ts).
   */
  output: Map<string, OutputEntry> | undefined;
  /** The output marker's text as the last build wrote it (written again only when it changes). */
  listing: string | undefined;
  /** The render cache's index, held between builds writing in place. */
  readonly renderIndex: HeldIndex = {};
  /** Storing the last build's new pages in the render cache: done after the build reports, before the next. */
  private pending: (() => void) | undefined;

  /** Stores what the last build left to store (its packs and the cache index); the caller's spare moment. */
  flush(): void {
    const store = this.pending;
    this.pending = undefined;
    store?.();
  }

  /** Leaves `store` for flush(): the dev server runs it after the browser was told to reload. */
  defer(store: () => void): void {
    this.flush();
    this.pending = store;
  }

  /** Content files read, by absolute path (regular files only: a link is read through every time). */
  private readonly files = new Map<string, ReadFile>();
  /** Pages parsed (frontmatter, schema, body scan), by path, with the text they were parsed from. */
  private readonly parsed = new Map<string, { text: string; page: ParsedPage }>();
  /** Files the caller says changed: read again whatever their lstat says (a save within the same tick). */
  private changed = new Set<string>();
  /** Counts for the last build: files read and pages parsed afresh, and those reused. */
  readonly last = { read: 0, reused: 0, parsed: 0, parseReused: 0 };

  /** Starts a build after a change to `changed` (absolute paths); entries of files not seen again are dropped. */
  begin(changed: readonly string[]): void {
    this.changed = new Set(changed);
    Object.assign(this.last, { read: 0, reused: 0, parsed: 0, parseReused: 0 });
  }

  /** The file as last read, when its identity is `id` and it was not named as changed. */
  file(abs: string, id: string): ReadFile | undefined {
    const known = this.files.get(abs);
    if (!known || known.id !== id || this.changed.has(abs)) {
      this.last.read++;
      return undefined;
    }
    this.last.reused++;
    return known;
  }

  keepFile(abs: string, entry: ReadFile): void {
    this.files.set(abs, entry);
  }

  /** Forgets the files not among `seen` (deleted or renamed since). */
  keepOnly(seen: ReadonlySet<string>): void {
    for (const abs of this.files.keys()) if (!seen.has(abs)) this.files.delete(abs);
  }

  /**
   * A page's parse, made by `parse` unless the same text was parsed last time. Its frontmatter data is
   * a fresh shallow copy each time: validation fills values into its top-level keys (page-values.ts).
   */
  parse(file: SourceFile, parse: () => ParsedPage): ParsedPage {
    const known = this.parsed.get(file.path);
    if (known?.text === file.text) {
      this.last.parseReused++;
      return copied(known.page);
    }
    this.last.parsed++;
    const page = parse();
    this.keepParse(file, page);
    return page;
  }

  /** Records a page parsed elsewhere (by a render worker), before validation fills it in. */
  keepParse(file: SourceFile, page: ParsedPage): void {
    this.parsed.set(file.path, { text: file.text, page: copied(page) });
  }

  /** Forgets the parses of pages no longer among `paths`. */
  keepParsed(paths: ReadonlySet<string>): void {
    for (const p of this.parsed.keys()) if (!paths.has(p)) this.parsed.delete(p);
  }
}

/** A parse whose frontmatter data is a copy of its own: what validation changes in one is not in the other. */
function copied(page: ParsedPage): ParsedPage {
  const { draft } = page;
  return draft ? { ...page, draft: { ...draft, data: { ...draft.data } } } : page;
}
