import { describe, expect, it } from 'vitest';
import {
  formatGithub,
  formatJson,
  formatText,
  githubLines,
  jsonChunks,
  KNOWN_UNBUILT_TITLE,
  summaryLine,
  textLines,
  toJson,
} from './report.js';
import { sameDocumentFindings } from './link-findings.js';
import { findingGroups } from './report-summary.js';
import type { CheckResult, Finding } from './types.js';

const place = (
  page: string,
  file: string | null = null,
  line: number | null = 1,
  region?: 'main' | 'header' | 'footer',
) => ({
  page,
  url: page === 'index.html' ? '/' : `/${page.replace(/\.html$/, '')}`,
  file,
  line,
  ...(region ? { region } : {}),
});

const NO_OFFERS = { aging: 0, withheld: 0 };

function result(findings: Finding[], extra: Partial<CheckResult> = {}): CheckResult {
  const errors = findings.filter((f) => f.severity === 'error').length;
  return {
    version: 1,
    ok: errors === 0,
    dir: '/tmp/site',
    root: '/repo',
    siteUrl: 'https://example.com',
    site: { builtBy: 'pa-site', marker: '_headers', servedAs: 'clean', servedAsFrom: 'pa-site' },
    summary: { pages: 3, links: 42, errors, warnings: findings.length - errors, ms: 12, offers: NO_OFFERS },
    build: null,
    findings,
    ...extra,
  };
}

const layoutBroken: Finding = {
  rule: 'broken-link',
  severity: 'error',
  category: 'link',
  message: 'no page at /old (looked for old.html, old/index.html)',
  target: '/old',
  allPages: true,
  hint: 'the link is on every page, so it comes from the layout',
  source: { file: 'content/site.yaml', line: 40 },
  places: [
    place('about.html', 'content/pages/about.md', 1, 'header'),
    place('index.html', 'content/pages/index.md', 1, 'header'),
    place('guide.html', 'content/pages/guide.md', 1, 'header'),
  ],
};
const bodyBroken: Finding = {
  rule: 'broken-fragment',
  severity: 'error',
  category: 'link',
  message: 'no id="nope" on /guide (guide.html)',
  target: '/guide#nope',
  places: [
    place('about.html', 'content/pages/about.md', 14, 'main'),
    place('index.html', 'content/pages/index.md', 20, 'main'),
  ],
};
const pageRule: Finding = {
  rule: 'single-h1',
  severity: 'error',
  category: 'page',
  message: 'has 2 <h1> elements',
  places: [place('about.html', 'content/pages/about.md', 9)],
};
const known: Finding = {
  rule: 'known-unbuilt',
  severity: 'warning',
  category: 'known-unbuilt',
  message: '/sportsbooks is not built; 404.html answers it',
  target: '/sportsbooks',
  allPages: true,
  source: { file: 'content/site.yaml', line: 29 },
  places: [
    place('about.html', null, 1, 'header'),
    place('index.html', null, 1, 'header'),
    place('guide.html', null, 1, 'footer'),
  ],
};

