import { hash, randomBytes } from 'node:crypto';
import {
  closeSync,
  constants,
  fstatSync,
  lstatSync,
  mkdirSync,
  openSync,
  readFileSync,
  readSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import type { AssetRefs, ListedPage, Page, Site } from '../../../model.js';
import type { Diagnostic } from '../../../support/diagnostics/diagnostics.js';
import { cacheDir, packageDir, CACHE_MAX_AGE_MS } from '../../../support/package/paths.js';
import { ownCodeIdentity } from '../../../support/package/own-code.js';
import { type TemplateGraph, TemplateKeys } from '../compile/template-keys.js';
import { listsPages } from '../page/listing.js';
import { FORMAT, PACK_HEADER, type Place } from './cache-format.js';
import type { PackFile } from './pack-writer.js';
import { namesIn } from '../../../support/fs/folder-names.js';
import { readCacheText } from '../../load/cache-file.js';

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

/** A cached page: its HTML and the warnings rendering it produced (replayed on every hit). */
export interface CachedPage {
  html: Buffer;
  sum: string;
  diagnostics: Diagnostic[];
}

/*
 * Everything read back from the cache folder is checked before use: caches are restored in CI from
 * places other jobs write to. A key is a sha256 (64 hex digits), a checksum a sha1, a templates-list
 * id 16 hex digits, a pack a fixed pattern of a name (so its path cannot leave the folder), and an
 * entry's offset and length must lie inside its pack. Anything else is a miss.
 */
const KEY = /^[0-9a-f]{64}$/;
const SUM = /^[0-9a-f]{40}$/;
const DEPS_ID = /^[0-9a-f]{16}$/;
const PACK = /^pack-[0-9a-f]{16}\.bin$/;
/** Format 5's entry folders (one file per entry), removed by the first save of this format. */
const OLD_ENTRY_DIR = /^[0-9a-f]{2}$/;
/**
 * Packs no entry refers to, and temporary files, are deleted once this old: another build may have
 * renamed its pack into place and not yet written the index that refers to it.
 */
const STRAY_AGE_MS = 60 * 60 * 1000;

/** What the index knows of an entry: checksum of the HTML, warnings, last build that used it (ms), its place. */
type IndexEntry = [sum: string, diagnostics: Diagnostic[], used: number, ...Place];

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
    Number.isFinite(e[2]) &&
    PACK.test(String(e[3])) &&
    Number.isSafeInteger(e[4]) &&
    e[4] >= PACK_HEADER.length &&
    Number.isSafeInteger(e[5]) &&
    e[5] >= 0
  );
}
/**
 * A new or reused entry, reported by whichever thread rendered or copied the page; a new one names
 * its place in the pack of the thread that wrote it (pack-writer.ts).
 */
export type EntryRecord = [
  key: string,
  sum: string,
  diagnostics: Diagnostic[],
  templates?: PageTemplates,
  place?: Place,
];
/** A page (by key(page)) and the templates files its last render depended on. */
export type PageTemplates = [page: string, deps: string[]];
/** The index: entries by key; per page, the id of its templates files and when it was last built; those lists. */
interface Index {
  entries: Map<string, IndexEntry>;
  pages: Map<string, [depsId: string, used: number]>;
  deps: Map<string, string[]>;
}
/** The render cache's index as a dev session holds it between builds (RenderCache's `held`). */
export interface HeldIndex {
  index?: Index;
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
 * Entries live in packs: each thread that writes pages appends the new pages' bytes to a pack of its
 * own as it writes them (pack-writer.ts), back to back behind a format header, and the packs are
 * renamed into place after the build's output is (a cold build makes a file more per thread, not
 * one per page). A hit reads its bytes by offset and writes them
 * into the output folder, so no output shares an inode with the cache or another output.
 * `index.json` holds each entry's checksum, warnings, pack, offset and length: an entry whose bytes
 * do not match (damaged), whose pack is missing, cut short or of another format, or whose key,
 * checksum, warnings or place are malformed is a miss. Entries unused for two weeks are dropped, and
 * a pack is deleted once no entry refers to it.
 */
