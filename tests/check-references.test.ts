/**
 * `check --dir` on folders other generators built: every URL attribute a browser fetches or
 * follows, symbolic links as web servers follow them, one finding per broken target, wording that
 * fits a site pa-site did not build, and a hint when --served-as is the wrong mode.
 */
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { check, type CheckResult } from '../src/index.js';
import { scanHtml } from '../src/check/html.js';
import { checkLinks } from '../src/check/links.js';
import { formatText } from '../src/check/report.js';

const work = mkdtempSync(path.join(tmpdir(), 'pa-site-refs-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

let n = 0;
/** A folder with these files (text), plus symbolic links `[link, target]`. */
function folder(files: Record<string, string>, links: [string, string][] = []): string {
  const dir = path.join(work, `site-${n++}`);
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), text);
  }
  for (const [link, target] of links) {
    mkdirSync(path.dirname(path.join(dir, link)), { recursive: true });
    symlinkSync(target, path.join(dir, link));
  }
  return dir;
}

const page = (body: string, head = '') =>
  `<!DOCTYPE html><html><head><title>t</title>${head}</head><body>${body}</body></html>\n`;
const brief = (r: CheckResult) => r.findings.map((f) => `${f.rule} ${f.target ?? ''}`).sort();

describe('references a browser fetches or follows', () => {
  it('reads every URL attribute of the HTML standard that loads or navigates', async () => {
    const dir = folder({
      'index.html': page(
        `<object data="/gone/object.svg"></object>
<video src="/gone/video.mp4" poster="/gone/poster.jpg"><track src="/gone/captions.vtt"></video>
<audio src="/gone/audio.ogg"></audio>
<svg><use href="/gone/sprite.svg#icon"></use><image xlink:href="/gone/image.png"></image>
<a xlink:href="/gone/svg-link">svg link</a><use href="#no-symbol"></use></svg>
<embed src="/gone/embed.swf"><iframe src="/gone/frame.html"></iframe>
<input type="image" src="/gone/button.png"><input type="text" src="/not-fetched.png">
<form action="/gone/search"><button formaction="/gone/other-search">Go</button></form>
<form action="https://elsewhere.example/post"></form>
<map name="m"><area href="/gone/area" alt=""></map>
<table background="/gone/table-bg.png"><tr><td>x</td></tr></table>
<picture><source srcset="/gone/wide.webp 2x"><img src="/ok.png" alt=""></picture>
<blockquote cite="/not-fetched-quote"><q cite="/not-fetched-q">q</q></blockquote>`,
        '<link rel="preload" as="image" imagesrcset="/gone/hero.webp 1x">',
      ),
      'ok.png': 'x',
    });
    const r = await check({ dir });
    expect(brief(r)).toEqual([
      'broken-asset /gone/audio.ogg',
      'broken-asset /gone/button.png',
      'broken-asset /gone/captions.vtt',
      'broken-asset /gone/embed.swf',
      'broken-asset /gone/frame.html',
      'broken-asset /gone/hero.webp',
      'broken-asset /gone/image.png',
      'broken-asset /gone/object.svg',
      'broken-asset /gone/poster.jpg',
      'broken-asset /gone/sprite.svg',
      'broken-asset /gone/table-bg.png',
      'broken-asset /gone/video.mp4',
      'broken-asset /gone/wide.webp',
      'broken-fragment /#no-symbol',
      'broken-link /gone/area',
      'broken-link /gone/other-search',
      'broken-link /gone/search',
      'broken-link /gone/svg-link',
    ]);
  });

  it('leaves form targets on other sites to the browser (no external check of a POST endpoint)', () => {
    const html = page(
      '<form action="https://elsewhere.example/post"><button formaction="https://x.example/">x</button></form>',
    );
    const out = checkLinks({
      pages: new Map([['index.html', { file: 'index.html', url: '/', scan: scanHtml(html) }]]),
      files: new Set(['index.html']),
      siteOrigin: null,
      servedAs: 'clean',
      paSite: false,
      knownUnbuilt: [],
    });
    expect([...out.external.keys()]).toEqual([]);
  });
});

describe('symbolic links, followed as web servers follow them', () => {
  const outside = folder({ 'shared.css': 'body{}' });
  const dir = folder(
    {
      'pages/home.html': page('<a href="/docs/b.html#part">b</a> <a href="/nowhere">nowhere</a>'),
      'real-docs/b.html': page('<h2 id="part">Part</h2><a href="../index.html">home</a>'),
      'page.html': page('<link rel="stylesheet" href="/shared.css">'),
    },
    [
      ['index.html', 'pages/home.html'],
      ['docs', 'real-docs'],
      ['real-docs/again', '..'],
      ['shared.css', path.join(outside, 'shared.css')],
      ['dangling.png', 'no-such-file.png'],
      ['everything', '/'],
      ['ping', 'pong'],
      ['pong', 'ping'],
    ],
  );

  it('finds files and folders through links, checks a linked index.html, and says what it did not follow', async () => {
    const r = await check({ dir });
    expect(brief(r)).toEqual([
      'broken-link /nowhere',
      'symlink-broken dangling.png',
      'symlink-loop everything',
      'symlink-loop ping',
      'symlink-loop pong',
      'symlink-loop real-docs/again',
      'symlink-outside shared.css',
    ]);
    const broken = r.findings.find((f) => f.rule === 'broken-link');
    // index.html is pages/home.html reached by a second path: its link is broken once, where the file really is.
    expect(broken!.places.map((p) => p.page)).toEqual(['pages/home.html']);
    for (const f of r.findings.filter((f) => f.rule.startsWith('symlink-'))) expect(f.severity).toBe('warning');
    expect(r.findings.find((f) => f.rule === 'symlink-outside')!.message).toContain(path.join(outside, 'shared.css'));
  });
});

