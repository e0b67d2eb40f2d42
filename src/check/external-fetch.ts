/**
 * The HTTP side of `--external`: each URL asked for with HEAD (GET when HEAD is refused, or when
 * fragments of the page are to be checked), redirects followed by hand so a permanent one is seen,
 * requests to one host limited in number and spaced in time, `Retry-After` waited on up to a
 * limit (and the whole host paused meanwhile), 5xx and dropped connections retried with back-off.
 */
import { scanHtml } from './html.js';

export interface FetchLimits {
  /** Per request, in milliseconds (the body of a page read for its ids included). */
  timeout: number;
  /** Further tries after a 429, a 5xx or no response. */
  retries: number;
  /** Requests in flight in all. */
  concurrency: number;
  /** Requests in flight to one host. */
  perHost: number;
  /** Milliseconds between the starts of two requests to one host. */
  hostInterval: number;
  /** The longest `Retry-After` waited on, in milliseconds: a longer one is reported, not waited. */
  maxRetryAfter: number;
}

export interface FetchOutcome {
  /** The last status (after redirects), 0 for no response. */
  status: number;
  /** Why there was no response (timeout, connection reset…). */
  error?: string;
  /** Where a permanent redirect (301, 308) on the way pointed, when there was one: the link should say that. */
  movedTo?: string;
  /** A 429 or 503 asked to wait longer than maxRetryAfter: the seconds it asked. */
  retryAfter?: number;
  /** The ids of the final page, when asked for and it is HTML (null: not HTML or not read). */
  ids?: Set<string> | null;
}