describe('text report', () => {
  const lines = formatText(result([layoutBroken, bodyBroken, pageRule, known]));

  it('collapses a layout link to one line with "on all N pages" and points at its source', () => {
    expect(lines).toContain('  error  broken-link  /old  on all 3 pages');
    expect(lines).toContain('         source: content/site.yaml:40');
    expect(lines.join('\n')).not.toMatch(/about\.md:1\b/);
  });

  it('lists every page linking a broken target', () => {
    const at = lines.indexOf('  error  broken-fragment  /guide#nope');
    expect(lines.slice(at + 1, at + 5)).toEqual([
      '         no id="nope" on /guide (guide.html)',
      '         linked from:',
      '           about.html  content/pages/about.md:14',
      '           index.html  content/pages/index.md:20',
    ]);
  });

  it('groups page rules by page', () => {
    const at = lines.indexOf('Page rules');
    expect(lines.slice(at + 1, at + 3)).toEqual([
      '  about.html  content/pages/about.md',
      '    error  single-h1  has 2 <h1> elements  (line 9)',
    ]);
  });

  it('gives the known-unbuilt paths their own section', () => {
    const at = lines.indexOf(KNOWN_UNBUILT_TITLE);
    expect(at).toBeGreaterThan(0);
    expect(lines[at + 2]).toBe('  /sportsbooks  header and footer, on all 3 pages  (content/site.yaml:29)');
  });

  it('ends with the summary line', () => {
    expect(lines.at(-1)).toBe('✗ 3 pages checked, 42 links checked, 3 errors, 1 warning in 12 ms');
    expect(
      summaryLine(
        result([], { summary: { pages: 1, links: 1, errors: 0, warnings: 0, ms: 3, buildMs: 200, offers: NO_OFFERS } }),
      ),
    ).toBe('1 page checked, 1 link checked, 0 errors, 0 warnings in 3 ms (build 200 ms)');
  });

  it('prints errors only when quiet, and colour only when asked', () => {
    const quiet = formatText(result([known]), { quiet: true });
    expect(quiet).toEqual([]);
    expect(formatText(result([pageRule]), { color: true }).join('\n')).toContain('\x1b[31merror\x1b[0m');
    expect(lines.join('\n')).not.toContain('\x1b[');
  });
});

describe('JSON report', () => {
  it('is written in pieces that join to the whole document, one line a finding', () => {
    for (const list of [[], [pageRule], [layoutBroken, bodyBroken, pageRule]])
      for (const verbose of [false, true]) {
        const r = result(list);
        const text = [...jsonChunks(r, { verbose })].join('');
        expect(JSON.parse(text)).toEqual(toJson(r, { verbose }));
        const lines = text.split('\n');
        expect(lines.filter((l) => l.startsWith('    {"rule":'))).toHaveLength(list.length);
      }
  });

  it('lists the first 5 places of a finding and its placeCount; every place with verbose', () => {
    const many = { ...bodyBroken, places: Array.from({ length: 8 }, (_, i) => place(`p${i}.html`, null, i + 1)) };
    const short = JSON.parse(formatJson(result([many])));
    expect(short.version).toBe(2);
    expect(short.verbose).toBe(false);
    expect(short.findings[0].placeCount).toBe(8);
    expect(short.findings[0].places.map((p: { page: string }) => p.page)).toEqual([
      'p0.html',
      'p1.html',
      'p2.html',
      'p3.html',
      'p4.html',
    ]);
    const full = JSON.parse(formatJson(result([many]), { verbose: true }));
    expect(full.verbose).toBe(true);
    expect(full.findings[0].places).toHaveLength(8);
  });

  it('always has every key, null when it does not apply', () => {
    const json = JSON.parse(formatJson(result([pageRule])));
    expect(Object.keys(json)).toEqual([
      'version',
      'ok',
      'dir',
      'root',
      'siteUrl',
      'site',
      'summary',
      'build',
      'baseline',
      'verbose',
      'groups',
      'findings',
    ]);
    expect(json.site).toEqual({ builtBy: 'pa-site', marker: '_headers', servedAs: 'clean', servedAsFrom: 'pa-site' });
    expect(json.summary).toEqual({
      pages: 3,
      links: 42,
      skipped: 0,
      errors: 1,
      warnings: 0,
      ms: 12,
      buildMs: null,
      offers: { aging: 0, withheld: 0 },
    });
    expect(json.findings[0]).toEqual({
      rule: 'single-h1',
      severity: 'error',
      category: 'page',
      message: 'has 2 <h1> elements',
      target: null,
      status: null,
      allPages: false,
      hint: null,
      source: null,
      placeCount: 1,
      places: [{ page: 'about.html', url: '/about', file: 'content/pages/about.md', line: 9, col: null, region: null }],
    });
  });
});