describe('a tree reached through a symbolic link', () => {
  it('reports each break once, where the files really are, and counts each page once', async () => {
    const dir = folder(
      {
        'ghc-9.0.2/A.html': page('<a href="#gone">self</a> <a href="B.html">b</a> <a href="missing.html">m</a>'),
        'ghc-9.0.2/B.html': page('<h2 id="here">B</h2>'),
        'index.html': page(
          '<a href="/libraries/ghc/B.html#nope">via link</a> <a href="/ghc-9.0.2/B.html#nope">real</a>' +
            '<a href="/libraries/ghc/B.html#here">ok</a>',
        ),
      },
      [['libraries/ghc', '../ghc-9.0.2']],
    );
    const r = await check({ dir });
    expect(brief(r)).toEqual([
      'broken-fragment /ghc-9.0.2/A#gone',
      'broken-fragment /libraries/ghc/B.html#nope',
      'broken-link /ghc-9.0.2/missing.html',
    ]);
    for (const f of r.findings) expect(f.places.every((p) => !p.page.startsWith('libraries/'))).toBe(true);
    expect(r.findings.find((f) => f.rule === 'broken-fragment' && f.target?.includes('nope'))!.places).toHaveLength(1);
    expect(r.summary.pages).toBe(3);
  });
});

describe('one finding per broken target', () => {
  it('merges <a> and <link rel=next> to the same missing page, and words navigation links as links', async () => {
    const dir = folder({
      'index.html': page(
        '<a href="/ch2.html">next</a><img src="/ch2.html" alt="">',
        '<link rel="next" href="/ch2.html"><link rel="search" href="/search.html"><link rel="prev" href="/ch0.html">',
      ),
      'other.html': page('<a href="/ch2.html">chapter 2</a>', '<link rel="alternate" href="/feed.xml">'),
    });
    const r = await check({ dir, servedAs: 'html' });
    expect(brief(r)).toEqual([
      'broken-link /ch0.html',
      'broken-link /ch2.html',
      'broken-link /feed.xml',
      'broken-link /search.html',
    ]);
    expect(r.findings.find((f) => f.target === '/ch2.html')!.places.map((p) => p.page)).toEqual([
      'index.html',
      'other.html',
    ]);
  });

  it('in clean mode, a same-page #x link and a.html#x on another page are one target', async () => {
    const dir = folder({
      'manual.html': page('<a href="#concepts">concepts</a>'),
      'index.html': page('<a href="manual.html#concepts">concepts</a>'),
      'z.html': page('<a href="manual#concepts">concepts</a>'),
    });
    const r = await check({ dir, servedAs: 'clean' });
    expect(brief(r)).toEqual(['broken-fragment /manual.html#concepts']);
    expect(r.findings[0]!.places.map((p) => p.page)).toEqual(['index.html', 'manual.html', 'z.html']);
  });
});

describe('wording for a site pa-site did not build', () => {
  it('no layout tag without landmarks, no content/public hint, no X.html.html, a column on long lines', async () => {
    const long = `${'<p>filler text</p>'.repeat(400)}<a href="/gone.html">gone</a><img src="/gone.png" alt="">`;
    const dir = folder({ 'index.html': page(long) });
    const r = await check({ dir, servedAs: 'clean' });
    const link = r.findings.find((f) => f.rule === 'broken-link')!;
    expect(link.message).toBe('no page at /gone.html (looked for gone.html, gone.html/index.html)');
    const asset = r.findings.find((f) => f.rule === 'broken-asset')!;
    expect(asset.hint).toBe('correct the path, or add the file');
    expect(link.places[0]).toEqual({ page: 'index.html', url: '/', file: null, line: 1, col: 7257 });
    const text = formatText(r).join('\n');
    expect(text).not.toContain('(layout)');
    expect(text).not.toContain('content/public');
    expect(text).toContain('index.html:1:7257');
  });

  it('describes html mode as exact file names', async () => {
    const r = await check({ dir: folder({ 'index.html': page('') }), servedAs: 'html' });
    expect(formatText(r)[0]).toContain('URLs resolved as exact file names (/a.html finds a.html, /a does not)');
  });
});

describe('the wrong --served-as', () => {
  const pages: Record<string, string> = {};
  for (let i = 0; i < 12; i++) pages[`p${i}.html`] = page(`<a href="/p${(i + 1) % 12}/">next</a>`);
  pages['index.html'] = page('<a href="/p0/">start</a>');
  const dir = folder(pages);

  it('says so once, first, with the command to try, when most links resolve in another mode', async () => {
    const r = await check({ dir, servedAs: 'clean' });
    expect(r.findings[0]).toMatchObject({
      rule: 'served-as',
      severity: 'warning',
      message:
        '13 of 13 internal links find no file with --served-as clean; with --served-as folders, 0 do: ' +
        'the host probably serves the folder that way',
      hint: `try: pa-site check --dir ${dir} --served-as folders`,
    });
    expect(r.findings.filter((f) => f.rule === 'served-as')).toHaveLength(1);
    const text = formatText(r);
    expect(text[0]).toMatch(/^warning: 13 of 13 internal links/);
    expect(text[1]).toBe(`  try: pa-site check --dir ${dir} --served-as folders`);
  });

  it('says nothing in the right mode', async () => {
    const r = await check({ dir, servedAs: 'folders' });
    expect(r.findings).toEqual([]);
  });
});