/** The most of a page read for its ids: no real documentation page is larger. */
const MAX_PAGE_BYTES = 16 * 1024 * 1024;
const MAX_REDIRECTS = 10;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** `Retry-After` in milliseconds: seconds or an HTTP date; null when absent or unreadable. */
export function retryAfterMs(value: string | null, now = Date.now()): number | null {
  if (value === null) return null;
  const v = value.trim();
  if (/^\d+$/.test(v)) return Number(v) * 1000;
  const at = Date.parse(v);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

class Gate {
  private active = 0;
  private waiting: (() => void)[] = [];
  constructor(private readonly size: number) {}
  async enter(): Promise<void> {
    if (this.active < this.size) {
      this.active++;
      return;
    }
    await new Promise<void>((r) => this.waiting.push(r));
  }
  leave(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.active--;
  }
}

interface Host {
  gate: Gate;
  /** When the next request to the host may start (spacing, or a Retry-After). */
  next: number;
}

export class ExternalClient {
  private readonly all: Gate;
  private readonly hosts = new Map<string, Host>();
  /** Most requests seen in flight to one host (tests read it). */
  maxInFlightPerHost = 0;
  private inFlight = new Map<string, number>();

  constructor(private readonly o: FetchLimits) {
    this.all = new Gate(o.concurrency);
  }

  private host(url: URL): Host {
    let h = this.hosts.get(url.host);
    if (!h) {
      h = { gate: new Gate(this.o.perHost), next: 0 };
      this.hosts.set(url.host, h);
    }
    return h;
  }

  /** One request under the host's and the overall limits. */
  private async request(url: URL, method: 'HEAD' | 'GET'): Promise<Response> {
    const h = this.host(url);
    await h.gate.enter();
    await this.all.enter();
    try {
      // Spaced: each start books the next slot, so requests queued together do not start together.
      const wait = h.next - Date.now();
      h.next = Math.max(Date.now(), h.next) + this.o.hostInterval;
      if (wait > 0) await sleep(wait);
      const n = (this.inFlight.get(url.host) ?? 0) + 1;
      this.inFlight.set(url.host, n);
      this.maxInFlightPerHost = Math.max(this.maxInFlightPerHost, n);
      try {
        return await fetch(url, {
          method,
          redirect: 'manual',
          signal: AbortSignal.timeout(this.o.timeout),
          headers: { 'user-agent': 'pa-site-check (link checker)', accept: 'text/html,*/*;q=0.8' },
        });
      } finally {
        this.inFlight.set(url.host, (this.inFlight.get(url.host) ?? 1) - 1);
      }
    } finally {
      this.all.leave();
      h.gate.leave();
    }
  }

  /** The outcome of one URL, `ids` read from the page when `wantIds`. */
  async check(href: string, wantIds: boolean): Promise<FetchOutcome> {
    let url = new URL(href);
    let movedTo: string | undefined;
    let permanent = true;
    for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
      const r = await this.withRetries(url, wantIds);
      if ('error' in r) return { status: 0, error: r.error, ...(movedTo ? { movedTo } : {}) };
      const res = r.res;
      const location = res.headers.get('location');
      if (res.status >= 300 && res.status < 400 && location !== null) {
        await res.body?.cancel();
        // A chain is permanent only when every step is: the link should then point where it ends.
        permanent &&= res.status === 301 || res.status === 308;
        try {
          url = new URL(location, url);
        } catch {
          return { status: res.status, error: `redirect to an unreadable URL (${location})` };
        }
        if (permanent) movedTo = url.href;
        continue;
      }
      if (!permanent) movedTo = undefined;
      const out: FetchOutcome = { status: res.status, ...(movedTo ? { movedTo } : {}) };
      if (r.retryAfter !== undefined) out.retryAfter = r.retryAfter;
      const html = /\bx?html\b/i.test(res.headers.get('content-type') ?? '');
      if (wantIds && res.ok && res.body && r.method === 'GET') out.ids = html ? await idsOf(res) : null;
      else await res.body?.cancel();
      return out;
    }
    return { status: 0, error: `more than ${MAX_REDIRECTS} redirects` };
  }

  /** HEAD (GET when ids are wanted or HEAD is refused), retried on 429, 5xx and no response. */
  private async withRetries(
    url: URL,
    wantIds: boolean,
  ): Promise<{ res: Response; method: 'HEAD' | 'GET'; retryAfter?: number } | { error: string }> {
    let method: 'HEAD' | 'GET' = wantIds ? 'GET' : 'HEAD';
    let lastError = '';
    for (let attempt = 0; ; attempt++) {
      let res: Response;
      try {
        res = await this.request(url, method);
      } catch (e) {
        lastError = reason(e, this.o.timeout);
        if (attempt >= this.o.retries) return { error: lastError };
        await sleep(250 * 2 ** attempt);
        continue;
      }
      // Servers that do not answer HEAD as they answer GET (405, 501, 403, 404 on HEAD only).
      if (method === 'HEAD' && res.status >= 400 && res.status < 500 && res.status !== 429) {
        await res.body?.cancel();
        method = 'GET';
        attempt--;
        continue;
      }
      if (res.status === 429 || res.status >= 500) {
        const wait = retryAfterMs(res.headers.get('retry-after'));
        if (attempt >= this.o.retries) return { res, method };
        if (wait !== null && wait > this.o.maxRetryAfter) return { res, method, retryAfter: Math.ceil(wait / 1000) };
        await res.body?.cancel();
        // The whole host waits, not just this URL: the limit is the host's.
        const pause = wait ?? 500 * 2 ** attempt;
        const h = this.host(url);
        h.next = Math.max(h.next, Date.now() + pause);
        continue;
      }
      return { res, method };
    }
  }
}

function reason(e: unknown, timeout: number): string {
  const err = e as Error & { cause?: { code?: string; message?: string } };
  if (err.name === 'TimeoutError' || err.name === 'AbortError') return `no answer in ${timeout} ms`;
  const code = err.cause?.code ?? err.cause?.message ?? err.message;
  return code === 'UND_ERR_SOCKET' || /other side closed/i.test(String(err.cause?.message))
    ? 'connection closed before an answer'
    : `connection error (${code})`;
}

/** The ids (and named anchors) of an HTML page, read up to MAX_PAGE_BYTES. */
async function idsOf(res: Response): Promise<Set<string> | null> {
  const reader = res.body!.getReader();
  const parts: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_PAGE_BYTES) {
      await reader.cancel();
      return null;
    }
    parts.push(value);
  }
  return scanHtml(Buffer.concat(parts).toString('utf8')).ids;
}
