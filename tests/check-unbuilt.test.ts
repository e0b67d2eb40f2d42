import { afterEach, describe, expect, it } from 'vitest';
import { parseDocument } from 'yaml';
import { check } from '../src/index.js';
import { copyOfContent } from './helpers.js';

/**
 * check's "linked from the header or footer but not built" report, on a fixture made from the real
 * content: a footer link to a page that does not exist, listed in check.knownUnbuilt (a warning
 * while 404.html answers it) and not listed (an error naming the layout).
 */
let cleanup: (() => Promise<void>) | undefined;
afterEach(async () => {
  await cleanup?.();
  cleanup = undefined;
});

async function withFooterLink(listed: boolean) {
  const copy = await copyOfContent();
  cleanup = copy.cleanup;
  const doc = parseDocument(await copy.read('content/site.yaml'));
  doc.addIn(['footer', 'bottomLinks'], doc.createNode({ name: 'Coming Soon', href: '/coming-soon' }));
  doc.setIn(['check', 'knownUnbuilt'], doc.createNode(listed ? ['/coming-soon'] : []));
  const text = doc.toString();
  await copy.write('content/site.yaml', text);
  const result = await check({ root: copy.root, today: '2025-01-20' });
  return { result, line: text.split('\n').findIndex((l) => l.includes('href: /coming-soon')) + 1 };
}

describe('a header or footer link to a page that is not built', () => {
  it('is a warning at its site.yaml line while check.knownUnbuilt lists it', async () => {
    const { result, line } = await withFooterLink(true);
    const found = result.findings.filter((f) => f.target === '/coming-soon');
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ rule: 'known-unbuilt', severity: 'warning', category: 'known-unbuilt' });
    expect(found[0]!.message).toBe('/coming-soon is not built; 404.html answers it');
    expect(found[0]!.places.every((p) => p.region === 'footer')).toBe(true);
    expect(found[0]!.source).toEqual({ file: 'content/site.yaml', line });
  });

  it('is an error naming the layout once it is not listed', async () => {
    const { result } = await withFooterLink(false);
    const found = result.findings.filter((f) => f.target === '/coming-soon');
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ rule: 'broken-link', severity: 'error', allPages: true });
    expect(found[0]!.hint).toContain('a link in content/site.yaml (header, footer');
    expect(result.ok).toBe(false);
  });
});