describe('GitHub annotations', () => {
  it('points at content files, once at the source for layout links, and escapes the message', () => {
    const out = formatGithub(result([layoutBroken, bodyBroken, { ...pageRule, message: 'a: b, c\nd' }]), '/repo');
    expect(out).toEqual([
      '::error file=content/site.yaml,line=40,title=pa-site check%3A broken-link::' +
        'no page at /old (looked for old.html, old/index.html) (on all 3 pages)' +
        '%0Afix: the link is on every page, so it comes from the layout',
      '::error file=content/pages/about.md,line=14,title=pa-site check%3A broken-fragment::' +
        'no id="nope" on /guide (guide.html)',
      '::error file=content/pages/index.md,line=20,title=pa-site check%3A broken-fragment::' +
        'no id="nope" on /guide (guide.html)',
      '::error file=content/pages/about.md,line=9,title=pa-site check%3A single-h1::a: b, c%0Ad',
      '3 pages checked, 42 links checked, 3 errors, 0 warnings in 12 ms',
    ]);
  });

  it('points at built files with --dir, and not at a temporary build folder', () => {
    const dirMode = formatGithub(
      result([{ ...pageRule, places: [place('about.html', null, 7)] }], { root: null }),
      '/tmp',
    );
    expect(dirMode[0]).toBe(
      '::error file=site/about.html,line=7,title=pa-site check%3A single-h1::has 2 <h1> elements',
    );
    const built = formatGithub(
      result([{ ...pageRule, places: [place('404.html', null, 7)] }], { build: { ok: true, diagnostics: [] } }),
      '/repo',
    );
    expect(built[0]).toBe('::error title=pa-site check%3A single-h1::has 2 <h1> elements (404.html)');
  });
});

describe("the build's warnings", () => {
  it('are shown when the build succeeded, and left out with --quiet', () => {
    const warning = {
      severity: 'warning' as const,
      code: 'raw-html',
      file: 'content/pages/about.md',
      line: 4,
      col: 1,
      field: 'body',
      message: 'raw HTML in Markdown is removed from the output',
    };
    const r = result([], { build: { ok: true, diagnostics: [warning] } });
    expect(formatText(r).slice(0, 2)).toEqual([
      'Build warnings',
      '  warning content/pages/about.md:4:1  body  raw HTML in Markdown is removed from the output',
    ]);
    expect(formatText(r, { quiet: true })).toEqual([]);
    // The same cause found by a check rule is shown once, by the rule, with its pages.
    const stale = { ...warning, code: 'broken-fragment' };
    const both = result([bodyBroken], { build: { ok: true, diagnostics: [stale] } });
    expect(formatText(both)).not.toContain('Build warnings');
  });
});

describe('stale offers', () => {
  const withheld = {
    severity: 'warning' as const,
    code: 'offer-withheld',
    file: 'content/operators/fanduel.yaml',
    line: 24,
    col: 3,
    field: 'bonus.verified',
    message: "FanDuel Sportsbook's offer is withheld: its terms were last checked January 2025, 694 days ago",
    hint: 'set bonus.verified to the date you checked',
  };
  const r = result([], {
    build: { ok: true, diagnostics: [withheld] },
    summary: { pages: 3, links: 42, errors: 0, warnings: 0, ms: 12, offers: { aging: 1, withheld: 1 } },
  });

  it('are each a warning at their verified line, counted in one line before the summary (text)', () => {
    const text = formatText(r);
    expect(text.slice(0, 2)).toEqual([
      'Build warnings',
      `  warning ${withheld.file}:24:3  bonus.verified  ${withheld.message}`,
    ]);
    expect(text.slice(-2)).toEqual([
      '! 1 offer withheld, 1 aging: refresh their terms (each is named above)',
      '✓ 3 pages checked, 42 links checked, 0 errors, 0 warnings in 12 ms',
    ]);
    expect(formatText(result([]))).not.toContainEqual(expect.stringMatching(/withheld|aging/));
  });

  it('are counted in the JSON summary and annotated at the operator file (GitHub)', () => {
    expect(JSON.parse(formatJson(r)).summary.offers).toEqual({ aging: 1, withheld: 1 });
    const gh = formatGithub(r, '/repo');
    expect(gh[0]).toMatch(
      /^::warning file=content\/operators\/fanduel.yaml,line=24,col=3,title=pa-site build%3A offer-withheld::/,
    );
    expect(gh.slice(-2, -1)).toEqual(['1 offer withheld, 1 aging: refresh their terms (each is named above)']);
  });
});

