import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  truncateSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Page, Site } from '../../../model.js';
import { checksum, type EntryRecord, RenderCache } from './render-cache.js';
import { PackWriter } from './pack-writer.js';

// pa-site's own code, as the caches see it: a test changes it to stand for an edit to src/.
const code = vi.hoisted(() => ({ identity: 'code-1' }));
vi.mock('../../../support/package/own-code.js', () => ({ ownCodeIdentity: () => code.identity }));

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});
const temp = () => {
  const d = mkdtempSync(path.join(tmpdir(), 'pa-site-render-cache-'));
  dirs.push(d);
  return d;
};
const site = { root: '/', config: {}, operators: [], pages: [] } as unknown as Site;
const page = (i: number) =>
  ({
    file: `content/pages/p${i}.md`,
    route: `/p${i}`,
    sourceHash: String(i),
    operatorRefs: [],
    data: { blocks: {} },
  }) as unknown as Page;

/**
 * Pages `ids` as a build's thread writes them: their records, each with its place in one new pack
 * (still under its temporary name: save() renames it), and that pack, if it could be written.
 */
function packed(cache: RenderCache, ids: number[], html = (i: number) => `<p>page ${i}</p>`) {
  const writer = new PackWriter(cache.dir);
  const records = ids.map((i) => {
    const bytes = Buffer.from(html(i));
    return [cache.key(page(i)), checksum(bytes), [], undefined, writer.append(bytes)] as EntryRecord;
  });
  const pack = writer.finish();
  return { records, files: pack ? [pack] : [] };
}

/** A cache and a pack holding `n` pages; `files` is that pack, for save(). */
function filled(n: number, dir = path.join(temp(), 'render')) {
  const cache = new RenderCache(site, 'templates', {} as never, 2026, {}, dir);
  return {
    cache,
    ...packed(
      cache,
      Array.from({ length: n }, (_, i) => i),
    ),
  };
}

const reopen = (dir: string) => new RenderCache(site, 'templates', {} as never, 2026, {}, dir);
const packs = (dir: string) => readdirSync(dir).filter((n) => /^pack-[0-9a-f]{16}\.bin$/.test(n));
const readIndex = (dir: string) => JSON.parse(readFileSync(path.join(dir, 'index.json'), 'utf8'));
const writeIndex = (dir: string, index: unknown) => writeFileSync(path.join(dir, 'index.json'), JSON.stringify(index));
const HOUR = 60 * 60 * 1000;

