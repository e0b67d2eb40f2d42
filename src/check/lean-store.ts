/**
 * What the link check needs of a large folder's pages, kept out of the JavaScript heap: each page's
 * links wait on disk (one JSON line a page in check's spill folder, read back by its byte range when
 * the link check, or the `--served-as` trial, comes to the page), and its ids are 53-bit hashes in
 * one typed array for all pages (id-hashes.ts says why a hash is enough). A page is then a number
 * here: memory grows by a few dozen bytes a page outside the heap, where V8's room to grow (a
 * multiple of what the heap holds) does not multiply it.
 */
import { closeSync, openSync, readSync } from 'node:fs';
import path from 'node:path';
import type { LinkRef, PageScan } from './html.js';
import { hash53, type IdLookup } from './id-hashes.js';
import type { SpillPath } from './spill-folder.js';
import { LineWriter } from './spill-sort.js';

/** A link as stored: its fields in order (a line of arrays is about half the JSON of objects). */
type Row = [string, LinkRef['attr'], string, LinkRef['kind'], number, number, LinkRef['region']];

/** A typed array that doubles as it fills. */
class Grow<T extends Float64Array | Uint32Array> {
  length = 0;
  constructor(
    public data: T,
    private readonly make: (n: number) => T,
  ) {}
  push(v: number): void {
    if (this.length === this.data.length) {
      const more = this.make(Math.max(1024, this.data.length * 2));
      more.set(this.data);
      this.data = more;
    }
    this.data[this.length++] = v;
  }

  /** Lets go of the room past the end (up to half the array, after the last doubling). */
  trim(): void {
    if (this.length < this.data.length) this.data = this.data.slice(0, this.length) as T;
  }
}

export class LeanStore {
  private writer: LineWriter | null = null;
  /** Byte offset of page i's links in the file; they end where page i + 1's begin. */
  private readonly linksAt = new Grow(new Float64Array(1024), (n) => new Float64Array(n));
  /** Page i's id hashes are hashes[idsAt[i] .. idsAt[i + 1]), sorted. */
  private readonly idsAt = new Grow(new Uint32Array(1024), (n) => new Uint32Array(n));
  private readonly hashes = new Grow(new Float64Array(8192), (n) => new Float64Array(n));
  constructor(private readonly spill: SpillPath) {}

  /** Keeps a page's links and ids; returns its number. */
  put(scan: PageScan): number {
    if (!this.writer) this.writer = new LineWriter(openSync(path.join(this.spill.path(), 'links'), 'wx+', 0o600));
    const page = this.linksAt.length;
    this.linksAt.push(this.writer.size);
    const rows: Row[] = scan.links.map((l) => [l.url, l.attr, l.tag, l.kind, l.line, l.col, l.region]);
    this.writer.add(JSON.stringify(rows));
    this.idsAt.push(this.hashes.length);
    for (const h of Float64Array.from(scan.ids, hash53).sort()) this.hashes.push(h);
    return page;
  }

  /** Every page is in: the typed arrays shrink to what they hold. */
  filled(): void {
    this.linksAt.trim();
    this.idsAt.trim();
    this.hashes.trim();
  }

  links(page: number): LinkRef[] {
    const w = this.writer!;
    w.flush();
    const at = this.linksAt.data[page]!;
    const bytes = (page + 1 < this.linksAt.length ? this.linksAt.data[page + 1]! : w.size) - at;
    const buf = Buffer.allocUnsafe(bytes);
    for (let got = 0; got < bytes; ) {
      const n = readSync(w.fd, buf, got, bytes - got, at + got);
      if (n === 0) throw new Error(`check's link store ended at byte ${at + got} of ${at + bytes}`);
      got += n;
    }
    const rows = JSON.parse(buf.toString('utf8')) as Row[];
    return rows.map(([url, attr, tag, kind, line, col, region]) => ({ url, attr, tag, kind, line, col, region }));
  }

  /** The ids of a page, as the fragment check asks them. */
  ids(page: number): IdLookup {
    const from = this.idsAt.data[page]!;
    const to = page + 1 < this.idsAt.length ? this.idsAt.data[page + 1]! : this.hashes.length;
    const a = this.hashes.data;
    return {
      has(id) {
        const h = hash53(id);
        let lo = from;
        let hi = to - 1;
        while (lo <= hi) {
          const mid = (lo + hi) >>> 1;
          const v = a[mid]!;
          if (v === h) return true;
          if (v < h) lo = mid + 1;
          else hi = mid - 1;
        }
        return false;
      },
    };
  }

  /** Closes the file (the spill folder's removal removes it). */
  close(): void {
    if (this.writer) closeSync(this.writer.fd);
    this.writer = null;
  }
}