export class RenderCache {
  readonly dir: string;
  private readonly siteKey: string;
  private readonly operatorHashes: Map<string, string>;
  private index: Index | undefined;
  /** Packs opened by get(): a descriptor, or undefined for one that is missing or not this format's. */
  private readonly packs = new Map<string, number | undefined>();
  private readonly templates: TemplateKeys | undefined;
  private readonly registry: Record<string, string> | undefined;
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
    /**
     * Where a dev session keeps the index between builds: read from index.json once, then kept in
     * memory and merged into by each save (which still writes index.json for the next session).
     */
    private readonly held?: HeldIndex,
  ) {
    this.dir = dir;
    this.templates = graph && new TemplateKeys(graph);
    this.registry = graph?.registry;
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
    // The component its template name renders, when the graph keys that per page (template-keys.ts).
    const reg = this.registry;
    const template = reg ? `\n${Object.hasOwn(reg, page.template) ? reg[page.template] : '-'}` : '';
    return sha(`${this.siteKey}\n${page.file}\n${page.route}\n${page.sourceHash}\n${ops}${listing}${template}`);
  }

  /**
   * The key under which this page's HTML would be cached now: key(page) and the current versions of
   * the templates files its last render used; undefined when no render of it was recorded.
   */
  lookupKey(page: Page): [key: string, templates?: PageTemplates] | undefined {
    if (!this.templates) return [this.key(page)];
    this.index ??= this.heldIndex();
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

  /** The index a dev session holds, else index.json as read now (and then held). */
  private heldIndex(): Index {
    if (this.held?.index) return this.held.index;
    const index = this.readIndex();
    if (this.held) this.held.index = index;
    return index;
  }

  private readIndex(): Index {
    try {
      const raw = JSON.parse(readCacheText(path.join(this.dir, INDEX)) ?? 'null') as {
        format?: string;
        entries?: Record<string, IndexEntry>;
        pages?: Record<string, [string, number]>;
        deps?: Record<string, string[]>;
      };
      const isObject = (v: unknown) => !!v && typeof v === 'object';
      if (raw?.format === FORMAT && isObject(raw.entries) && isObject(raw.pages) && isObject(raw.deps)) {
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
    this.index ??= this.heldIndex();
    const entry = this.index.entries.get(key);
    return entry && [entry[0], entry[1]];
  }

  /** The cached page, or undefined when absent, damaged, or its pack is missing, short or foreign. */
  get(key: string): CachedPage | undefined {
    this.index ??= this.heldIndex();
    const entry = this.index.entries.get(key);
    if (!entry || !KEY.test(key)) return undefined;
    const [sum, diagnostics, , pack, offset, length] = entry;
    const fd = this.packFd(pack);
    if (fd === undefined) return undefined;
    const html = Buffer.allocUnsafe(length);
    try {
      // A pack cut short (a kill, a full disk, a bad restore) reads fewer bytes: a miss.
      if (readSync(fd, html, 0, length, offset) !== length) return undefined;
    } catch {
      return undefined;
    }
    if (checksum(html) !== sum) return undefined;
    return { html, sum, diagnostics };
  }

  /**
   * An open pack whose header is this format's, or undefined. Only a regular file is opened (never
   * through a symbolic link, never a FIFO); each pack is checked once per build.
   */
  private packFd(pack: string): number | undefined {
    if (this.packs.has(pack)) return this.packs.get(pack);
    let fd: number | undefined;
    try {
      fd = openSync(path.join(this.dir, pack), constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
      const header = Buffer.alloc(PACK_HEADER.length);
      const ok = fstatSync(fd).isFile() && readSync(fd, header, 0, header.length, 0) === header.length;
      if (!ok || !header.equals(PACK_HEADER)) throw new Error('not a pack');
    } catch {
      if (fd !== undefined) closeSync(fd);
      fd = undefined;
    }
    this.packs.set(pack, fd);
    return fd;
  }

  /** Closes the packs get() opened. */
  close(): void {
    for (const fd of this.packs.values()) if (fd !== undefined) closeSync(fd);
    this.packs.clear();
  }

  /**
   * Writes the index: this build's entries (new and reused) marked as just used, merged with what
   * is on disk now (another build may have saved meanwhile), without entries unused for two weeks.
   * The packs this build's threads wrote (`packs`) are first renamed into place; an entry that is
   * neither in one of them nor already in the cache is not kept.
   */
  save(
    records: readonly EntryRecord[],
    now = Date.now(),
    maxAgeMs = MAX_AGE_MS,
    packs: readonly PackFile[] = [],
  ): void {
    const placed = this.placePacks(packs);
    // Held across a dev session's builds, the index is this process's: merged into, not read again.
    const merged = this.held?.index ?? this.readIndex();
    const known = this.index ?? merged;
    // Most pages share a few lists of templates files: each list is hashed once, and joined once per
    // array (pages with the same list hold the same array, from TemplateKeys.depsOf).
    const ids = new Map<string, string>();
    const byArray = new Map<readonly string[], string>();
    for (const [key, sum, diagnostics, templates, fresh] of records) {
      if (!SUM.test(sum)) continue; // an entry without a checksum was never made (its page was empty)
      const before = known.entries.get(key) ?? merged.entries.get(key);
      const reused = before?.[0] === sum ? (before.slice(3) as Place) : undefined;
      const place = fresh && placed.has(fresh[0]) ? fresh : reused;
      if (!place) continue;
      merged.entries.set(key, [sum, diagnostics, now, ...place]);
      if (!templates) continue;
      let id = byArray.get(templates[1]);
      if (id === undefined) {
        const list = templates[1].join('\n');
        id = ids.get(list) ?? depsIdOf(list);
        ids.set(list, id);
        byArray.set(templates[1], id);
      }
      merged.pages.set(templates[0], [id, now]);
      merged.deps.set(id, templates[1]);
    }
    for (const [key, entry] of merged.entries) if (now - entry[2] > maxAgeMs) merged.entries.delete(key);
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
    if (this.held) this.held.index = merged;
    this.removeStrays(new Set([...merged.entries.values()].map((e) => e[3])), now);
  }

  /**
   * Renames each finished pack into place; the names of those now in place. A pack that cannot be
   * renamed is deleted, and its pages get no entry.
   */
  private placePacks(packs: readonly PackFile[]): Set<string> {
    const placed = new Set<string>();
    for (const { name, tmp } of packs) {
      // Only names this cache gives, inside its folder (packs come from other threads' messages).
      if (
        !PACK.test(name) ||
        path.dirname(path.resolve(tmp)) !== path.resolve(this.dir) ||
        !path.basename(tmp).startsWith(`${name}.`)
      )
        continue;
      try {
        renameSync(tmp, path.join(this.dir, name));
        placed.add(name);
      } catch {
        rmSync(tmp, { force: true });
      }
    }
    return placed;
  }

  /**
   * Deletes what no entry needs: packs no entry refers to and temporary files left by a killed build
   * (both once STRAY_AGE_MS old), and format 5's entry folders. Only names this cache gives are
   * touched, and only regular files and real folders (never through a symbolic link).
   */
  private removeStrays(used: ReadonlySet<string>, now: number): void {
    const names = namesIn(this.dir);
    for (const name of names) {
      const file = path.join(this.dir, name);
      try {
        const stat = lstatSync(file);
        if (stat.isDirectory() && OLD_ENTRY_DIR.test(name)) rmSync(file, { recursive: true, force: true });
        const stray = (PACK.test(name) && !used.has(name)) || name.endsWith('.tmp');
        if (stat.isFile() && stray && now - stat.mtimeMs > STRAY_AGE_MS) rmSync(file, { force: true });
      } catch {
        // Gone meanwhile, or not ours to delete: left alone.
      }
    }
  }
}