describe('render cache', () => {
  it("keys pages on pa-site's own code, so a changed renderer never serves old pages", () => {
    const make = () => new RenderCache(site, 'templates', {} as never, 2026, {}, path.join(temp(), 'render'));
    const before = make().key(page(1));
    expect(make().key(page(1))).toBe(before);
    code.identity = 'code-2';
    expect(make().key(page(1))).not.toBe(before);
    code.identity = 'code-1';
  });

  it("stores a build's new pages in its pack, renamed into place, leaving no temporary file", () => {
    const { cache, records, files } = filled(3);
    expect(packs(cache.dir)).toEqual([]); // written, not yet in place
    cache.save(records, undefined, undefined, files);
    expect(readdirSync(cache.dir).sort()).toEqual([...packs(cache.dir), 'index.json'].sort());
    expect(packs(cache.dir)).toHaveLength(1);
    expect(reopen(cache.dir).get(records[0]![0])).toMatchObject({
      diagnostics: [],
      html: Buffer.from('<p>page 0</p>'),
    });
    expect(reopen(cache.dir).get(records[2]![0])?.html.toString()).toBe('<p>page 2</p>');
  });

  it('keeps a reused entry where it is and a re-rendered one in a new pack, leaving no temporary file', () => {
    const { cache, records, files } = filled(2);
    cache.save(records, undefined, undefined, files);
    const next = reopen(cache.dir);
    const again = packed(next, [0], () => '<p>page 0, again</p>');
    next.save([...again.records, records[1]!], undefined, undefined, again.files);
    expect(reopen(cache.dir).get(records[0]![0])?.html.toString()).toBe('<p>page 0, again</p>');
    expect(reopen(cache.dir).get(records[1]![0])?.html.toString()).toBe('<p>page 1</p>');
    expect(packs(cache.dir)).toHaveLength(2);
    expect(readdirSync(cache.dir).filter((n) => n.endsWith('.tmp'))).toEqual([]);
  });

  it('keeps no entry whose pack is not renamed into place: gone, or not a temporary file of its own', () => {
    const { cache, records, files } = filled(2);
    rmSync(files[0]!.tmp);
    cache.save(records, undefined, undefined, files);
    expect(readIndex(cache.dir).entries).toEqual({});
    const other = filled(1);
    const outside = path.join(temp(), path.basename(other.files[0]!.tmp));
    writeFileSync(outside, readFileSync(other.files[0]!.tmp));
    const moved = [{ ...other.files[0]!, tmp: outside }];
    const lied = [{ name: 'index.json', tmp: other.files[0]!.tmp }];
    for (const given of [moved, lied]) {
      const c = reopen(other.cache.dir);
      c.save(other.records, undefined, undefined, given);
      expect(readIndex(other.cache.dir).entries).toEqual({});
    }
    expect(existsSync(outside)).toBe(true); // never renamed from outside the cache folder
    expect(packs(other.cache.dir)).toEqual([]);
  });

  it('treats an entry whose bytes changed (damage) as a miss', () => {
    const { cache, records, files } = filled(2);
    cache.save(records, undefined, undefined, files);
    const [, , , pack, offset] = readIndex(cache.dir).entries[records[0]![0]];
    const bytes = readFileSync(path.join(cache.dir, pack));
    bytes.write('X', offset);
    writeFileSync(path.join(cache.dir, pack), bytes);
    const fresh = reopen(cache.dir);
    expect(fresh.get(records[0]![0])).toBeUndefined();
    expect(fresh.get(records[1]![0])?.html.toString()).toBe('<p>page 1</p>');
  });

  it('misses what a pack cut short (a kill, a full disk) no longer holds, and reads the rest', () => {
    const { cache, records, files } = filled(3);
    cache.save(records, undefined, undefined, files);
    const [pack] = packs(cache.dir);
    const [, , , , offset] = readIndex(cache.dir).entries[records[2]![0]];
    truncateSync(path.join(cache.dir, pack!), offset + 3);
    const fresh = reopen(cache.dir);
    expect(records.map((r) => fresh.get(r[0])?.html.toString())).toEqual(['<p>page 0</p>', '<p>page 1</p>', undefined]);
    truncateSync(path.join(cache.dir, pack!), 5); // not even its header
    expect(records.map((r) => reopen(cache.dir).get(r[0]))).toEqual([undefined, undefined, undefined]);
  });

  it('never reads a pack of another format, nor one that is a symbolic link', () => {
    const { cache, records, files } = filled(2);
    cache.save(records, undefined, undefined, files);
    const [pack] = packs(cache.dir);
    const file = path.join(cache.dir, pack!);
    const bytes = readFileSync(file);
    bytes.write('pa-site-render-cache 5', 0); // same length, older format
    writeFileSync(file, bytes);
    expect(records.map((r) => reopen(cache.dir).get(r[0]))).toEqual([undefined, undefined]);
    bytes.write('pa-site-render-cache 6', 0);
    const elsewhere = path.join(temp(), 'pack.bin');
    writeFileSync(elsewhere, bytes);
    rmSync(file);
    symlinkSync(elsewhere, file);
    expect(records.map((r) => reopen(cache.dir).get(r[0]))).toEqual([undefined, undefined]);
  });

  it("misses, without reading outside the pack, when an entry's place is malformed or past its end", () => {
    const { cache, records, files } = filled(1);
    cache.save(records, undefined, undefined, files);
    const key = records[0]![0];
    const index = readIndex(cache.dir);
    const entry = index.entries[key];
    const size = statSync(path.join(cache.dir, entry[3])).size;
    const places = [
      [entry[3], size, entry[5]], // starts at the end
      [entry[3], entry[4], size], // longer than the pack
      [entry[3], 0, entry[5]], // inside the header
      [entry[3], -1, entry[5]],
      [entry[3], entry[4], -1],
      [entry[3], 2 ** 60, entry[5]],
      [entry[3], '12', entry[5]],
      ['../index.json', entry[4], entry[5]],
      [`${entry[3]}/..`, entry[4], entry[5]],
    ];
    for (const place of places) {
      writeIndex(cache.dir, { ...index, entries: { [key]: [...entry.slice(0, 3), ...place] } });
      expect(reopen(cache.dir).get(key)).toBeUndefined();
    }
    writeIndex(cache.dir, index);
    expect(reopen(cache.dir).get(key)?.html.toString()).toBe('<p>page 0</p>');
  });

  it('misses everything, without failing, when the index is damaged', () => {
    const { cache, records, files } = filled(1);
    cache.save(records, undefined, undefined, files);
    writeFileSync(path.join(cache.dir, 'index.json'), '{"format": "pa-site-render-cache 4", "entries": {');
    expect(reopen(cache.dir).get(records[0]![0])).toBeUndefined();
  });

  it('deletes entries unused past the age limit, whatever the size of the last build, and their packs', () => {
    const base = Date.now();
    const day = 24 * HOUR;
    const cache = new RenderCache(site, 'templates', {} as never, 2026, {}, path.join(temp(), 'render'));
    // Each build's pack is written just before its save (a pack's temporary file is a day old at the next).
    const records: EntryRecord[] = [];
    const build = (ids: number[], at: number) => {
      const b = packed(cache, ids);
      records.push(...b.records);
      cache.save(b.records, at, undefined, b.files);
    };
    build([0, 1], base);
    const first = packs(cache.dir);
    build([2, 3, 4], base + 10 * day);
    build([5], base + 15 * day); // a one-page build: the 3 pages of day 10 stay
    expect(Object.keys(readIndex(cache.dir).entries).sort()).toEqual(
      records
        .slice(2)
        .map((r) => r[0])
        .sort(),
    );
    expect(packs(cache.dir)).toHaveLength(2);
    expect(packs(cache.dir)).not.toContain(first[0]);
  });

  it('removes a temporary pack a killed build left, and an unreferenced pack, only once an hour old', () => {
    const { cache, records, files } = filled(1);
    cache.save(records, undefined, undefined, files);
    const tmp = path.join(cache.dir, 'pack-0123456789abcdef.bin.4242-abcdef.tmp');
    const orphan = path.join(cache.dir, 'pack-fedcba9876543210.bin');
    const theirs = path.join(cache.dir, 'notes.txt');
    for (const f of [tmp, orphan, theirs]) writeFileSync(f, 'pa-site-render-cache 6 pack\n<p>half');
    cache.save([]);
    expect([tmp, orphan].map(existsSync)).toEqual([true, true]); // perhaps a build running now
    const old = new Date(Date.now() - 2 * HOUR);
    for (const f of [tmp, orphan, theirs]) utimesSync(f, old, old);
    cache.save([]);
    expect([tmp, orphan, theirs].map(existsSync)).toEqual([false, false, true]);
    expect(reopen(cache.dir).get(records[0]![0])?.html.toString()).toBe('<p>page 0</p>');
  });

  it('removes the entry folders of the format before packs', () => {
    const { cache, records, files } = filled(1);
    const old = path.join(cache.dir, 'ab');
    mkdirSync(old, { recursive: true });
    writeFileSync(path.join(old, `${'ab'.repeat(32)}.html`), '<p>old</p>');
    cache.save(records, undefined, undefined, files);
    expect(existsSync(old)).toBe(false);
  });

  it('keeps nothing, and leaves no temporary file, when the pack cannot be written', () => {
    const root = temp();
    writeFileSync(path.join(root, 'blocker'), '');
    const blocked = new RenderCache(site, 'templates', {} as never, 2026, {}, path.join(root, 'blocker', 'render'));
    const { records, files } = packed(blocked, [0]);
    expect(files).toEqual([]); // no pack to rename: its page gets no entry
    expect(() => blocked.save(records, undefined, undefined, files)).toThrow(/ENOTDIR/);
    expect(readdirSync(root)).toEqual(['blocker']);
  });
});

