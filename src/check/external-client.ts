/**
 * The HTTP side of `--external`. linkinator makes every request (a GET of the URL, its redirects
 * not followed, the fragments asked for looked up on the page it answers with); around it,
 * pa-site keeps what linkinator 7.6.1 does not: requests to one host limited in number and spaced
 * in time (linkinator starts every link it is given at once, whatever `concurrency` says), a
 * redirect followed one step at a time so a permanent one is seen with its new URL, and
 * `Retry-After` waited on up to a limit with the whole host paused (linkinator's `retry` waits any
 * length), 5xx and dropped connections retried with back-off.
 */
import { type HttpResponse, LinkChecker, LinkState } from 'linkinator';

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
  /** The fragments asked for that the final page lacks (only an HTML page is looked at). */
  missing: string[];
}

/** What one linkinator run said about one URL. */
interface Answer {
  status: number;
  headers: Record<string, string>;
  error?: string;
  /** Ids linkinator looked for on the page and did not find. */
  absent: Set<string>;
}

const MAX_REDIRECTS = 10;
const USER_AGENT = 'pa-site-check (link checker)';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** `Retry-After` in milliseconds: seconds or an HTTP date; null when absent or unreadable. */
export function retryAfterMs(value: string | null | undefined, now = Date.now()): number | null {
  if (value === null || value === undefined) return null;
  const v = value.trim();
  if (/^\d+$/.test(v)) return Number(v) * 1000;
  const at = Date.parse(v);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

/**
 * One GET by linkinator, for one URL only: the URL is its start page, every link on that page is
 * skipped (`linksToSkip`), a redirect is a result (`redirects: 'error'` asks fetch not to follow it,
 * and the result carries the Location header), and nothing is retried (pa-site does that). Each
 * run leaves linkinator's queue a 2.5 s timer, unref'd (it keeps no process alive) and never cleared.
 */
async function askLinkinator(href: string, ids: readonly string[], timeout: number): Promise<Answer> {
  const checker = new LinkChecker();
  // linkinator looks up only fragments it found on pages it crawled; the URL is not on any, so
  // its table of fragments to look for is filled here (a private field of the pinned 7.6.1).
  if (ids.length > 0)
    (checker as unknown as { fragmentsToCheck: Map<string, Set<string>> }).fragmentsToCheck.set(href, new Set(ids));
  const result = await checker.check({
    path: href,
    recurse: false,
    timeout,
    redirects: 'error',
    checkFragments: ids.length > 0,
    retry: false,
    retryErrors: false,
    linksToSkip: async (link) => link !== href,
    headers: { 'User-Agent': USER_AGENT },
  });
  const own = result.links.find((l) => l.url === href && l.state !== LinkState.SKIPPED) ?? result.links[0];
  const absent = new Set<string>();
  for (const l of result.links)
    if (l.state === LinkState.BROKEN && l.url.startsWith(`${href}#`)) absent.add(l.url.slice(href.length + 1));
  const response = own?.failureDetails?.find((d): d is HttpResponse => 'headers' in d);
  const error = own?.failureDetails?.find((d): d is Error => d instanceof Error);
  const status = own?.status ?? 0;
  return {
    status,
    headers: response?.headers ?? {},
    absent,
    ...(status === 0 ? { error: reason(error, timeout) } : {}),
  };
}

/**
 * The ids that stand for a fragment, each a way it can be found: as written, %-decoded, or both
 * ends of a line range (`#L10-L25`). An empty fragment, `#top` and a text directive need no id.
 */
function idsFor(fragment: string): string[][] | null {
  const directive = fragment.indexOf(':~:');
  const f = directive === -1 ? fragment : fragment.slice(0, directive);
  let decoded = f;
  try {
    decoded = decodeURIComponent(f);
  } catch {
    // A broken %-escape: only the fragment as written can match.
  }
  if (f === '' || /^top$/i.test(decoded)) return null;
  const ways = [[f], [decoded]];
  const range = /^(L?\d+)-(L?\d+)$/.exec(decoded);
  if (range) ways.push([range[1]!, range[2]!]);
  return ways;
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

  /** One ask of linkinator under the host's and the overall limits. */
  private async request(url: URL, ids: readonly string[]): Promise<Answer> {
    const h = this.host(url);
    await h.gate.enter();
    await this.all.enter();
    try {
      // Spaced: each start books the next slot, so requests queued together do not start together.
      const wait = h.next - Date.now();
      h.next = Math.max(Date.now(), h.next) + this.o.hostInterval;
      if (wait > 0) await sleep(wait);
      return await askLinkinator(url.href, ids, this.o.timeout);
    } finally {
      this.all.leave();
      h.gate.leave();
    }
  }

  /** The outcome of one URL, the `fragments` looked for on the page it ends on. */
  async check(href: string, fragments: readonly string[]): Promise<FetchOutcome> {
    const ways = new Map(fragments.map((f) => [f, idsFor(f)]));
    const ids = [...new Set([...ways.values()].flatMap((w) => (w ?? []).flat()))];
    let url = new URL(href);
    let movedTo: string | undefined;
    let permanent = true;
    for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
      const r = await this.withRetries(url, ids);
      if (r.status === 0) return { status: 0, error: r.error!, missing: [], ...(movedTo ? { movedTo } : {}) };
      const location = r.headers.location;
      if (r.status >= 300 && r.status < 400 && location !== undefined) {
        // A chain is permanent only when every step is: the link should then point where it ends.
        permanent &&= r.status === 301 || r.status === 308;
        try {
          url = new URL(location, url);
        } catch {
          return { status: r.status, error: `redirect to an unreadable URL (${location})`, missing: [] };
        }
        if (permanent) movedTo = url.href;
        continue;
      }
      if (!permanent) movedTo = undefined;
      const missing = [...ways]
        .filter(([, w]) => w !== null && !w.some((all) => all.every((id) => !r.absent.has(id))))
        .map(([f]) => f);
      const out: FetchOutcome = { status: r.status, missing, ...(movedTo ? { movedTo } : {}) };
      if (r.retryAfter !== undefined) out.retryAfter = r.retryAfter;
      return out;
    }
    return { status: 0, error: `more than ${MAX_REDIRECTS} redirects`, missing: [] };
  }

  /** linkinator asked again after a 429, a 5xx or no response, as Retry-After says or with back-off. */
  private async withRetries(url: URL, ids: readonly string[]): Promise<Answer & { retryAfter?: number }> {
    for (let attempt = 0; ; attempt++) {
      const r = await this.request(url, ids);
      if (r.status !== 0 && r.status !== 429 && r.status < 500) return r;
      if (attempt >= this.o.retries) return r;
      const wait = retryAfterMs(r.headers['retry-after']);
      if (wait !== null && wait > this.o.maxRetryAfter) return { ...r, retryAfter: Math.ceil(wait / 1000) };
      // The whole host waits, not just this URL: the limit is the host's.
      const pause = wait ?? 500 * 2 ** attempt;
      const h = this.host(url);
      h.next = Math.max(h.next, Date.now() + pause);
    }
  }
}

function reason(e: unknown, timeout: number): string {
  if (!e) return 'no response';
  const err = e as Error & { cause?: { code?: string; message?: string } };
  if (err.name === 'TimeoutError' || err.name === 'AbortError') return `no answer in ${timeout} ms`;
  const code = err.cause?.code ?? err.cause?.message ?? err.message;
  return code === 'UND_ERR_SOCKET' || /other side closed/i.test(String(err.cause?.message))
    ? 'connection closed before an answer'
    : `connection error (${code})`;
}
