/**
 * A finding on more pages than a result keeps (PLACES_KEPT) keeps its first places in `places` and
 * its count in `placeCount`; every place, in page order, is written to a file in check's spill
 * folder and read back one at a time by `allPlaces()` (the JSON report), so a target broken on
 * 10,000 pages costs its first few places in memory. The file lives until `closeCheck()`.
 */
import { closeSync, openSync } from 'node:fs';
import path from 'node:path';
import type { SpillFolder } from './spill-folder.js';
import { fileLines, LineWriter } from './spill-sort.js';
import type { CheckResult, Finding, Place } from './types.js';

/** Places a finding keeps in memory (and in `places`); the text report names 5 of them. */
export const PLACES_KEPT = 10;

interface Range {
  store: PlaceStore;
  start: number;
  end: number;
}

/** Where each spilled finding's places are. Keyed by the finding, so a result filtered by a baseline keeps them. */
const ranges = new WeakMap<Finding, Range>();

export class PlaceStore {
  private out: LineWriter | null = null;
  private closed = false;
  constructor(private readonly folder: SpillFolder) {}

  private writer(): LineWriter {
    this.out ??= new LineWriter(openSync(path.join(this.folder.path(), 'places.jsonl'), 'wx+', 0o600));
    return this.out;
  }

  /** A finding's places, written in order as they come; `end` ties them to the finding and sets `placeCount`. */
  begin(): { add: (p: Place) => void; end: (f: Finding) => void } {
    const out = this.writer();
    const start = out.size;
    let n = 0;
    return {
      add: (p) => {
        out.add(JSON.stringify(p));
        n++;
      },
      end: (f) => {
        ranges.set(f, { store: this, start, end: out.size });
        f.placeCount = n;
      },
    };
  }

  /** The places written at start..end (none once closed). */
  *read(start: number, end: number): Generator<Place> {
    if (this.closed) return;
    const out = this.writer();
    out.flush();
    for (const line of fileLines(out.fd, start, end)) yield JSON.parse(line) as Place;
  }

  /** Whether any finding's places are here. */
  get used(): boolean {
    return this.out !== null;
  }

  get isOpen(): boolean {
    return !this.closed;
  }

  close(): void {
    this.closed = true;
    if (this.out) closeSync(this.out.fd);
    this.out = null;
    this.folder.remove();
  }
}

/** Every place of a finding, in page order: read back from the spill folder when there are more than PLACES_KEPT. */
export function* allPlaces(f: Finding): Generator<Place> {
  const r = ranges.get(f);
  if (!r?.store.isOpen) {
    yield* f.places;
    return;
  }
  yield* r.store.read(r.start, r.end);
}

/** A copy of a finding (escaped for a terminal) reads the same spilled places as the finding. */
export function samePlaces(copy: Finding, of: Finding): void {
  const r = ranges.get(of);
  if (r) ranges.set(copy, r);
}

/** The store holding a finding's places, when they are spilled (locate.ts writes them again, located). */
export function spilledTo(f: Finding): PlaceStore | null {
  const store = ranges.get(f)?.store;
  return store?.isOpen ? store : null;
}

/** How many places a finding has in all. */
export const placeCount = (f: Finding) => f.placeCount ?? f.places.length;

/** A spilled finding's byte range in its store, written beside the finding when the findings spill too. */
export function placeRange(f: Finding): [number, number] | undefined {
  const r = ranges.get(f);
  return r ? [r.start, r.end] : undefined;
}

/** Ties a finding read back from the findings' spill to its places in `store` again. */
export function restoreRange(f: Finding, store: PlaceStore, [start, end]: [number, number]): void {
  ranges.set(f, { store, start, end });
}

/** Closes the stores of a result's findings held in memory (closeCheck, finding-spill.ts, also closes a spill). */
export function closePlaces(r: CheckResult): void {
  for (const f of r.findings) ranges.get(f)?.store.close();
}