describe('render cache keyed on templates files', () => {
  const graph = (footer: string, odds: string) => ({
    global: 'g',
    files: { 'Footer.tsx': footer, 'Odds.tsx': odds, 'lib/odds.ts': '1' },
    valueImports: { 'Odds.tsx': ['lib/odds.ts'] },
    jsxImports: {},
  });
  const open = (dir: string, g: ReturnType<typeof graph>) =>
    new RenderCache(site, 'templates', {} as never, 2026, {}, dir, g);

  it('hits only while the files a page rendered with are unchanged', () => {
    const dir = path.join(temp(), 'render');
    const first = open(dir, graph('f1', 'o1'));
    const writer = new PackWriter(dir);
    const records = [0, 1].map((i) => {
      // Page 0 rendered the footer only; page 1 the footer and the odds table.
      const [key, templates] = first.keyAfterRender(page(i), i ? ['Footer.tsx', 'Odds.tsx'] : ['Footer.tsx']);
      expect(templates![1]).toEqual(i ? ['Footer.tsx', 'Odds.tsx', 'lib/odds.ts'] : ['Footer.tsx']);
      const bytes = Buffer.from(`<p>page ${i}</p>`);
      return [key, checksum(bytes), [], templates, writer.append(bytes)] as EntryRecord;
    });
    first.save(records, undefined, undefined, [writer.finish()!]);
    const hits = (g: ReturnType<typeof graph>) =>
      [0, 1].map((i) => !!open(dir, g).get(open(dir, g).lookupKey(page(i))![0]));
    expect(hits(graph('f1', 'o1'))).toEqual([true, true]);
    expect(hits(graph('f1', 'o2'))).toEqual([true, false]); // the odds table changed
    expect(hits(graph('f2', 'o1'))).toEqual([false, false]); // the footer changed
    expect(open(dir, graph('f1', 'o1')).lookupKey(page(2))).toBeUndefined(); // never rendered
  });

  it('misses, without failing, when the per-page lists are damaged', () => {
    const dir = path.join(temp(), 'render');
    const cache = open(dir, graph('f1', 'o1'));
    const writer = new PackWriter(dir);
    const [key, templates] = cache.keyAfterRender(page(0), ['Footer.tsx']);
    const bytes = Buffer.from('<p>page 0</p>');
    cache.save([[key, checksum(bytes), [], templates, writer.append(bytes)]], undefined, undefined, [writer.finish()!]);
    const index = JSON.parse(readFileSync(path.join(dir, 'index.json'), 'utf8'));
    writeFileSync(path.join(dir, 'index.json'), JSON.stringify({ ...index, deps: 'damaged' }));
    expect(open(dir, graph('f1', 'o1')).lookupKey(page(0))).toBeUndefined();
  });
});

