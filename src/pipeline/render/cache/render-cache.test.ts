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

// pa-site's own code, as the caches see it: a test changes it to stand for an edit to src/.
const code = vi.hoisted(() => ({ identity: 'code-1' }));
vi.mock('../../../own-code.js', () => ({ ownCodeIdentity: () => code.identity }));

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

/** Writes `html` as a page "written by the build" in `out`; its record, and where it was written. */
function written(cache: RenderCache, out: string, i: number, html = `<p>page ${i}</p>`) {
  const file = path.join(out, `p${i}.html`);
  writeFileSync(file, html);
  const key = cache.key(page(i));
  return { record: [key, checksum(html), []] as EntryRecord, file };
}

/** A cache and a page file "written by the build" for each of `n` pages; `files` maps their keys to them. */
function filled(n: number, dir = path.join(temp(), 'render')) {
  const cache = new RenderCache(site, 'templates', {} as never, 2026, {}, dir);
  const out = temp();
  const made = Array.from({ length: n }, (_, i) => written(cache, out, i));
  const records = made.map((m) => m.record);
  const files = new Map(made.map((m) => [m.record[0], m.file]));
  return { cache, out, records, files };
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

  it("stores a build's new pages in one pack, so an edit to a built page never reaches the cache", () => {
    const { cache, out, records, files } = filled(3);
    cache.save(records, undefined, undefined, files);
    expect(readdirSync(cache.dir).sort()).toEqual([...packs(cache.dir), 'index.json'].sort());
    expect(packs(cache.dir)).toHaveLength(1);
    const inodes = new Set(readdirSync(cache.dir).map((n) => statSync(path.join(cache.dir, n)).ino));
    for (const file of files.values()) expect(inodes.has(statSync(file).ino)).toBe(false);
    writeFileSync(path.join(out, 'p0.html'), '<p>edited in place</p>', { flag: 'a' });
    expect(reopen(cache.dir).get(records[0]![0])).toMatchObject({
      diagnostics: [],
      html: Buffer.from('<p>page 0</p>'),
    });
    expect(reopen(cache.dir).get(records[2]![0])?.html.toString()).toBe('<p>page 2</p>');
  });

  it('keeps a reused entry where it is and a re-rendered one in a new pack, leaving no temporary file', () => {
    const { cache, out, records, files } = filled(2);
    cache.save(records, undefined, undefined, files);
    const again = written(cache, temp(), 0, '<p>page 0, again</p>');
    const next = reopen(cache.dir);
    next.save([again.record, records[1]!], undefined, undefined, new Map([[again.record[0], again.file]]));
    expect(readFileSync(path.join(out, 'p0.html'), 'utf8')).toBe('<p>page 0</p>');
    expect(reopen(cache.dir).get(records[0]![0])?.html.toString()).toBe('<p>page 0, again</p>');
    expect(reopen(cache.dir).get(records[1]![0])?.html.toString()).toBe('<p>page 1</p>');
    expect(packs(cache.dir)).toHaveLength(2);
    expect(readdirSync(cache.dir).filter((n) => n.endsWith('.tmp'))).toEqual([]);
  });

  it('packs a page only when its file is a regular file holding the bytes its render gave', () => {
    const { cache, out, records, files } = filled(3);
    writeFileSync(path.join(out, 'p0.html'), '<p>changed after the write</p>');
    rmSync(path.join(out, 'p1.html'));
    symlinkSync(path.join(out, 'p2.html'), path.join(out, 'p1.html'));
    cache.save(records, undefined, undefined, files);
    const fresh = reopen(cache.dir);
    expect(records.map((r) => !!fresh.get(r[0]))).toEqual([false, false, true]);
    expect(Object.keys(readIndex(cache.dir).entries)).toEqual([records[2]![0]]);
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
    const { cache, records, files } = filled(6);
    cache.save(records.slice(0, 2), base, undefined, files);
    const first = packs(cache.dir);
    cache.save(records.slice(2, 5), base + 10 * day, undefined, files);
    cache.save(records.slice(5), base + 15 * day, undefined, files); // a one-page build: the 3 pages of day 10 stay
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
    const { cache, records, files } = filled(1, path.join(root, 'render'));
    writeFileSync(path.join(root, 'blocker'), '');
    const blocked = new RenderCache(site, 'templates', {} as never, 2026, {}, path.join(root, 'blocker', 'render'));
    expect(() => blocked.save(records, undefined, undefined, files)).toThrow(/ENOTDIR/);
    expect(readdirSync(root)).toEqual(['blocker']);
    expect(cache.get(records[0]![0])).toBeUndefined();
  });
});

describe('render cache keyed on templates files', () => {
  const graph = (footer: string, odds: string) => ({
    global: 'g',
    files: { 'Footer.tsx': footer, 'Odds.tsx': odds, 'lib/odds.ts': '1' },
    valueImports: { 'Odds.tsx': ['lib/odds.ts'] },
  });
  const open = (dir: string, g: ReturnType<typeof graph>) =>
    new RenderCache(site, 'templates', {} as never, 2026, {}, dir, g);

  it('hits only while the files a page rendered with are unchanged', () => {
    const dir = path.join(temp(), 'render');
    const out = temp();
    const first = open(dir, graph('f1', 'o1'));
    const records = [0, 1].map((i) => {
      const written = path.join(out, `p${i}.html`);
      writeFileSync(written, `<p>page ${i}</p>`);
      // Page 0 rendered the footer only; page 1 the footer and the odds table.
      const [key, templates] = first.keyAfterRender(page(i), i ? ['Footer.tsx', 'Odds.tsx'] : ['Footer.tsx']);
      expect(templates![1]).toEqual(i ? ['Footer.tsx', 'Odds.tsx', 'lib/odds.ts'] : ['Footer.tsx']);
      return [key, checksum(`<p>page ${i}</p>`), [], templates] as EntryRecord;
    });
    first.save(
      records.map((r) => [...r]),
      undefined,
      undefined,
      new Map(records.map((r, i) => [r[0], path.join(out, `p${i}.html`)])),
    );
    const hits = (g: ReturnType<typeof graph>) =>
      [0, 1].map((i) => !!open(dir, g).get(open(dir, g).lookupKey(page(i))![0]));
    expect(hits(graph('f1', 'o1'))).toEqual([true, true]);
    expect(hits(graph('f1', 'o2'))).toEqual([true, false]); // the odds table changed
    expect(hits(graph('f2', 'o1'))).toEqual([false, false]); // the footer changed
    expect(open(dir, graph('f1', 'o1')).lookupKey(page(2))).toBeUndefined(); // never rendered
  });

  it('misses, without failing, when the per-page lists are damaged', () => {
    const dir = path.join(temp(), 'render');
    const out = temp();
    const cache = open(dir, graph('f1', 'o1'));
    const written = path.join(out, 'p0.html');
    writeFileSync(written, '<p>page 0</p>');
    const [key, templates] = cache.keyAfterRender(page(0), ['Footer.tsx']);
    cache.save([[key, checksum('<p>page 0</p>'), [], templates]], undefined, undefined, new Map([[key, written]]));
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
