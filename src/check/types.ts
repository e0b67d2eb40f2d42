/**
 * The shapes `check()` returns. They are plain JSON data: `--format json` prints a CheckResult
 * as it is (docs/check.md documents the schema, version 1).
 */
import type { Diagnostic } from '../support/diagnostics/diagnostics.js';
import type { ServedAsSource } from './detect.js';
import type { ServedAs } from './served.js';

type Severity = 'error' | 'warning';

/**
 * Where in the page a link sits: inside `<main>`, the site `<header>` / `<footer>`, or elsewhere
 * (`<head>`, skip link, compliance strip).
 */
export type Region = 'main' | 'header' | 'footer' | 'layout';

/** Report sections, in printing order. */
type Category = 'link' | 'page' | 'external' | 'known-unbuilt';

/** One page a finding applies to. */
export interface Place {
  /** Built file, relative to the checked folder: `about.html`. */
  page: string;
  /** The URL path the page answers: `/about`. */
  url: string;
  /** Content file the page was built from (relative to the project root), when known. */
  file: string | null;
  /** Line in `file`, or in the built HTML when `file` is null. */
  line: number | null;
  /** Column in the built HTML, when `file` is null and the line is known (pages written on one long line). */
  col?: number;
  /** For links: where on the page the link is. */
  region?: Region;
}

export interface Finding {
  /** Rule id (docs/check.md lists them all). */
  rule: string;
  severity: Severity;
  category: Category;
  /** One line saying what is wrong. */
  message: string;
  /** The broken URL, for link findings: `/about#team`, `https://example.com/`. */
  target?: string;
  /** HTTP status, for external links (0 = no response). */
  status?: number;
  /** The link is on every page, so the layout (header/footer) is its source. */
  allPages?: boolean;
  /** How to fix it. */
  hint?: string;
  /** The file to edit when it is not a page's own content file (e.g. content/site.yaml for header links). */
  source?: { file: string; line: number };
  /**
   * The pages the finding applies to, in page order (empty for site-wide findings such as a missing
   * sitemap): all of them, or the first PLACES_KEPT (10) when `placeCount` says there are more.
   * `allPlaces(finding)` gives every one, and `--format json` lists every one.
   */
  places: Place[];
  /** How many places the finding has in all, when `places` holds only the first of them. */
  placeCount?: number;
}

export interface CheckSummary {
  /** HTML pages checked (including 404.html). */
  pages: number;
  /** Link references checked (href, src, srcset candidates, form actions). */
  links: number;
  /** Link references left out by `--skip` or site.yaml `check.skip` (0 when absent). */
  skipped?: number;
  errors: number;
  warnings: number;
  /** Milliseconds spent checking (not building). */
  ms: number;
  /** Milliseconds spent building, when check built the site. */
  buildMs?: number;
  /** Offers past the warn age: still shown (`aging`) or withheld by the pages (`withheld`). */
  offers: { aging: number; withheld: number };
}

export interface CheckResult {
  /** Schema version of this object. */
  version: 1;
  /** True when there is no error (warnings allowed) and the build, if any, succeeded. */
  ok: boolean;
  /** Folder that was checked (a temporary folder when check built the site; removed afterwards). */
  dir: string;
  /** Project root, when a project was used. */
  root: string | null;
  /** Site URL used for canonical and sitemap rules (from content/site.yaml or sitemap.xml). */
  siteUrl: string | null;
  /** What was checked, and how its URLs were resolved. */
  site: {
    /** `pa-site` when check built the folder or it carries pa-site's marker: only then do the page rules run. */
    builtBy: 'pa-site' | 'other';
    /** The file that marked a given folder as pa-site's (`.pa-site-output` or `_headers`), else null. */
    marker: string | null;
    /** How the host is taken to serve the folder (`--served-as`). */
    servedAs: ServedAs;
    /** Where that came from: the option, a pa-site build, the folder's vercel.json, or the default. */
    servedAsFrom: ServedAsSource;
  };
  summary: CheckSummary;
  /** Present when check built the site. */
  build: { ok: boolean; diagnostics: Diagnostic[] } | null;
  /**
   * Every finding, in report order; empty when they spilled (`spilled`): `eachFinding(result)` reads
   * them back and `findingCount(result)` counts them, either way.
   */
  findings: Finding[];
  /**
   * Present (true) when `check({ spillFindings: true })` found more findings than it keeps in memory
   * (20,000): they wait, sorted, in check's spill folder until `closeCheck(result)`.
   */
  spilled?: true;
  /** With `--baseline`: the findings it recorded, left out of `findings`. */
  baseline?: BaselineOutcome;
}

export interface BaselineOutcome {
  /** The baseline file, as given. */
  file: string;
  /** Findings left out because the baseline records them. */
  known: number;
  /** Recorded findings no longer found. */
  fixed: number;
}
