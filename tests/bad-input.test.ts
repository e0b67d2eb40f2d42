import { spawnSync } from 'node:child_process';
import { chmod, mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { build } from '../src/index.js';
import { fixtureProject, GOOD_FM, OPERATOR } from './fixture.js';
import { repoRoot } from './helpers.js';

// A day the fixture's offer (checked 2025-01-10) is current, so the builds below have no staleness warning.
const FRESH = '2025-01-20';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(cleanups.splice(0).map((c) => c()));
});

const pageWith = (extra = '', body = 'Body text.', title = 'Second page title') =>
  `---\n${GOOD_FM.replace('Second page title', title)}\n${extra}\n---\n${body}\n`;

async function project(files: Record<string, string> = {}) {
  const p = await fixtureProject(files);
  cleanups.push(p.cleanup);
  return p;
}

async function diagnosticsFor(files: Record<string, string>, setup?: (root: string) => Promise<void>) {
  const p = await project(files);
  await setup?.(p.root);
  const result = await build({ root: p.root, outDir: 'dist', cache: false, today: FRESH });
  return { result, errors: result.diagnostics.filter((d) => d.severity === 'error'), all: result.diagnostics };
}

const bin = path.join(repoRoot, 'bin', 'pa-site.js');

describe('output files with two sources are errors naming both (#16 item 4)', () => {
  it('route /404 would overwrite the not-found page', async () => {
    const { errors } = await diagnosticsFor({ 'content/pages/missing.md': pageWith('route: /404') });
    expect(errors).toEqual([
      expect.objectContaining({
        file: 'content/pages/missing.md',
        code: 'output-clash',
        message: expect.stringMatching(/route "\/404" would write 404\.html, which is already the not-found page/),
      }),
    ]);
  });

  it('a public file with the path of a page, and route /index beside the home page', async () => {
    const { errors } = await diagnosticsFor({
      'content/pages/second.md': pageWith(),
      'content/public/second.html': '<p>static</p>',
      'content/public/sitemap.xml': '<urlset/>',
      'content/pages/third.md': pageWith('route: /index', 'Body', 'Third title'),
    });
    const messages = errors.map((d) => `${d.file}: ${d.message}`);
    expect(messages).toEqual(
      expect.arrayContaining([
        'content/pages/third.md: route "/index" would write index.html, ' +
          'which is already the page content/pages/index.md',
        'content/public/second.html: this file would be copied to second.html, ' +
          'which is already the page content/pages/second.md',
        'content/public/sitemap.xml: this file would be copied to sitemap.xml, ' +
          'which is already the sitemap pa-site generates',
      ]),
    );
    expect(errors).toHaveLength(3);
  });
});

describe('a page file name that is not a route (#16 item 8)', () => {
  for (const [name, suggestion] of [
    ['pa_gambling_laws.md', 'pa-gambling-laws.md'],
    ['My Page.md', 'my-page.md'],
    ['guides/Odds & Ends.md', 'guides/odds-ends.md'],
  ] as const) {
    it(`${name} is a diagnostic suggesting ${suggestion}`, async () => {
      const { errors } = await diagnosticsFor({ [`content/pages/${name}`]: pageWith() });
      expect(errors).toEqual([
        expect.objectContaining({
          file: `content/pages/${name}`,
          code: 'invalid-file-name',
          hint: expect.stringContaining(`rename the file to content/pages/${suggestion}`),
        }),
      ]);
    });
  }

  it('a valid "route:" in the frontmatter makes any file name fine', async () => {
    const { result } = await diagnosticsFor({ 'content/pages/Odd_Name.md': pageWith('route: /odd-name') });
    expect(result.ok).toBe(true);
  });
});