describe('content in findings', () => {
  // An operator name or link target from content must not act on the terminal of whoever runs check.
  const hostile: Finding = {
    ...layoutBroken,
    message: 'BetMGM \x1b[2J\x1b]0;pwned\x07 Casino offer is stale',
    target: '/old\u202e',
    hint: 'update \x9b1m the offer',
    severity: 'warning',
  };

  it('is escaped in text and GitHub output', () => {
    for (const out of [formatText(result([hostile])), formatGithub(result([hostile]), '/repo')]) {
      const all = out.join('\n');
      for (const c of ['\u001b', '\u0007', '\u009b', '\u202e']) expect(all).not.toContain(c);
      expect(all).toContain('BetMGM \\x1b[2J\\x1b]0;pwned\\x07 Casino');
    }
  });

  it('--quiet drops warnings and the summary from GitHub output too', () => {
    expect(formatGithub(result([hostile, bodyBroken]), '/repo', true)).toEqual([
      '::error file=content/pages/about.md,line=14,title=pa-site check%3A broken-fragment::' +
        'no id="nope" on /guide (guide.html)',
      '::error file=content/pages/index.md,line=20,title=pa-site check%3A broken-fragment::' +
        'no id="nope" on /guide (guide.html)',
    ]);
  });
});

describe("another generator's folder", () => {
  const foreign = (servedAsFrom: CheckResult['site']['servedAsFrom'], servedAs: CheckResult['site']['servedAs']) =>
    result([], { root: null, site: { builtBy: 'other', marker: null, servedAs, servedAsFrom } });

  it('says once, first, that the page rules were skipped and how URLs were resolved', () => {
    const text = formatText(foreign('default', 'clean'));
    expect(text.filter((l) => l.startsWith('note: '))).toHaveLength(1);
    expect(text[0]).toBe(
      'note: not a pa-site build (no .pa-site-output or pa-site _headers file), so links, assets, fragments and ' +
        'any sitemap.xml were checked and the page rules skipped; URLs resolved as clean URLs (/a finds a.html) ' +
        '(the default; see --served-as)',
    );
    expect(formatText(foreign('vercel.json', 'folders'))[0]).toContain(
      "folder URLs (a.html at /a/) (from the folder's vercel.json)",
    );
    expect(formatText(foreign('option', 'html'), { quiet: true })).toEqual([]);
    const notice = formatGithub(foreign('option', 'html'), '/tmp')[0]!;
    expect(notice).toMatch(/^::notice title=pa-site check::not a pa-site build /);
    expect(notice).toContain('exact file names (/a.html finds a.html, /a does not) (from --served-as)');
    expect(formatText(result([])).some((l) => l.startsWith('note: '))).toBe(false);
  });
});

