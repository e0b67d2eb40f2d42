/**
 * An external sort for check's records (one per broken link on a page): up to RUN records are
 * kept in memory; beyond that each full batch is sorted and written to a run file in check's spill
 * folder, and the runs are merged back in order. Memory stays a batch however many links are broken.
 * Without a folder (unit tests, small callers) every record stays in memory.
 */
import { closeSync, openSync, readSync, rmSync, writeSync } from 'node:fs';
import path from 'node:path';
import type { SpillPath } from './spill-folder.js';

/** Records kept in memory before a batch is written out (a few MB: a record is a place and its target). */
const RUN = 1_024;
/** Runs merged at once: more are first merged into one, so files open and heads in memory stay few. */
const FAN_IN = 64;
/** Bytes of JSON lines gathered before one write (the joined string stays a small, short-lived object). */
const WRITE_CHUNK = 64 * 1024;

/** The lines of a file between two byte offsets (the whole file by default), each without its `\n`. */
export function* fileLines(fd: number, start = 0, end = Number.POSITIVE_INFINITY): Generator<string> {
  const buf = Buffer.allocUnsafe(64 * 1024);
  let rest = Buffer.alloc(0);
  let pos = start;
  while (pos < end) {
    const n = readSync(fd, buf, 0, Math.min(buf.length, end - pos), pos);
    if (n === 0) break;
    pos += n;
    const chunk = rest.length ? Buffer.concat([rest, buf.subarray(0, n)]) : buf.subarray(0, n);
    let from = 0;
    for (let nl = chunk.indexOf(10, from); nl !== -1; nl = chunk.indexOf(10, from)) {
      yield chunk.toString('utf8', from, nl);
      from = nl + 1;
    }
    // Copied: `buf` is read into again.
    rest = Buffer.from(chunk.subarray(from));
  }
  if (rest.length) yield rest.toString('utf8');
}

/** Appends JSON lines to a file in slices of about WRITE_CHUNK bytes. */
export class LineWriter {
  private pending: string[] = [];
  private pendingBytes = 0;
  /** Bytes in the file once everything pending is written. */
  size = 0;
  private written = 0;
  constructor(readonly fd: number) {}
  add(line: string): void {
    const text = `${line}\n`;
    const bytes = Buffer.byteLength(text);
    this.pending.push(text);
    this.pendingBytes += bytes;
    this.size += bytes;
    if (this.pendingBytes >= WRITE_CHUNK) this.flush();
  }
  flush(): void {
    if (!this.pending.length) return;
    const data = this.pending.join('');
    this.pending = [];
    this.pendingBytes = 0;
    writeSync(this.fd, data, this.written);
    this.written += Buffer.byteLength(data);
  }
}

/** A sort's records in memory and its run files: what check's page thread hands the main thread (plain data). */
export interface SpillState<T> {
  batch: T[];
  runs: string[];
  count: number;
  files: number;
}

export class SpillSort<T> {
  private batch: T[] = [];
  private readonly runs: string[] = [];
  /** Records added. */
  count = 0;
  constructor(
    private readonly compare: (a: T, b: T) => number,
    private readonly folder: SpillPath | null,
    /** Run files are `<prefix><n>.jsonl`: two sorts can share the folder (the findings' sort, finding-spill.ts). */
    private readonly prefix = 'run-',
    /** Records a run holds: larger records with a costly comparison (findings) take fewer, longer runs. */
    private readonly run = RUN,
  ) {}

  add(record: T): void {
    this.batch.push(record);
    this.count++;
    if (this.folder && this.batch.length >= this.run) this.writeRun();
  }

  private writeRun(): void {
    this.runs.push(this.writeFile(this.batch.sort(this.compare)));
    this.batch = [];
    if (this.runs.length >= FAN_IN) {
      const merged = this.writeFile(this.merge(this.runs.splice(0)));
      this.runs.push(merged);
    }
  }

  private files = 0;

  /** The sort so far, for another thread to go on with (`resume`); this one is left empty. */
  handOver(): SpillState<T> {
    const state = { batch: this.batch, runs: this.runs.splice(0), count: this.count, files: this.files };
    this.batch = [];
    return state;
  }

  /** Goes on with a sort another thread began, its run files in `folder`. */
  static resume<T>(state: SpillState<T>, compare: (a: T, b: T) => number, folder: SpillPath): SpillSort<T> {
    const sort = new SpillSort(compare, folder);
    sort.batch = state.batch;
    sort.runs.push(...state.runs);
    sort.count = state.count;
    sort.files = state.files;
    return sort;
  }

  /** Writes records, in the order given, to a new run file. */
  private writeFile(records: Iterable<T>): string {
    const file = path.join(this.folder!.path(), `${this.prefix}${this.files++}.jsonl`);
    const fd = openSync(file, 'wx', 0o600);
    try {
      const out = new LineWriter(fd);
      for (const r of records) out.add(JSON.stringify(r));
      out.flush();
    } finally {
      closeSync(fd);
    }
    return file;
  }

  /** Every record added, in order; once only. The run files are removed as the merge ends. */
  *sorted(): Generator<T> {
    if (!this.runs.length) {
      const batch = this.batch.sort(this.compare);
      this.batch = [];
      yield* batch;
      return;
    }
    if (this.batch.length) this.writeRun();
    yield* this.merge(this.runs.splice(0));
  }

  /** The records of sorted run files, in order (ties by run, so the order of adding holds); removes the files. */
  private *merge(runs: string[]): Generator<T> {
    const fds: number[] = [];
    try {
      for (const f of runs) fds.push(openSync(f, 'r'));
      const readers = fds.map((fd) => fileLines(fd));
      // A heap of the runs' heads, the least on top (of equal ones, the earlier run's): about 6 comparisons a
      // record among 64 runs, where a linear pick made 64 (the findings' comparison is a locale's, not cheap).
      const heap: Head<T>[] = [];
      const less = (a: Head<T>, b: Head<T>) => {
        const c = this.compare(a.r, b.r);
        return c < 0 || (c === 0 && a.i < b.i);
      };
      const up = (k: number) => {
        const x = heap[k]!;
        while (k > 0) {
          const parent = (k - 1) >> 1;
          if (!less(x, heap[parent]!)) break;
          heap[k] = heap[parent]!;
          k = parent;
        }
        heap[k] = x;
      };
      const down = (k: number) => {
        const x = heap[k]!;
        for (;;) {
          let c = 2 * k + 1;
          if (c >= heap.length) break;
          if (c + 1 < heap.length && less(heap[c + 1]!, heap[c]!)) c++;
          if (!less(heap[c]!, x)) break;
          heap[k] = heap[c]!;
          k = c;
        }
        heap[k] = x;
      };
      readers.forEach((reader, i) => {
        const r = next<T>(reader);
        if (r === undefined) return;
        heap.push({ r, i });
        up(heap.length - 1);
      });
      while (heap.length) {
        const top = heap[0]!;
        yield top.r;
        const r = next<T>(readers[top.i]!);
        const last = r === undefined ? heap.pop()! : { r, i: top.i };
        if (!heap.length) break;
        heap[0] = last;
        down(0);
      }
    } finally {
      for (const fd of fds) closeSync(fd);
      for (const f of runs) rmSync(f, { force: true });
    }
  }
}

/** A run's first record not yet merged, and the run's number. */
interface Head<T> {
  r: T;
  i: number;
}

function next<T>(lines: Iterator<string>): T | undefined {
  const r = lines.next();
  return r.done ? undefined : (JSON.parse(r.value) as T);
}
