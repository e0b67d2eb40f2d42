import { hash, randomBytes } from 'node:crypto';
import { constants, copyFileSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { AssetRefs, ListedPage, Page, Site } from '../../../model.js';
import type { Diagnostic } from '../../../diagnostics.js';
import { cacheDir, packageDir, CACHE_MAX_AGE_MS } from '../../../paths.js';
import { ownCodeIdentity } from '../../../own-code.js';
import { ensureParent } from '../../write/write.js';
import { type TemplateGraph, TemplateKeys } from '../compile/template-keys.js';
import { listsPages } from '../page/listing.js';

/** Packages whose versions change rendered output: a new version invalidates the cache. */
const PIPELINE = ['markdown-it', 'remark', 'remark-html', 'github-slugger', 'react', 'react-dom'];

/**
 * The manifest of the package `name` as Node finds it from pa-site: in pa-site's node_modules, or,
 * installed in a project, in a node_modules above it (npm hoists dependencies there).
 */
function manifestOf(name: string): string {
  for (let dir = packageDir; ; dir = path.dirname(dir)) {
    try {
      return readFileSync(path.join(dir, 'node_modules', name, 'package.json'), 'utf8');
    } catch (e) {
      if (path.dirname(dir) === dir) throw e;
    }
  }
}

let pipelineVersions: string | undefined;
function versions(): string {
  pipelineVersions ??= PIPELINE.map((name) => {
    try {
      return `${name}@${JSON.parse(manifestOf(name)).version}`;
    } catch {
      return `${name}@?`;
    }
  }).join(',');
  return `${ownCodeIdentity()};${pipelineVersions}`;
}

const sha = (s: string | Uint8Array) => hash('sha256', s);
/** Checksum of a cached page (integrity, not security): sha1 reads a 15 KB page in about 10 µs. */
export const checksum = (b: string | Uint8Array) => hash('sha1', b);
const INDEX = 'index.json';
const FORMAT = 'pa-site-render-cache 5';

/** A cached page: its HTML and the warnings rendering it produced (replayed on every hit). */
export interface CachedPage {
  /** The entry's file: exactly the page's bytes. */
  file: string;
  html: Buffer;
  sum: string;
  diagnostics: Diagnostic[];
}

/*
 * Everything read back from the cache folder is checked before use: caches are restored in CI from
 * places other jobs write to. A key is a sha256 (64 hex digits), so its entry's path cannot leave the
 * folder; a checksum is a sha1, a templates-list id 16 hex digits. Anything else is a miss.
 */
const KEY = /^[0-9a-f]{64}$/;
const SUM = /^[0-9a-f]{40}$/;
const DEPS_ID = /^[0-9a-f]{16}$/;

/** The entry file of `key` in `dir`; throws for a key that is not one (never a path outside `dir`). */
function entryFile(dir: string, key: string): string {
  const file = path.join(dir, key.slice(0, 2), `${key}.html`);
  if (!KEY.test(key) || path.dirname(path.dirname(file)) !== path.resolve(dir))
    throw new Error(`not a render-cache key: ${JSON.stringify(key.slice(0, 80))}`);
  return file;
}

/**
 * Copies `from` to `to`, sharing its blocks copy-on-write (a reflink) where the file system can: an
 * output folder and the cache never share a writable inode, so a tool that edits a built page in
 * place changes that page alone, never the cache or another project's output.
 */
export function copyOwn(from: string, to: string): void {
  copyFileSync(from, to, constants.COPYFILE_FICLONE);
}

/**
 * Stores a rendered page in the cache folder `dir`: its own copy of `written` (the page file the
 * build just wrote, holding exactly `bytes`), made under a temporary name and renamed into place,
 * so an entry appears whole or not at all and no partial file is left behind. Returns the checksum
 * for the index; throws only on I/O errors, which callers treat as "not cached". `dirs` remembers
 * the folders already created. Runs in whichever thread writes pages.
 */
export function putEntry(dir: string, dirs: Set<string>, key: string, bytes: Uint8Array, written: string): string {
  const file = entryFile(dir, key);
  ensureParent(dirs, file);
  const tmp = `${file}.${process.pid}-${randomBytes(3).toString('hex')}.tmp`;
  try {
    copyOwn(written, tmp);
    renameSync(tmp, file);
  } catch (e) {
    rmSync(tmp, { force: true });
    throw e;
  }
  return checksum(bytes);
}

/** What the index knows of an entry: checksum of the HTML, warnings, last build that used it (ms). */
type IndexEntry = [sum: string, diagnostics: Diagnostic[], used: number];

const isText = (v: unknown) => typeof v === 'string';
/** A warning as a render records it (replayed on every hit): anything else makes the entry a miss. */
function validDiagnostic(d: unknown): boolean {
  const x = d as Record<string, unknown>;
  return (
    !!x &&
    typeof x === 'object' &&
    (x.severity === 'warning' || x.severity === 'error') &&
    [x.code, x.file, x.field, x.message].every(isText) &&
    Number.isInteger(x.line) &&
    Number.isInteger(x.col) &&
    [x.received, x.hint].every((v) => v === undefined || isText(v))
  );
}

function validEntry(e: unknown): e is IndexEntry {
  return (
    Array.isArray(e) &&
    SUM.test(String(e[0])) &&
    Array.isArray(e[1]) &&
    e[1].every(validDiagnostic) &&
    Number.isFinite(e[2])
  );
}
/** A new or reused entry, reported by whichever thread rendered or copied the page. */
export type EntryRecord = [key: string, sum: string, diagnostics: Diagnostic[], templates?: PageTemplates];
/** A page (by key(page)) and the templates files its last render depended on. */
export type PageTemplates = [page: string, deps: string[]];
/** The index: entries by key; per page, the id of its templates files and when it was last built; those lists. */
interface Index {
  entries: Map<string, IndexEntry>;
  pages: Map<string, [depsId: string, used: number]>;
  deps: Map<string, string[]>;
}
/** The id of a list of templates files, given as its lines. */
const depsIdOf = (list: string) => sha(list).slice(0, 16);

const MAX_AGE_MS = CACHE_MAX_AGE_MS;

/**
 * Rendered pages keyed by everything that goes into them: the page's source, the site config, the
 * data of the operators the page shows (with their offer state on the build's reference date), the
 * authors, review routes, asset names, the copyright year, the versions of the Markdown and React
 * pipeline, and the templates files the page's last render used (template-deps.ts): `index.json`
 * keeps that list per page, and a lookup hits only when those files are unchanged.
 *
 * Each entry is a file holding exactly the page's bytes: the cache's own copy of the page the build
 * wrote, and a hit copies it into the output folder (reflinks where the file system has them), so no
 * output shares an inode with the cache or another output. `index.json` holds each entry's checksum
 * and warnings: an entry whose bytes do not match (damaged) is a miss, and so is every entry whose
 * key, checksum or warnings are malformed. Entries unused for two weeks are deleted.
 */
export class RenderCache {
  readonly dir: string;
  private readonly siteKey: string;
  private readonly operatorHashes: Map<string, string>;
  private index: Index | undefined;
  private readonly templates: TemplateKeys | undefined;
  /** Hash of every page's route, title and section: only pages with a page list depend on it. */
  private readonly listingHash: string;

  constructor(
    site: Site,
    templatesHash: string,
    assets: AssetRefs,
    year: number,
    reviewRoutes: Record<string, string>,
    dir = path.join(cacheDir, 'render'),
    /** Keys pages on the templates files they use; without it, `templatesHash` covers all templates. */
    graph?: TemplateGraph,
    listing: readonly ListedPage[] = [],
  ) {
    this.dir = dir;
    this.templates = graph && new TemplateKeys(graph);
    // site.markdown: the engine, and each plugin's name, version, file and options.
    const inputs = [versions(), templatesHash, assets, year, site.config, site.markdown, site.authors, reviewRoutes];
    this.siteKey = sha(JSON.stringify(inputs));
    this.operatorHashes = new Map(site.operators.map((o) => [o.id, sha(JSON.stringify(o))]));
    this.listingHash = sha(JSON.stringify(listing));
  }

  /**
   * A page's key: the site-wide inputs, its own source, and the data of exactly the operators it
   * shows (page.operatorRefs), so editing one operator re-renders only the pages that show it.
   */
  key(page: Page): string {
    const ops = page.operatorRefs.map((id) => `${id}:${this.operatorHashes.get(id) ?? '-'}`).join(',');
    // A page that lists pages changes when another page is added, removed or retitled.
    const listing = listsPages(page) ? `\n${this.listingHash}` : '';
    return sha(`${this.siteKey}\n${page.file}\n${page.route}\n${page.sourceHash}\n${ops}${listing}`);
  }

  /**
   * The key under which this page's HTML would be cached now: key(page) and the current versions of
   * the templates files its last render used; undefined when no render of it was recorded.
   */
  lookupKey(page: Page): [key: string, templates?: PageTemplates] | undefined {
    if (!this.templates) return [this.key(page)];
    this.index ??= this.readIndex();
    // A cold cache has recorded no page: no key to compute (a cold build would hash every page twice).
    if (!this.index.pages.size) return undefined;
    const identity = this.key(page);
    const deps = this.index.deps.get(this.index.pages.get(identity)?.[0] ?? '');
    return deps && [this.withTemplates(identity, deps), [identity, deps]];
  }

  /** The key for a page just rendered, which noted `noted` templates files, and its record for the index. */
  keyAfterRender(page: Page, noted: readonly string[]): [key: string, templates?: PageTemplates] {
    const identity = this.key(page);
    if (!this.templates) return [identity];
    const deps = this.templates.depsOf(noted);
    return [this.withTemplates(identity, deps), [identity, deps]];
  }

  private withTemplates(identity: string, deps: readonly string[]): string {
    return sha(`${identity}\n${this.templates!.hashOf(deps)}`);
  }

  file(key: string): string {
    return entryFile(this.dir, key);
  }

  private readIndex(): Index {
    try {
      const raw = JSON.parse(readFileSync(path.join(this.dir, INDEX), 'utf8')) as {
        format?: string;
        entries?: Record<string, IndexEntry>;
        pages?: Record<string, [string, number]>;
        deps?: Record<string, string[]>;
      };
      const isObject = (v: unknown) => !!v && typeof v === 'object';
      if (raw.format === FORMAT && isObject(raw.entries) && isObject(raw.pages) && isObject(raw.deps)) {
        const entries = new Map(Object.entries(raw.entries!).filter(([k, e]) => KEY.test(k) && validEntry(e)));
        const pages = new Map(
          Object.entries(raw.pages!).filter(
            ([k, p]) => KEY.test(k) && Array.isArray(p) && DEPS_ID.test(String(p[0])) && Number.isFinite(p[1]),
          ),
        );
        const deps = new Map(
          Object.entries(raw.deps!).filter(
            ([id, d]) => DEPS_ID.test(id) && Array.isArray(d) && d.every((f) => typeof f === 'string'),
          ),
        );
        return { entries, pages, deps };
      }
    } catch {
      // Absent or damaged: every page is a miss, and the next save writes a fresh index.
    }
    return { entries: new Map(), pages: new Map(), deps: new Map() };
  }

  /** What the index says of an entry (its checksum and warnings), without reading the entry. */
  known(key: string): [sum: string, diagnostics: Diagnostic[]] | undefined {
    this.index ??= this.readIndex();
    const entry = this.index.entries.get(key);
    return entry && [entry[0], entry[1]];
  }

  /** The cached page, or undefined when absent or damaged. */
  get(key: string): CachedPage | undefined {
    this.index ??= this.readIndex();
    const entry = this.index.entries.get(key);
    if (!entry || !KEY.test(key)) return undefined;
    const file = this.file(key);
    let html: Buffer;
    try {
      html = readFileSync(file);
    } catch {
      return undefined;
    }
    if (checksum(html) !== entry[0]) return undefined;
    return { file, html, sum: entry[0], diagnostics: entry[1] };
  }

  /**
   * Writes the index: this build's entries (new and reused) marked as just used, merged with what
   * is on disk now (another build may have saved meanwhile), without entries unused for two weeks.
   */
  save(records: readonly EntryRecord[], now = Date.now(), maxAgeMs = MAX_AGE_MS): void {
    const merged = this.readIndex();
    // Most pages share a few lists of templates files: each list is hashed once.
    const ids = new Map<string, string>();
    for (const [key, sum, diagnostics, templates] of records) {
      merged.entries.set(key, [sum, diagnostics, now]);
      if (!templates) continue;
      const list = templates[1].join('\n');
      const id = ids.get(list) ?? depsIdOf(list);
      ids.set(list, id);
      merged.pages.set(templates[0], [id, now]);
      merged.deps.set(id, templates[1]);
    }
    for (const [key, entry] of merged.entries) {
      if (now - (entry[2] ?? 0) <= maxAgeMs) continue;
      merged.entries.delete(key);
      rmSync(this.file(key), { force: true });
    }
    for (const [page, [, used]] of merged.pages) if (now - used > maxAgeMs) merged.pages.delete(page);
    const usedDeps = new Set([...merged.pages.values()].map(([id]) => id));
    for (const id of merged.deps.keys()) if (!usedDeps.has(id)) merged.deps.delete(id);
    mkdirSync(this.dir, { recursive: true });
    const tmp = path.join(this.dir, `${INDEX}.${process.pid}-${randomBytes(3).toString('hex')}.tmp`);
    const index = {
      format: FORMAT,
      entries: Object.fromEntries(merged.entries),
      pages: Object.fromEntries(merged.pages),
      deps: Object.fromEntries(merged.deps),
    };
    try {
      writeFileSync(tmp, JSON.stringify(index));
      renameSync(tmp, path.join(this.dir, INDEX));
    } catch (e) {
      // A full disk leaves no half-written index behind.
      rmSync(tmp, { force: true });
      throw e;
    }
    this.index = merged;
  }
}
