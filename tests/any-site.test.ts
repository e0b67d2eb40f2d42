/**
 * pa-site for any site: no template names a jurisdiction of its own; the New Jersey fixture builds
 * with the default templates and says "New Jersey", never "Pennsylvania"; the blank starter builds
 * and checks clean with no word of gambling; site.yaml `check.rules` and page opt-outs give the same
 * result to `check` and to `check --dir` (what the workflow init writes runs), whose findings point
 * at content files.
 */
import { cp, mkdir, readdir, readFile, symlink, writeFile } from 'node:fs/promises';
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { build, check, closeCheck, init } from '../src/index.js';
import { repoRoot, scratchFolder } from './helpers.js';
import { ownTemplateExample } from './own-template.js';
import { scaled } from './machine.js';

const TIMEOUT = scaled(120_000);

/** The words a template must not hold: the Pennsylvania guide's names belong in site.yaml. */
const JURISDICTION = /\b(Pennsylvania|PA|PGCB)\b/;

/** Code lines of a template source, without comments (a comment may say where a rule comes from). */
const codeLines = (text: string) =>
  text
    .replace(/\/\*[\s\S]*?\*\//g, (c) => c.replace(/[^\n]/g, ' '))
    .split('\n')
    .map((l) => l.replace(/(^|[^:'"`])\/\/.*$/, '$1'));

/** Every file under `dir`, relative to it. */
const filesUnder = async (dir: string): Promise<string[]> =>
  (await readdir(dir, { recursive: true, withFileTypes: true }))
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)));

const tmp = scratchFolder('pa-site-any-site-');

describe('templates', () => {
  it('name no jurisdiction: Pennsylvania, PA and PGCB come from site.yaml (the tax tool too)', () => {
    const found: string[] = [];
    for (const rel of readdirSync(path.join(repoRoot, 'templates'), { recursive: true }).map(String)) {
      const file = `templates/${rel.replace(/\\/g, '/')}`;
      if (!/\.tsx?$/.test(file) || file.includes('.test.')) continue;
      codeLines(readFileSync(path.join(repoRoot, file), 'utf8')).forEach((line, i) => {
        if (JURISDICTION.test(line)) found.push(`${file}:${i + 1}: ${line.trim()}`);
      });
    }
    expect(found).toEqual([]);
  });
});

describe('the generator', () => {
  it('names neither Pennsylvania nor 1-800-GAMBLER in any file of src/ or templates/ (tests aside)', () => {
    const found: string[] = [];
    for (const top of ['src', 'templates'])
      for (const rel of readdirSync(path.join(repoRoot, top), { recursive: true }).map(String)) {
        const file = `${top}/${rel.replace(/\\/g, '/')}`;
        if (/\.test\.tsx?$/.test(file) || !statSync(path.join(repoRoot, file)).isFile()) continue;
        if (/pennsylvania|1-800-GAMBLER/i.test(readFileSync(path.join(repoRoot, file), 'utf8'))) found.push(file);
      }
    expect(found).toEqual([]);
  });
});

describe('the New Jersey fixture', () => {
  it(
    'builds with the default templates and checks clean, New Jersey everywhere and Pennsylvania nowhere',
    async () => {
      const root = path.join(tmp(), 'new-jersey');
      await cp(path.join(repoRoot, 'tests', 'fixtures', 'new-jersey'), root, { recursive: true });
      const built = await build({ root });
      expect(built.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
      const dist = built.outDir;
      for (const file of (await filesUnder(dist)).filter((f) => /\.(html|xml)$/.test(f))) {
        const text = await readFile(path.join(dist, file), 'utf8');
        expect(text, file).not.toMatch(/Pennsylvania|PGCB/);
        if (file.endsWith('.html') && file !== '404.html') {
          expect(text, file).toContain('physically in New Jersey');
          expect(text, file).toContain('1-800-GAMBLER');
        }
      }
      // The play-safe panel of a guide without rankings: the pack's age, state and regulator.
      const guide = await readFile(path.join(dist, 'sportsbooks.html'), 'utf8');
      expect(guide).toContain('21 or older, physically inside New Jersey');
      expect(guide).toContain('Only operators licensed by the New Jersey Division of Gaming Enforcement');
      expect(await readFile(path.join(dist, 'index.html'), 'utf8')).toMatch(/class="brand-mark"[^>]*>NJ</);
      const r = await check({ root, dir: dist });
      expect(r.findings.map((f) => `${f.rule}: ${f.message}`)).toEqual([]);
      closeCheck(r);
      // The Pennsylvania reminder would not do in New Jersey: the rule names the site's own state.
      const page = path.join(dist, 'sportsbooks.html');
      const html = await readFile(page, 'utf8');
      await writeFile(page, html.replaceAll('New Jersey', 'Pennsylvania'));
      const wrong = await check({ root, dir: dist });
      expect(wrong.findings.map((f) => `${f.rule}: ${f.message}`)).toContain(
        'compliance-age: does not show the 21+ and New Jersey reminder',
      );
      closeCheck(wrong);
    },
    TIMEOUT,
  );
});

/** Text a plain site must not show: the gambling pack's words. */
const GAMBLING = /gambl|1-800|\b21\+|sportsbook|casino|\bbet(s|ting)?\b|compensation|Pennsylvania/i;

describe('init --starter blank', () => {
  it(
    'makes a plain site that builds and checks clean, with and without --dir, and shows no word of gambling',
    async () => {
      const root = path.join(tmp(), 'blank');
      const made = init({ dir: root, month: '2026-11', starter: 'blank' });
      expect(made.ok).toBe(true);
      const written = (await filesUnder(path.join(root, 'content'))).sort();
      expect(written).toEqual([
        'pages/about.md',
        'pages/blog.md',
        'pages/blog/hello-world.md',
        'pages/index.md',
        'site.yaml',
      ]);
      for (const file of written)
        expect(await readFile(path.join(root, 'content', file), 'utf8'), file).not.toMatch(GAMBLING);
      const built = await build({ root });
      expect(built.diagnostics).toEqual([]);
      const dist = built.outDir;
      for (const file of await filesUnder(dist)) {
        if (!/\.(html|xml|txt)$/.test(file)) continue;
        expect(await readFile(path.join(dist, file), 'utf8'), file).not.toMatch(GAMBLING);
      }
      // Blog basics: the post, its tag page in the sitemap, the feed scoped to the blog, titles with the site's name.
      const sitemap = await readFile(path.join(dist, 'sitemap.xml'), 'utf8');
      expect(sitemap).toContain('<loc>https://www.example.com/tags/news</loc>');
      const feed = await readFile(path.join(dist, 'feed.xml'), 'utf8');
      expect(feed.match(/<entry>/g)).toHaveLength(1);
      expect(feed).toContain('<id>https://www.example.com/blog/hello-world</id>');
      const blog = await readFile(path.join(dist, 'blog.html'), 'utf8');
      expect(blog).toContain('<title>Blog | My Site</title>');
      expect(blog).toContain('Read the post');
      for (const options of [{ root }, { root, dir: dist }]) {
        const r = await check(options);
        expect(r.findings.map((f) => `${f.rule}: ${f.message}`)).toEqual([]);
        expect(r.ok).toBe(true);
        closeCheck(r);
      }
    },
    TIMEOUT,
  );

  it('lists posts newest first by date, and a tag page lists only its posts', async () => {
    const root = path.join(tmp(), 'blog-order');
    expect(init({ dir: root, month: '2026-11', starter: 'blank' }).ok).toBe(true);
    const post = (slug: string, date: string, tags: string) => `---
template: guide
title: Post ${slug}
description: A post of the ordering test, with a description long enough for the rule.
date: ${date}
updated: 2026-11
tags: ${tags}
hero:
  heading: Post ${slug}
  lede: A post.
---
Text.
`;
    await writeFile(path.join(root, 'content/pages/blog/older.md'), post('older', '2025-03-02', '[news, notes]'));
    await writeFile(path.join(root, 'content/pages/blog/newer.md'), post('newer', '2026-10-20', '[notes]'));
    const built = await build({ root });
    expect(built.diagnostics).toEqual([]);
    const titles = (html: string) =>
      [...html.matchAll(/class="post-title"><a href="[^"]*">([^<]*)</g)].map((m) => m[1]);
    const blog = await readFile(path.join(built.outDir, 'blog.html'), 'utf8');
    expect(titles(blog)).toEqual(['Hello, world', 'Post newer', 'Post older']);
    const notes = await readFile(path.join(built.outDir, 'tags/notes.html'), 'utf8');
    expect(titles(notes)).toEqual(['Post newer', 'Post older']);
  });
});

describe('check rules that follow the site', () => {
  it(
    'gives check and check --dir the same findings: site.yaml check.rules and page opt-outs, at content files',
    async () => {
      const root = path.join(tmp(), 'rules');
      expect(init({ dir: root, month: '2026-11', starter: 'blank' }).ok).toBe(true);
      const page = (name: string, extra = '') => `---
template: guide
title: ${name}
description: The ${name} page, which no other page links to, for the orphan-page rule and its opt-outs.
updated: 2026-11
${extra}hero:
  heading: ${name}
  lede: Nobody links here.
---
Text.
`;
      await writeFile(path.join(root, 'content/pages/lonely.md'), page('Lonely'));
      await writeFile(path.join(root, 'content/pages/hidden.md'), page('Hidden', 'checkIgnore: [orphan-page]\n'));
      const built = await build({ root });
      expect(built.diagnostics).toEqual([]);
      const brief = (r: Awaited<ReturnType<typeof check>>) =>
        r.findings.flatMap((f) => f.places.map((p) => `${f.severity} ${f.rule} ${p.file ?? p.page}`));
      const both = async () => {
        const a = await check({ root });
        const b = await check({ root, dir: built.outDir });
        const out = [brief(a), brief(b)];
        closeCheck(a);
        closeCheck(b);
        return out;
      };
      const [plain, fromDir] = await both();
      expect(plain).toEqual(['error orphan-page content/pages/lonely.md']);
      expect(fromDir).toEqual(plain);
      // site.yaml turns the rule into a warning, for both.
      const site = path.join(root, 'content/site.yaml');
      await writeFile(site, `${await readFile(site, 'utf8')}check:\n  rules:\n    orphan-page: warning\n`);
      const [warned, warnedDir] = await both();
      expect(warned).toEqual(['warning orphan-page content/pages/lonely.md']);
      expect(warnedDir).toEqual(warned);
    },
    TIMEOUT,
  );
});

describe('open content models', () => {
  it(
    'builds a page of a template the site registers, and checks its own fields as its schema says',
    async () => {
      const root = path.join(tmp(), 'own-template');
      expect(init({ dir: root, month: '2026-11', starter: 'blank' }).ok).toBe(true);
      const files = ownTemplateExample();
      expect(Object.keys(files).sort()).toEqual(['templates/index.ts', 'templates/pages/Talk.tsx']);
      for (const [rel, text] of Object.entries(files)) {
        await mkdir(path.dirname(path.join(root, rel)), { recursive: true });
        await writeFile(path.join(root, rel), text);
      }
      await symlink(path.join(repoRoot, 'node_modules'), path.join(root, 'node_modules'), 'dir');
      const talk = (fields: string, template = 'talk') => `---
template: ${template}
title: A first talk
description: The first talk of the site, with its speaker and slides, for the own-template test.
updated: 2026-11
${fields}
hero:
  heading: A first talk
  lede: Its speaker and slides.
---
What the talk said.
`;
      const page = path.join(root, 'content/pages/talk.md');
      await writeFile(page, talk('speaker: Ada Lovelace\nslides: https://slides.example.com/first'));
      const good = await build({ root });
      expect(good.diagnostics).toEqual([]);
      const html = await readFile(path.join(good.outDir, 'talk.html'), 'utf8');
      expect(html).toContain('<p class="talk-speaker">By Ada Lovelace');
      // A mistyped key, a wrong value and an unknown template: each at its line, with a fix.
      await writeFile(page, talk('speker: Ada Lovelace\nslides: 42'));
      const bad = await build({ root });
      expect(bad.diagnostics.map((d) => `${d.file}:${d.line}:${d.col} ${d.field} ${d.hint ?? d.message}`)).toEqual(
        expect.arrayContaining([
          'content/pages/talk.md:6:1 speker did you mean "speaker"?',
          expect.stringMatching(/^content\/pages\/talk\.md:7:1 slides /),
        ]),
      );
      expect(bad.ok).toBe(false);
      await writeFile(page, talk('speaker: Ada Lovelace', 'tlak'));
      const unknown = await build({ root });
      expect(unknown.diagnostics.map((d) => `${d.file}:${d.line} ${d.code} ${d.hint}`)).toEqual([
        'content/pages/talk.md:2 unknown-template did you mean "talk"?',
      ]);
    },
    TIMEOUT,
  );
});

describe('dev under a base path', () => {
  it("swaps the site's stylesheet when it is served under the base, as at the root", async () => {
    const { DEV_CLIENT } = await import('../src/dev/client.js');
    for (const base of ['/', '/docs/']) {
      const link = {
        href: `${base}assets/styles-OLD.css`,
        getAttribute: () => link.href,
        setAttribute: (_: string, v: string) => {
          link.href = v;
        },
      };
      const listeners = new Map<string, (ev: { data: string }) => void>();
      class FakeEventSource {
        addEventListener(name: string, fn: (ev: { data: string }) => void) {
          listeners.set(name, fn);
        }
      }
      const document = { querySelectorAll: () => [link], querySelector: () => null };
      const location = { pathname: base, href: `http://127.0.0.1:8080${base}` };
      new Function('document', 'location', 'EventSource', DEV_CLIENT)(document, location, FakeEventSource);
      listeners.get('css')!({ data: JSON.stringify({ href: `${base}assets/styles-NEW.css` }) });
      expect(link.href, base).toBe(`${base}assets/styles-NEW.css`);
    }
  });
});

describe("npm test's pretest", () => {
  it('stops in one line naming the command that installs the system packages the tests need', async () => {
    const bin = path.join(tmp(), 'bare-bin');
    await mkdir(bin, { recursive: true });
    await symlink(process.execPath, path.join(bin, 'node'));
    const r = spawnSync(path.join(bin, 'node'), [path.join(repoRoot, 'scripts', 'pretest.mjs')], {
      env: { PATH: bin, PA_SITE_PRETEST_NO_INSTALL: '1' },
      encoding: 'utf8',
    });
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(
      /^error: the tests need [^\n]*xmllint, hugo: run sudo apt-get install [^\n]*libxml2-utils hugo\n$/,
    );
  });
});

describe('type-checked templates', () => {
  it(
    "check runs the project's tsc on its templates and reports a mistyped field at file:line:col",
    async () => {
      const root = path.join(tmp(), 'typed');
      expect(init({ dir: root, month: '2026-11', starter: 'blank' }).ok).toBe(true);
      await symlink(path.join(repoRoot, 'node_modules'), path.join(root, 'node_modules'), 'dir');
      // The tsconfig init wrote, with `pa-site` resolved to this clone (a project has it in node_modules).
      const tsconfig = JSON.parse(await readFile(path.join(root, 'tsconfig.json'), 'utf8'));
      tsconfig.compilerOptions.paths = {
        'pa-site': [path.join(repoRoot, 'src/index.ts')],
        'pa-site/*': [path.join(repoRoot, '*')],
      };
      await writeFile(path.join(root, 'tsconfig.json'), JSON.stringify(tsconfig));
      const footer = `import type { SiteConfig } from 'pa-site';

export function Footer({ site }: { site: SiteConfig; year: number; route: string }) {
  return <footer>{site.footer.disclaimr}</footer>;
}
`;
      await mkdir(path.join(root, 'templates/components'), { recursive: true });
      await writeFile(path.join(root, 'templates/components/Footer.tsx'), footer);
      const r = await check({ root });
      const typed = r.findings.filter((f) => f.rule === 'typecheck');
      closeCheck(r);
      expect(typed.map((f) => `${f.places[0]?.file}:${f.places[0]?.line}:${f.places[0]?.col}`)).toEqual([
        'templates/components/Footer.tsx:4:31',
      ]);
      expect(typed[0]?.message).toMatch(/disclaimr/);
      expect(r.ok).toBe(false);
    },
    // tsc over pa-site's sources takes a while on a busy machine.
    scaled(400_000),
  );
});