describe('hostile and broken files give one diagnostic each, never a stack (#16 item 10)', () => {
  const bomb = [
    'lol: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]',
    ...'bcdefghi'.split('').map((n, i) => `${n}: &${n} [${Array(9).fill(`*${'abcdefghi'[i]}`).join(',')}]`),
  ].join('\n');

  it('a YAML alias bomb in an operator file', async () => {
    const { errors } = await diagnosticsFor({ 'content/operators/example.yaml': `${OPERATOR}${bomb}\n` });
    expect(errors).toEqual([
      // The bomb's first line, just after the fixture operator's text.
      expect.objectContaining({
        file: 'content/operators/example.yaml',
        code: 'yaml-aliases',
        line: OPERATOR.split('\n').length + 1,
        col: 8,
      }),
    ]);
  });

  it('a YAML alias bomb in frontmatter', async () => {
    const { errors } = await diagnosticsFor({ 'content/pages/second.md': pageWith(bomb) });
    expect(errors).toEqual([expect.objectContaining({ file: 'content/pages/second.md', code: 'yaml-aliases' })]);
  });

  it('a symbolic link loop and a dangling link', async () => {
    const { errors } = await diagnosticsFor({}, async (root) => {
      await symlink('loop.md', path.join(root, 'content/pages/loop.md'));
      await symlink('nowhere.md', path.join(root, 'content/pages/dangling.md'));
    });
    expect(errors.map((d) => [d.file, d.code, d.message])).toEqual([
      ['content/pages/dangling.md', 'read-error', 'the symbolic link points at a file that does not exist'],
      ['content/pages/loop.md', 'read-error', 'the symbolic link points back to itself (a symbolic link loop)'],
    ]);
  });

  it('a symbolic link to a real page is followed', async () => {
    const { result } = await diagnosticsFor({ 'elsewhere/second.md': pageWith() }, async (root) => {
      await symlink(path.join(root, 'elsewhere/second.md'), path.join(root, 'content/pages/second.md'));
    });
    expect(result.ok).toBe(true);
    expect(result.routes).toContain('/second');
  });

  it('a symbolic link to a folder is not followed, and says so', async () => {
    const { result, all } = await diagnosticsFor({ 'elsewhere/guides/second.md': pageWith() }, async (root) => {
      await symlink(path.join(root, 'elsewhere/guides'), path.join(root, 'content/pages/guides'));
      await symlink('..', path.join(root, 'content/pages/up'));
    });
    expect(result.ok).toBe(true);
    expect(result.routes).not.toContain('/guides/second');
    expect(all.map((d) => [d.file, d.severity, d.code])).toEqual([
      ['content/pages/guides', 'warning', 'linked-folder'],
      ['content/pages/up', 'warning', 'linked-folder'],
    ]);
  });

  it('a UTF-8 byte-order mark is dropped with a warning, and the page builds', async () => {
    const { result, all } = await diagnosticsFor({ 'content/pages/second.md': `\uFEFF${pageWith()}` });
    expect(result.ok).toBe(true);
    expect(all).toEqual([expect.objectContaining({ file: 'content/pages/second.md', code: 'utf8-bom' })]);
  });

  it('invalid UTF-8 is an error at its line and column', async () => {
    const { errors } = await diagnosticsFor({}, async (root) => {
      const text = pageWith('', 'Line one.\nCaf').trimEnd();
      const bytes = Buffer.concat([Buffer.from(text), Buffer.from([0xe9]), Buffer.from('\n')]);
      await writeFile(path.join(root, 'content/pages/second.md'), bytes);
    });
    expect(errors).toEqual([
      expect.objectContaining({ file: 'content/pages/second.md', code: 'invalid-utf8', line: 12, col: 4 }),
    ]);
  });

  it('an unreadable file (EACCES) is reported, not thrown', async () => {
    const p = await project({ 'content/pages/second.md': pageWith() });
    const r = await buildWithout(p.root, 'content/pages/second.md');
    expect(r.stderr).toContain(
      'content/pages/second.md:1:1  -  cannot read the file: permission denied\n' +
        '    fix: give your user read access (chmod u+r content/pages/second.md)',
    );
    expect(r.stderr).not.toMatch(/\n\s+at /);
    expect(r.status).toBe(1);
  });
});

/**
 * Builds `root` with the CLI while `locked` (a file or folder in it) has no permissions, as a user
 * they apply to: root reads anything, so then the CLI runs as "nobody". Permissions are restored
 * afterwards, so the clean-up can remove the project.
 */
async function buildWithout(root: string, locked: string) {
  const out = await mkdtemp(path.join(tmpdir(), 'pa-site-eacces-'));
  cleanups.push(() => rm(out, { recursive: true, force: true }));
  await chmod(path.join(root, locked), 0o000);
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    spawnSync(process.execPath, [bin, '--help']); // compiles lib/ first, as root
    await chmod(root, 0o777);
    await chmod(out, 0o777);
  }
  const r = spawnSync(process.execPath, [bin, 'build', '--root', root, '--out', path.join(out, 'out')], {
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1', PA_SITE_CACHE_DIR: path.join(out, 'cache') },
    ...(asRoot ? { uid: 65534, gid: 65534 } : {}),
  });
  await chmod(path.join(root, locked), 0o755);
  return r;
}

describe('folders that cannot be read', () => {
  it('an unreadable folder under content/pages is one error, and the other pages still load', async () => {
    const p = await project({ 'content/pages/locked/second.md': pageWith() });
    const r = await buildWithout(p.root, 'content/pages/locked');
    expect(r.stderr).toContain(
      'content/pages/locked:1:1  -  cannot list the folder: permission denied, so the files in it are not built\n' +
        '    fix: give your user read and execute access (chmod u+rx content/pages/locked)',
    );
    expect(r.stderr).not.toContain('no Markdown pages found');
    expect(r.stderr).toContain('1 error in 1 file');
  });

  it('a --root that is a file is one error', async () => {
    const file = path.join(tmpdir(), `pa-site-root-file-${process.pid}`);
    await writeFile(file, 'x');
    cleanups.push(() => rm(file, { force: true }));
    const r = spawnSync(process.execPath, [bin, 'build', '--root', file], {
      encoding: 'utf8',
      env: { ...process.env, NO_COLOR: '1' },
    });
    // A usage error (#35): one line naming --root, and its fix.
    expect(r.status).toBe(2);
    expect(r.stderr).toBe(
      'error: --root: the project folder is a file, not a folder\n' +
        '    fix: run pa-site in the project folder, or pass --root DIR pointing at a folder that contains ' +
        'content/site.yaml\n',
    );
  });
});

