/**
 * External links (`--external`): checked with linkinator, each URL once however many pages link
 * it. linkinator gets a generated page listing the URLs and checks that page's links without
 * recursing. 403 and 429 are warnings (sites that refuse robots or rate-limit them); anything else
 * that is not 2xx, after retries, is an error.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { LinkChecker, LinkState } from 'linkinator';
import type { Finding, Place } from './types.js';

export interface ExternalOptions {
  /** Per-request timeout in milliseconds. Default 10000. */
  timeout?: number;
  /**
   * Retries for 429, 5xx and network errors (each about 2 s after the last; Retry-After is not waited on).
   * Default 2.
   */
  retries?: number;
  /** Requests in flight. Default 16. */
  concurrency?: number;
}

const escapeAttr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
const normal = (u: string) => {
  try {
    return new URL(u).href;
  } catch {
    return u;
  }
};

export async function checkExternal(urls: Map<string, Place[]>, options: ExternalOptions = {}): Promise<Finding[]> {
  if (urls.size === 0) return [];
  const retries = options.retries ?? 2;
  const dir = await mkdtemp(path.join(tmpdir(), 'pa-site-external-'));
  try {
    const list = [...urls.keys()].map((u) => `<a href="${escapeAttr(u)}">${escapeAttr(u)}</a>`).join('\n');
    await writeFile(
      path.join(dir, 'links.html'),
      `<!doctype html><html><head><title>links</title></head><body>\n${list}\n</body></html>\n`,
    );
    const checker = new LinkChecker();
    const result = await checker.check({
      path: 'links.html',
      serverRoot: dir,
      recurse: false,
      timeout: options.timeout ?? 10_000,
      concurrency: options.concurrency ?? 16,
      // `retry` would wait for any Retry-After, without a limit; retryErrors retries 429, 5xx and
      // network errors a bounded number of times (linkinator counts one more than it is given).
      retry: false,
      retryErrors: retries > 0,
      retryErrorsCount: Math.max(0, retries - 1),
      retryErrorsJitter: 500,
    });
    const byUrl = new Map(result.links.map((l) => [normal(l.url), l]));
    const findings: Finding[] = [];
    for (const [url, places] of urls) {
      const r = byUrl.get(normal(url));
      if (!r || r.state !== LinkState.BROKEN) continue;
      const status = r.status ?? 0;
      const limited = status === 403 || status === 429;
      const why = status === 0 ? 'no response (timeout, DNS or connection error)' : `HTTP ${status}`;
      findings.push({
        rule: 'external-link',
        severity: limited ? 'warning' : 'error',
        category: 'external',
        message: `${url} answered ${why}`,
        target: url,
        status,
        places: [...places].sort((a, b) => a.page.localeCompare(b.page)),
        ...(limited
          ? { hint: 'the site refused or rate-limited the checker; open the link in a browser to confirm it works' }
          : {}),
      });
    }
    // Nothing answered at all: one cause (no network), not one error per link.
    if (urls.size > 1 && findings.length === urls.size && findings.every((f) => f.status === 0))
      return [
        {
          rule: 'external-link',
          severity: 'error',
          category: 'external',
          message: `none of the ${urls.size} external links answered (timeout, DNS or connection error): no network?`,
          hint:
            'check the network connection (or a proxy), then run again; ' +
            'without --external no link leaves the machine',
          places: [],
        },
      ];
    return findings;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