describe('a long report', () => {
  /** 1,000 broken targets; the last one counts how often its message is read. */
  function counted() {
    const findings: Finding[] = Array.from({ length: 1000 }, (_, i) => ({
      rule: 'broken-link',
      severity: 'error' as const,
      category: 'link' as const,
      message: `no page at /gone${i}`,
      target: `/gone${i}`,
      places: [place(`p${i}.html`)],
    }));
    const last = { reads: 0 };
    Object.defineProperty(findings[999], 'message', {
      get: () => {
        last.reads++;
        return 'no page at /gone999';
      },
    });
    return { r: result(findings), last };
  }
  // Made all at once, the lines of 84,000 findings held 40 MB until the first was written.
  it.each([
    ['text', (r: CheckResult) => textLines(r, { verbose: true }), '/gone0'],
    ['GitHub', (r: CheckResult) => githubLines(r, '/repo'), 'no page at /gone0'],
  ])('hands its %s lines on as each finding is written, not all at the end', (_, lines, first) => {
    const { r, last } = counted();
    const it = lines(r);
    let line = it.next();
    while (!line.done && !line.value.includes(first)) line = it.next();
    expect(line.done).toBe(false);
    const before = last.reads;
    const rest = [...it];
    expect(rest.some((l) => l.includes('no page at /gone999'))).toBe(true);
    expect(last.reads).toBeGreaterThan(before);
  });
  it('is the same, handed on in pieces or made at once', () => {
    const { r } = counted();
    expect([...textLines(r)]).toEqual(formatText(r));
    expect([...githubLines(r, '/repo')]).toEqual(formatGithub(r, '/repo'));
  });
});

describe('a report of many findings', () => {
  /** `n` same-page fragment links and `m` missing files, each on three pages. */
  function many(n: number, m: number): CheckResult {
    const findings: Finding[] = [];
    for (let i = 0; i < n; i++) {
      const f: Finding = {
        rule: 'broken-fragment',
        severity: 'error',
        category: 'link',
        message: `no id="x${i}" on /lib/p${i} (lib/p${i}.html)`,
        target: `/lib/p${i}#x${i}`,
        hint: 'point the link at an id the target page has, or give the target element that id',
        places: [place(`lib/p${i}.html`)],
      };
      sameDocumentFindings.add(f);
      findings.push(f);
    }
    for (let i = 0; i < m; i++)
      findings.push({
        rule: 'broken-link',
        severity: 'error',
        category: 'link',
        message: `no page at /core/c${i}.html`,
        target: `/core/c${i}.html`,
        hint: 'correct the link, or add the page it points to',
        places: [place('a.html'), place('b.html'), place('c.html')],
      });
    return result(findings);
  }

  it('gives one line a finding after a summary that says what the largest groups share and how to skip them', () => {
    const text = formatText(many(300, 120));
    // The summary, a heading, one line a finding, each fix once, the notes and the summary line.
    expect(text.length).toBeLessThan(420 + 30);
    const joined = text.join('\n');
    expect(joined).toContain('300  missing fragments of the form `#xN` in /lib/, on the linking page itself');
    expect(joined).toContain('links from a page to an id of the form `#xN` on itself that no element of it has');
    expect(joined).toContain("set aside with --skip '^#x\\d+$'");
    expect(joined).toContain('120  broken-link to *.html in /core/');
    expect(joined).toContain("set aside with --skip '^/core/.*\\.html$'");
    expect(joined).toMatch(/broken-link {2}\/core\/c7\.html {2}a\.html:1, b\.html:1 \(\+ 1 more\)/);
    expect(joined).toContain('--verbose');
    expect(joined.match(/fix: /g)).toHaveLength(2);
  });

  it('lists every page of every finding with --verbose', () => {
    const text = formatText(many(0, 120), { verbose: true }).join('\n');
    expect(text.match(/^ {11}c\.html:1$/gm)).toHaveLength(120);
    expect(text).toContain('no page at /core/c119.html');
  });

  it('offers a --skip that leaves out every finding of its group, and none that would leave out every link', () => {
    const groups = findingGroups([
      ...many(3, 0).findings,
      { ...many(0, 1).findings[0]!, target: '/gone' },
      { ...many(0, 1).findings[0]!, target: '/core/d.html' },
    ]);
    const fragments = groups.find((g) => g.rule === 'broken-fragment')!;
    expect(fragments).toMatchObject({ findings: 3, places: 3, skip: '^#x\\d+$' });
    expect(groups.map((g) => [g.pattern, g.skip])).toEqual([
      ['missing fragments of the form `#xN` in /lib/, on the linking page itself', '^#x\\d+$'],
      ['broken-link in /', null],
      ['broken-link to *.html in /core/', '^/core/.*\\.html$'],
    ]);
  });
});