describe('one broken operator file is reported once (#16 item 11)', () => {
  it('its errors, plus one note of how many files use it; no error on each page', async () => {
    const files: Record<string, string> = {
      'content/operators/example.yaml': OPERATOR.replace('rating: 4.5', 'rating: [4.5'),
    };
    for (let i = 1; i <= 5; i++)
      files[`content/pages/page-${i}.md`] = pageWith(
        'blocks:\n  x:\n    type: alert\n    title: Offer\n    text: "{{example.bonus.headline}}"',
        `Read [the review](operator:example). {{example.name}}\n\n::: x`,
        `Page ${i} title`,
      );
    const { errors, all } = await diagnosticsFor(files);
    expect(new Set(errors.map((d) => d.file))).toEqual(new Set(['content/operators/example.yaml']));
    expect(errors).toHaveLength(1);
    const note = all.find((d) => d.code === 'broken-operator-users');
    expect(note?.message).toMatch(/^5 files use operator "example" \(content\/pages\/page-1\.md, .* and 2 more\)/);
  });
});

describe('terminal escape bytes from content are shown escaped (#16 item 6)', () => {
  it('an ESC sequence in a YAML key reaches the terminal as \\x1b', async () => {
    const p = await project({ 'content/pages/second.md': pageWith('"\\e[2J\\e]0;pwned\\a": 1') });
    const r = spawnSync(process.execPath, [bin, 'build', '--root', p.root], {
      encoding: 'utf8',
      env: { ...process.env, NO_COLOR: '1' },
    });
    expect(r.status).toBe(1);
    expect([...r.stderr].filter((c) => c !== '\n' && (c < ' ' || c === '\x7f'))).toEqual([]);
    expect(r.stderr).toContain('unknown key "\\x1b[2J\\x1b]0;pwned\\x07"');
  });
});

describe('unexpected errors', () => {
  it('a page that is a folder named like a page is skipped, not a crash', async () => {
    const { result } = await diagnosticsFor({}, async (root) => {
      await mkdir(path.join(root, 'content/pages/folder.md'));
    });
    expect(result.ok).toBe(true);
  });
});

describe('link targets are checked after decoding and after {{…}} values (#16 item 5)', () => {
  it('a percent-encoded javascript: link in Markdown stays plain text', async () => {
    const p = await project({ 'content/pages/second.md': pageWith('', 'A [trap](%6Aavascript:alert(1)) here.') });
    const result = await build({ root: p.root, outDir: 'dist', cache: false });
    expect(result.ok).toBe(true);
    const html = await readFile(path.join(result.outDir, 'second.html'), 'utf8');
    expect(html).toContain('[trap](%6Aavascript:alert(1))');
    expect(html).not.toMatch(/href="[^"]*avascript/);
  });

  it('a {{…}} value that makes a link unsafe is an error', async () => {
    const p = await project({ 'content/pages/second.md': pageWith('', 'A [link]({{site.tagline}}) here.') });
    const site = await readFile(path.join(p.root, 'content/site.yaml'), 'utf8');
    await p.write('content/site.yaml', site.replace(/^tagline: .*$/m, 'tagline: "javascript:alert(document.cookie)"'));
    const result = await build({ root: p.root, outDir: 'dist', cache: false });
    const errors = result.diagnostics.filter((d) => d.severity === 'error');
    expect(errors).toEqual([
      expect.objectContaining({
        file: 'content/pages/second.md',
        line: 11,
        code: 'unsafe-link',
        message: expect.stringContaining('can run code'),
      }),
    ]);
  });

  it('frontmatter and YAML link fields reject encoded schemes and other-host paths', async () => {
    const { errors } = await diagnosticsFor({
      'content/pages/second.md': pageWith(
        [
          'blocks:',
          '  go:',
          '    type: cta',
          '    heading: Go',
          '    text: Somewhere.',
          '    actions:',
          '      - { label: Go, href: "/\\\\evil.example" }',
        ].join('\n'),
        '::: go',
      ),
      'content/operators/example.yaml': OPERATOR.replace(
        'officialUrl: https://example.com/',
        'officialUrl: "https:%2F%2Fexample.com"',
      ),
    });
    expect(errors.map((d) => [d.file, d.field, d.message])).toEqual(
      expect.arrayContaining([
        ['content/pages/second.md', 'blocks.go.actions[0].href', expect.stringMatching(/points at another site/)],
        ['content/operators/example.yaml', 'officialUrl', expect.stringMatching(/needs "\/\/" and a host/)],
      ]),
    );
  });
});
