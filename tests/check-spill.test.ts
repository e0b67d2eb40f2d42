/**
 * Memory that does not grow with the findings (issue 49 point 6), checked by structure, not by
 * timing: a folder with more broken references than a batch sends them through run files; a
 * target on more pages than a finding keeps holds PLACES_KEPT places in memory and the rest in the
 * spill folder, and the JSON report still lists every one; the spill folder is gone after the run
 * (closeCheck, the CLI) and after a run that fails.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { allPlaces, check, closeCheck, PLACES_KEPT } from '../src/index.js';
import { jsonChunks } from '../src/check/report.js';
import { runCheck } from '../src/cli/check-command.js';

const PAGES = 60;
const PER_PAGE = 30;

let work: string;
let site: string;
let temp: string;
beforeAll(() => {
  work = mkdtempSync(path.join(tmpdir(), 'pa-site-spill-'));
  site = path.join(work, 'site');
  // check's temporary folders go here, where the test can see them.
  temp = path.join(work, 'tmp');
  mkdirSync(temp);
  vi.stubEnv('TMPDIR', temp);
  mkdirSync(site);
  const page = (body: string) => `<!DOCTYPE html><html><head><title>t</title></head><body>${body}</body></html>\n`;
  writeFileSync(path.join(site, 'index.html'), page('<main><h1 id="top-of-index">Index</h1></main>'));
  for (let i = 0; i < PAGES; i++) {
    // Each page: the same missing legal page in its footer, and its own missing fragments on index.html.
    const fragments = Array.from({ length: PER_PAGE }, (_, k) => `<a href="index.html#gone-${i}-${k}">x</a>`);
    writeFileSync(
      path.join(site, `p${String(i).padStart(2, '0')}.html`),
      page(`<main>${fragments.join('')}</main><footer><a href="legal/gone.html">legal</a></footer>`),
    );
  }
});
afterAll(() => {
  vi.unstubAllEnvs();
  rmSync(work, { recursive: true, force: true });
});

const checkFolders = () => readdirSync(temp).filter((n) => n.startsWith('pa-site-check-'));

describe('findings on many pages, and many findings', () => {
  it('keeps the first places in memory, the rest in the spill folder, and lists every one in JSON', async () => {
    const r = await check({ dir: site });
    try {
      // PAGES × PER_PAGE fragments (past a batch of 1,024: they went through run files) and the legal page.
      expect(r.findings).toHaveLength(PAGES * PER_PAGE + 1);
      const legal = r.findings.find((f) => f.target === '/legal/gone.html')!;
      expect(legal.places).toHaveLength(PLACES_KEPT);
      expect(legal.placeCount).toBe(PAGES);
      const pages = Array.from({ length: PAGES }, (_, i) => `p${String(i).padStart(2, '0')}.html`);
      expect(legal.places.map((p) => p.page)).toEqual(pages.slice(0, PLACES_KEPT));
      expect([...allPlaces(legal)].map((p) => p.page)).toEqual(pages);

      // While the result is open, its spill folder holds only the places: the sorted runs are gone.
      const folders = checkFolders();
      expect(folders).toHaveLength(1);
      const spill = path.join(temp, folders[0]!);
      expect(readdirSync(spill)).toEqual(['places.jsonl']);
      expect(readFileSync(path.join(spill, 'places.jsonl'), 'utf8').trim().split('\n')).toHaveLength(PAGES);

      const json = JSON.parse([...jsonChunks(r, { verbose: true })].join(''));
      const all = json.findings.find((f: { target: string }) => f.target === '/legal/gone.html');
      expect(all.places.map((p: { page: string }) => p.page)).toEqual(pages);
      const placesInAll = json.findings.reduce((n: number, f: { places: unknown[] }) => n + f.places.length, 0);
      expect(placesInAll).toBe(PAGES + PAGES * PER_PAGE);
      // Without --verbose, the first 5 places and the count: nothing is read back from the folder.
      const short = JSON.parse([...jsonChunks(r)].join(''));
      const legalShort = short.findings.find((f: { target: string }) => f.target === '/legal/gone.html');
      expect(legalShort.placeCount).toBe(PAGES);
      expect(legalShort.places.map((p: { page: string }) => p.page)).toEqual(pages.slice(0, 5));
    } finally {
      closeCheck(r);
    }
    expect(checkFolders()).toEqual([]);
  });

  it('leaves no folder behind after the CLI prints the JSON report', async () => {
    let out = '';
    const write = vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => {
      out += String(chunk);
      return true;
    });
    try {
      expect(await runCheck({ root: work, dir: site, format: 'json', verbose: true })).toBe(1);
    } finally {
      write.mockRestore();
    }
    const legal = JSON.parse(out).findings.find((f: { target: string }) => f.target === '/legal/gone.html');
    expect(legal.places).toHaveLength(PAGES);
    expect(checkFolders()).toEqual([]);
  });
});
