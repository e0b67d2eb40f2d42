/**
 * External links (`--external`): each URL asked once however many pages link it, by linkinator
 * (external-client.ts: pa-site's per-host limits, Retry-After and redirects around it), its
 * fragments looked for on the page it answers with, `mailto:` addresses parsed, and lasting answers kept between runs
 * (external-cache.ts). 403 and 429 are warnings (sites that refuse or rate-limit checkers), a
 * permanent redirect a warning naming the new URL; anything else that is not 2xx is an error.
 */
import { ExternalCache } from './external-cache.js';
import { ExternalClient, type FetchOutcome } from './external-client.js';
import { mailtoProblems } from './mailto.js';
import type { Finding, Place } from './types.js';

export interface ExternalOptions {
  /** Per-request timeout in milliseconds. Default 10000. */
  timeout?: number;
  /** Further tries after a 429, a 5xx or no response, with back-off. Default 2. */
  retries?: number;
  /** Requests in flight. Default 16. */
  concurrency?: number;
  /** Requests in flight to one host. Default 2. */
  perHost?: number;
  /** Milliseconds between the starts of two requests to one host. Default 100. */
  hostInterval?: number;
  /** The longest Retry-After waited on, in milliseconds; a longer one is a warning. Default 30000. */
  maxRetryAfter?: number;
  /** A file keeping results between runs (`--external-cache`); none by default. */
  cacheFile?: string;
  /** How old a kept result may be, in milliseconds. Default a day. */
  cacheMaxAge?: number;
}

/** What the page phase collected for the external check. */
export interface ExternalLinks {
  /** URL (no fragment) → pages. */
  urls: Map<string, Place[]>;
  /** URL → fragment → pages. */
  fragments?: Map<string, Map<string, Place[]>>;
  /** mailto: URL → pages. */
  mailto?: Map<string, Place[]>;
}

const DAY = 24 * 60 * 60 * 1000;
const byPage = (places: readonly Place[]) => [...places].sort((a, b) => a.page.localeCompare(b.page));

export async function checkExternal(links: ExternalLinks, options: ExternalOptions = {}): Promise<Finding[]> {
  const findings: Finding[] = [];
  for (const [href, places] of links.mailto ?? []) {
    for (const p of mailtoProblems(href))
      findings.push({
        rule: 'mailto-invalid',
        severity: 'error',
        category: 'external',
        message: `${href}: the address ${p.part} ${p.why}`,
        target: href,
        hint: 'write the address as name@example.com (percent-encode spaces and other characters in the link)',
        places: byPage(places),
      });
  }
  const { urls } = links;
  if (urls.size === 0) return findings;
  const client = new ExternalClient({
    timeout: options.timeout ?? 10_000,
    retries: options.retries ?? 2,
    concurrency: options.concurrency ?? 16,
    perHost: options.perHost ?? 2,
    hostInterval: options.hostInterval ?? 100,
    maxRetryAfter: options.maxRetryAfter ?? 30_000,
  });
  const cache = options.cacheFile ? new ExternalCache(options.cacheFile, options.cacheMaxAge ?? DAY) : null;
  const outcomes = new Map<string, FetchOutcome>();
  await Promise.all(
    [...urls.keys()].map(async (url) => {
      const asked = [...(links.fragments?.get(url)?.keys() ?? [])];
      const kept = cache?.get(url, asked);
      if (kept) {
        const missing = asked.filter((f) => kept.fragments?.[f] === false);
        outcomes.set(url, { status: kept.status, ...(kept.movedTo ? { movedTo: kept.movedTo } : {}), missing });
        return;
      }
      const o = await client.check(url, asked);
      const found = asked.length > 0 ? Object.fromEntries(asked.map((f) => [f, !o.missing.includes(f)])) : undefined;
      outcomes.set(url, o);
      cache?.set(url, {
        at: Date.now(),
        status: o.status,
        ...(o.movedTo ? { movedTo: o.movedTo } : {}),
        ...(found ? { fragments: found } : {}),
      });
    }),
  );
  const cacheProblem = cache?.save() ?? null;

  const linkFindings: Finding[] = [];
  for (const [url, places] of urls) {
    const o = outcomes.get(url)!;
    if (o.movedTo && o.status >= 200 && o.status < 300)
      linkFindings.push({
        rule: 'external-redirect',
        severity: 'warning',
        category: 'external',
        message: `${url} moved permanently to ${o.movedTo}`,
        target: url,
        status: o.status,
        hint: `link ${o.movedTo} instead: the old address may stop redirecting`,
        places: byPage(places),
      });
    if (o.status >= 200 && o.status < 300) {
      for (const fragment of o.missing)
        linkFindings.push({
          rule: 'external-fragment',
          severity: 'error',
          category: 'external',
          message: `no id="${fragment}" on ${o.movedTo ?? url}`,
          target: `${url}#${fragment}`,
          status: o.status,
          hint: 'point the link at an id the page has (it may have been renamed), or drop the #fragment',
          places: byPage(links.fragments?.get(url)?.get(fragment) ?? places),
        });
      continue;
    }
    const status = o.status;
    const limited = status === 403 || status === 429;
    const why =
      status === 0
        ? `no response (${o.error ?? 'timeout, DNS or connection error'})`
        : `HTTP ${status}${o.retryAfter ? ` and asked to wait ${o.retryAfter} s before asking again` : ''}`;
    linkFindings.push({
      rule: 'external-link',
      severity: limited ? 'warning' : 'error',
      category: 'external',
      message: `${url} answered ${why}`,
      target: url,
      status,
      places: byPage(places),
      ...(limited
        ? { hint: 'the site refused or rate-limited the checker; open the link in a browser to confirm it works' }
        : {}),
    });
  }
  // Nothing answered at all: one cause (no network), not one error per link.
  if (urls.size > 1 && linkFindings.length === urls.size && linkFindings.every((f) => f.status === 0))
    linkFindings.splice(0, linkFindings.length, {
      rule: 'external-link',
      severity: 'error',
      category: 'external',
      message: `none of the ${urls.size} external links answered (timeout, DNS or connection error): no network?`,
      hint: 'check the network connection (or a proxy), then run again; without --external no link leaves the machine',
      places: [],
    });
  for (const f of linkFindings) findings.push(f);
  if (cacheProblem)
    findings.push({
      rule: 'external-cache',
      severity: 'warning',
      category: 'external',
      message: `the external-link cache ${cacheProblem}`,
      hint: 'delete the file or name another with --external-cache; every link was checked anyway',
      places: [],
    });
  return findings;
}