describe('a tampered render-cache index', () => {
  it('never reads or deletes outside the cache folder: malformed keys and entries are misses', () => {
    // The reproduction: pruning an old entry whose key is a path deleted the file it named,
    // here <root>/victim/important.html for a cache in <root>/cache/render.
    const root = temp();
    const { cache, records, files } = filled(2, path.join(root, 'cache', 'render'));
    cache.save(records, undefined, undefined, files);
    const victim = path.join(root, 'victim');
    mkdirSync(victim);
    writeFileSync(path.join(victim, 'important.html'), 'keep me');
    const file = path.join(cache.dir, 'index.json');
    const index = JSON.parse(readFileSync(file, 'utf8'));
    const [good, other] = records.map((r) => r[0]);
    const place = index.entries[good!].slice(3);
    const sum = index.entries[good!][0];
    index.entries['../victim/important'] = [sum, [], 0, ...place];
    index.entries[`${'0'.repeat(62)}/..`] = [sum, [], 0, ...place];
    index.entries[other!] = [sum, [{ severity: 'warning', message: 42 }], Date.now(), ...place];
    writeFileSync(file, JSON.stringify(index));
    const fresh = new RenderCache(site, 'templates', {} as never, 2026, {}, cache.dir);
    expect(fresh.get('../victim/important')).toBeUndefined();
    expect(fresh.get(other!)).toBeUndefined(); // malformed warnings: a miss, not replayed
    expect(fresh.get(good!)?.html.toString()).toBe('<p>page 0</p>');
    fresh.save([]);
    expect(readFileSync(path.join(victim, 'important.html'), 'utf8')).toBe('keep me');
    expect(Object.keys(JSON.parse(readFileSync(file, 'utf8')).entries)).toEqual([good]);
  });
});
