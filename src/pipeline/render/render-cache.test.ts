import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Page, Site } from '../../model.js';
import { type EntryRecord, putEntry, RenderCache } from './render-cache.js';

// pa-site's own code, as the caches see it: a test changes it to stand for an edit to src/.
const code = vi.hoisted(() => ({ identity: 'code-1' }));
vi.mock('../../own-code.js', () => ({ ownCodeIdentity: () => code.identity }));

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

/** A cache and a page file "written by the build" for each of `n` pages, all stored. */
function filled(n: number, dir = path.join(temp(), 'render')) {
  const cache = new RenderCache(site, 'templates', {} as never, 2026, {}, dir);
  const out = temp();
  const records = Array.from({ length: n }, (_, i) => {
    const written = path.join(out, `p${i}.html`);
    writeFileSync(written, `<p>page ${i}</p>`);
    const key = cache.key(page(i));
    return [key, putEntry(cache.dir, new Set(), key, Buffer.from(`<p>page ${i}</p>`), written), []] as EntryRecord;
  });
  return { cache, out, records };
}

describe('render cache', () => {
  it("keys pages on pa-site's own code, so a changed renderer never serves old pages", () => {
    const make = () => new RenderCache(site, 'templates', {} as never, 2026, {}, path.join(temp(), 'render'));
    const before = make().key(page(1));
    expect(make().key(page(1))).toBe(before);
    code.identity = 'code-2';
    expect(make().key(page(1))).not.toBe(before);
    code.identity = 'code-1';
  });

  it('keeps its own copy of each page, so an edit to the built page never reaches it', () => {
    const { cache, out, records } = filled(1);
    cache.save(records);
    const entry = cache.file(records[0]![0]);
    expect(statSync(entry).ino).not.toBe(statSync(path.join(out, 'p0.html')).ino);
    writeFileSync(path.join(out, 'p0.html'), '<p>edited in place</p>', { flag: 'a' });
    expect(cache.get(records[0]![0])).toMatchObject({ diagnostics: [], html: Buffer.from('<p>page 0</p>') });
  });

  it('replaces an existing entry by rename, leaving the old page file untouched and no temporary file', () => {
    const { cache, out, records } = filled(1);
    const key = records[0]![0];
    const newer = path.join(out, 'p0-new.html');
    writeFileSync(newer, '<p>page 0, again</p>');
    const record: EntryRecord = [
      key,
      putEntry(cache.dir, new Set(), key, Buffer.from('<p>page 0, again</p>'), newer),
      [],
    ];
    cache.save([record]);
    expect(readFileSync(path.join(out, 'p0.html'), 'utf8')).toBe('<p>page 0</p>');
    expect(cache.get(key)?.html.toString()).toBe('<p>page 0, again</p>');
    expect(readdirSync(path.dirname(cache.file(key))).filter((n) => n.endsWith('.tmp'))).toEqual([]);
  });

  it('treats an entry whose bytes changed (damage) as a miss', () => {
    const { cache, records } = filled(2);
    cache.save(records);
    writeFileSync(cache.file(records[0]![0]), '<p>edited in place</p>');
    const fresh = new RenderCache(site, 'templates', {} as never, 2026, {}, cache.dir);
    expect(fresh.get(records[0]![0])).toBeUndefined();
    expect(fresh.get(records[1]![0])?.html.toString()).toBe('<p>page 1</p>');
  });

  it('misses everything, without failing, when the index is damaged', () => {
    const { cache, records } = filled(1);
    cache.save(records);
    writeFileSync(path.join(cache.dir, 'index.json'), '{"format": "pa-site-render-cache 4", "entries": {');
    expect(new RenderCache(site, 'templates', {} as never, 2026, {}, cache.dir).get(records[0]![0])).toBeUndefined();
  });

  it('deletes entries unused for longer than the age limit, whatever the size of the last build', () => {
    const { cache, records } = filled(6);
    const day = 24 * 60 * 60 * 1000;
    cache.save(records.slice(0, 2), 0);
    cache.save(records.slice(2, 5), 10 * day);
    cache.save(records.slice(5), 15 * day); // a one-page build: the 3 pages of day 10 stay
    const index = JSON.parse(readFileSync(path.join(cache.dir, 'index.json'), 'utf8')) as {
      entries: Record<string, unknown>;
    };
    expect(Object.keys(index.entries).sort()).toEqual(
      records
        .slice(2)
        .map((r) => r[0])
        .sort(),
    );
    expect(records.map((r) => existsSync(cache.file(r[0])))).toEqual([false, false, true, true, true, true]);
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
      const sum = putEntry(first.dir, new Set(), key, Buffer.from(`<p>page ${i}</p>`), written);
      return [key, sum, [], templates] as EntryRecord;
    });
    first.save(records.map((r) => [...r]));
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
    const sum = putEntry(cache.dir, new Set(), key, Buffer.from('<p>page 0</p>'), written);
    cache.save([[key, sum, [], templates]]);
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
    const { cache, records } = filled(2, path.join(root, 'cache', 'render'));
    cache.save(records);
    const victim = path.join(root, 'victim');
    mkdirSync(victim);
    writeFileSync(path.join(victim, 'important.html'), 'keep me');
    const file = path.join(cache.dir, 'index.json');
    const index = JSON.parse(readFileSync(file, 'utf8'));
    const [good, other] = records.map((r) => r[0]);
    const sum = index.entries[good!][0];
    index.entries['../victim/important'] = [sum, [], 0];
    index.entries[`${'0'.repeat(62)}/..`] = [sum, [], 0];
    index.entries[other!] = [sum, [{ severity: 'warning', message: 42 }], Date.now()];
    writeFileSync(file, JSON.stringify(index));
    const fresh = new RenderCache(site, 'templates', {} as never, 2026, {}, cache.dir);
    expect(fresh.get('../victim/important')).toBeUndefined();
    expect(fresh.get(other!)).toBeUndefined(); // malformed warnings: a miss, not replayed
    expect(fresh.get(good!)?.html.toString()).toBe('<p>page 0</p>');
    fresh.save([]);
    expect(readFileSync(path.join(victim, 'important.html'), 'utf8')).toBe('keep me');
    expect(Object.keys(JSON.parse(readFileSync(file, 'utf8')).entries)).toEqual([good]);
    expect(() => putEntry(cache.dir, new Set(), '../victim/important', Buffer.from('x'), file)).toThrow(
      /not a render-cache key/,
    );
  });
});
