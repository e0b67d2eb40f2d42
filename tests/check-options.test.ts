/**
 * What cannot be fixed, and where the folder is served: `--skip` and site.yaml `check.skip`,
 * `--write-baseline` / `--baseline`, and `--base` for a subfolder served under a path.
 */
import { spawnSync } from 'node:child_process';
import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { parseDocument } from 'yaml';
import { CheckInputError, check } from '../src/index.js';
import { copyOfContent, repoRoot, tempDir } from './helpers.js';

const bin = path.join(repoRoot, 'bin', 'pa-site.js');
const run = (args: string[]) => {
  const r = spawnSync(process.execPath, [bin, ...args], { encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
  return { code: r.status, out: r.stdout, err: r.stderr };
};
const page = (body: string) => `<!DOCTYPE html><html><head><title>t</title></head><body>${body}</body></html>`;
const brief = (r: Awaited<ReturnType<typeof check>>) => r.findings.map((f) => `${f.rule} ${f.target ?? ''}`).sort();

let cleanup: (() => Promise<void>) | undefined;
afterEach(async () => {
  await cleanup?.();
  cleanup = undefined;
});

describe('--skip', () => {
  it('leaves out links whose URL (as written or resolved) matches any pattern, and counts them', async () => {
    const dir = await tempDir({
      'index.html': page('<a href="team/x.html">a</a> <a href="/legacy/y.html#z">b</a> <a href="gone.html">c</a>'),
    });
    const r = await check({ dir, skip: ['^team/', 'legacy/.*#z$'] });
    expect(brief(r)).toEqual(['broken-link /gone.html']);
    expect(r.summary.skipped).toBe(2);
    const cli = run(['check', '--dir', dir, '--skip', 'gone', '--skip', '/team/', '--skip', 'legacy']);
    expect(cli.code).toBe(0);
    expect(cli.out).toContain('3 links skipped');
  });

  it('refuses a pattern that is not a regular expression in one line, exit 2', async () => {
    const dir = await tempDir({ 'index.html': page('') });
    const cli = run(['check', '--dir', dir, '--skip', 'a(']);
    expect(cli.code).toBe(2);
    expect(cli.err.trim().split('\n')[0]).toMatch(/^error: --skip "a\(" is not a valid regular expression/);
    expect(cli.out).toBe('');
  });

  it("site.yaml check.skip leaves out the site's links; a bad pattern fails the build at its line", async () => {
    const copy = await copyOfContent();
    cleanup = copy.cleanup;
    const doc = parseDocument(await copy.read('content/site.yaml'));
    doc.addIn(['footer', 'bottomLinks'], doc.createNode({ name: 'Soon', href: '/coming-soon' }));
    doc.setIn(['check', 'skip'], doc.createNode(['^/coming-soon$']));
    await copy.write('content/site.yaml', doc.toString());
    const r = await check({ root: copy.root, today: '2025-01-20' });
    expect(r.findings.filter((f) => f.target === '/coming-soon')).toEqual([]);
    expect(r.summary.skipped).toBeGreaterThan(0);
    doc.setIn(['check', 'skip'], doc.createNode(['[oops']));
    await copy.write('content/site.yaml', doc.toString());
    const bad = await check({ root: copy.root, today: '2025-01-20' });
    expect(bad.ok).toBe(false);
    const d = bad.build!.diagnostics.find((x) => x.message.includes('regular expression'));
    expect(d?.file).toBe('content/site.yaml');
  });

  it('a bad check.skip pattern read for a --dir check is a usage error (from the page thread), exit 2', async () => {
    const root = await tempDir({ 'content/site.yaml': 'check:\n  skip: ["[oops"]\n' });
    const dir = await tempDir({ '.pa-site-output': '', 'index.html': page('') });
    cleanup = async () => {
      await rm(root, { recursive: true, force: true });
      await rm(dir, { recursive: true, force: true });
    };
    const failed = await check({ dir, root }).catch((e: unknown) => e);
    expect(failed).toBeInstanceOf(CheckInputError);
    expect((failed as Error).message).toMatch(/^content\/site\.yaml check\.skip "\[oops" is not a valid regular/);
    const cli = run(['check', '--dir', dir, '--root', root]);
    expect(cli.code).toBe(2);
    expect(cli.err.split('\n')[0]).toMatch(/^error: content\/site\.yaml check\.skip "\[oops" is not a valid/);
  });
});

describe('--write-baseline and --baseline', () => {
  it('record the findings, then fail only on new ones and count the recorded ones fixed', async () => {
    const dir = await tempDir({
      'index.html': page('<a href="old1.html">a</a> <a href="old2.html">b</a>'),
      'about.html': page('<a href="index.html#nowhere">c</a>'),
    });
    const baseline = path.join(dir, '..', `${path.basename(dir)}-baseline.json`);
    cleanup = () => rm(baseline, { force: true });
    const write = run(['check', '--dir', dir, '--write-baseline', baseline]);
    expect(write.code).toBe(0);
    expect(write.err).toContain(`wrote 3 findings to ${baseline}`);
    expect(JSON.parse(await readFile(baseline, 'utf8')).findings).toHaveLength(3);
    expect(run(['check', '--dir', dir, '--baseline', baseline]).code).toBe(0);

    await writeFile(path.join(dir, 'index.html'), page('<a href="old1.html">a</a> <a href="new.html">n</a>'));
    const after = run(['check', '--dir', dir, '--baseline', baseline]);
    expect(after.code).toBe(1);
    expect(after.out).toContain('broken-link  /new.html');
    expect(after.out).not.toContain('/old1.html');
    expect(after.out).toContain(`2 findings recorded in ${baseline} left out; 1 recorded one is fixed`);
    const json = JSON.parse(run(['check', '--dir', dir, '--baseline', baseline, '--format', 'json']).out);
    expect(json.baseline).toEqual({ file: baseline, known: 2, fixed: 1 });
  });

  it('refuses a baseline that cannot be read, and will not overwrite a file that is not one', async () => {
    const dir = await tempDir({ 'index.html': page(''), 'notes.txt': 'mine' });
    const missing = run(['check', '--dir', dir, '--baseline', path.join(dir, 'none.json')]);
    expect(missing.code).toBe(2);
    expect(missing.err).toMatch(/cannot be read \(ENOENT\)/);
    const other = run(['check', '--dir', dir, '--write-baseline', path.join(dir, 'notes.txt')]);
    expect(other.code).toBe(2);
    expect(await readFile(path.join(dir, 'notes.txt'), 'utf8')).toBe('mine');
    const both = run(['check', '--dir', dir, '--baseline', 'a.json', '--write-baseline', 'b.json']);
    expect(both.code).toBe(2);
  });
});

describe('--base', () => {
  it('checks a subfolder as served under a path: links into it resolve, links out of it are not checked', async () => {
    const dir = await tempDir({
      'index.html': page(
        '<a href="/book/ch1.html#s">a</a> <a href="../std/index.html">std</a> <a href="ch2.html">x</a>',
      ),
      'ch1.html': page('<h2 id="s">S</h2><a href="/book/">up</a> <a href="/book/nope.html">n</a>'),
    });
    const r = await check({ dir, base: '/book/' });
    expect(brief(r)).toEqual(['broken-link /book/ch2.html', 'broken-link /book/nope.html']);
    const without = await check({ dir });
    expect(brief(without)).toContain('broken-link /std/index.html');
    const bad = run(['check', '--dir', dir, '--base', 'book']);
    expect(bad.code).toBe(2);
    expect(bad.err).toMatch(/--base must be a URL path/);
  });
});
