/**
 * The links of a large folder's pages, waiting on disk between the page that has them being read and
 * the link check: one JSON line a page in check's spill folder, read back by its byte range when the
 * link check (or the `--served-as` trial) comes to the page. So the pages' links, most of what a page
 * leaves behind, cost a few bytes each in memory however many pages there are.
 */
import { closeSync, openSync, readSync } from 'node:fs';
import path from 'node:path';
import type { LinkRef } from './html.js';
import type { SpillPath } from './spill-folder.js';
import { LineWriter } from './spill-sort.js';

/** Where one page's links are in the store. */
export interface StoredLinks {
  at: number;
  bytes: number;
}

/** A link as stored: its fields in order (a line of arrays is about half the JSON of objects). */
type Row = [string, LinkRef['attr'], string, LinkRef['kind'], number, number, LinkRef['region']];

export class LinkStore {
  private writer: LineWriter | null = null;
  constructor(private readonly spill: SpillPath) {}

  put(links: readonly LinkRef[]): StoredLinks {
    if (!this.writer) this.writer = new LineWriter(openSync(path.join(this.spill.path(), 'links'), 'wx+', 0o600));
    const at = this.writer.size;
    const rows: Row[] = links.map((l) => [l.url, l.attr, l.tag, l.kind, l.line, l.col, l.region]);
    this.writer.add(JSON.stringify(rows));
    return { at, bytes: this.writer.size - at };
  }

  get(stored: StoredLinks): LinkRef[] {
    const w = this.writer!;
    w.flush();
    const buf = Buffer.allocUnsafe(stored.bytes);
    let got = 0;
    while (got < stored.bytes) {
      const n = readSync(w.fd, buf, got, stored.bytes - got, stored.at + got);
      if (n === 0)
        throw new Error(`check's link store ended at byte ${stored.at + got} of ${stored.at + stored.bytes}`);
      got += n;
    }
    const rows = JSON.parse(buf.toString('utf8')) as Row[];
    return rows.map(([url, attr, tag, kind, line, col, region]) => ({ url, attr, tag, kind, line, col, region }));
  }

  /** Closes the file (the spill folder's removal removes it). */
  close(): void {
    if (this.writer) closeSync(this.writer.fd);
    this.writer = null;
  }
}
