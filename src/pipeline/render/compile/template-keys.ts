import { createHash } from 'node:crypto';

/** What a page depends on when something untagged rendered: every templates file. */
export const ALL = '/*';

/** Which templates files each page can depend on (template-deps.ts). Structured-clone safe: sent to workers. */
export interface TemplateGraph {
  /** Hash of what every page depends on (packages, import-time code, the template registry). */
  global: string;
  /**
   * Each templates file (path relative to templates/): hash of its text and of what its value imports
   * resolve to (its JSX-only imports are in `jsxImports`).
   */
  files: Record<string, string>;
  /** The templates files each file may use values (not only JSX tags) from. */
  valueImports: Record<string, string[]>;
  /**
   * Each file's imports whose names it only renders as JSX tags: the import as written → the file it
   * resolves to. Where one resolves matters only to a page that rendered a component through it.
   */
  jsxImports: Record<string, Record<string, string>>;
  /**
   * The component each page template name renders (the file and name its tag gives), when every one
   * has a tag: a page's key then holds its own template's entry, and `global` only the names, so a
   * new `pages/Review.tsx` re-renders the reviews alone. Absent when one has none: `global` holds all.
   */
  registry?: Record<string, string>;
}

/** Separates a file and an import in a dependency list's entry for that JSX-only import (never in a path). */
const EDGE = '\0';
/** The entry for a file's JSX-only import: the import as JSON, so that no entry holds a line break. */
const edgeEntry = (file: string, spec: string) => `${file}${EDGE}${JSON.stringify(spec)}`;

/** The files reachable from `seeds` over value imports (the seeds included), sorted; [ALL] when one is ALL. */
export function closeOver(graph: Pick<TemplateGraph, 'valueImports'>, seeds: Iterable<string>): string[] {
  const seen = new Set<string>();
  const stack = [...seeds];
  while (stack.length) {
    const f = stack.pop()!;
    if (f === ALL) return [ALL];
    if (seen.has(f)) continue;
    seen.add(f);
    stack.push(...(graph.valueImports[f] ?? []));
  }
  return [...seen].sort();
}

/**
 * What a page depends on, given the files its render noted (the files defining the components it
 * rendered): those files closed over value imports, and each JSX-only import of a file in that set
 * through which the page may have rendered a component, as an entry `file\0import` (its target then
 * joins the set, with what that imports). A component rendered through `import { Y } from './y.js'`
 * is defined in y.js or in a file y.js re-exports from, which is among y.js's value imports; so an
 * import none of whose closure the page noted rendered nothing on it, and where it resolves cannot
 * change the page (a new override of y.js re-renders only the pages that rendered from it).
 * Sorted: files, then import entries; [ALL] when something untagged rendered.
 */
export function pageDeps(graph: Omit<TemplateGraph, 'global' | 'files'>, noted: readonly string[]): string[] {
  const rendered = new Set(noted);
  const seeds = new Set(noted);
  const edges = new Set<string>();
  const reach = new Map<string, boolean>();
  /** Whether the page noted a file that `target` or one of its value imports defines. */
  const renderedFrom = (target: string) => {
    let r = reach.get(target);
    if (r === undefined) {
      r = closeOver(graph, [target]).some((f) => rendered.has(f));
      reach.set(target, r);
    }
    return r;
  };
  for (;;) {
    const files = closeOver(graph, seeds);
    if (files[0] === ALL) return [ALL];
    let grew = false;
    for (const f of files)
      for (const [spec, target] of Object.entries(graph.jsxImports[f] ?? {})) {
        const edge = edgeEntry(f, spec);
        if (edges.has(edge) || !renderedFrom(target)) continue;
        edges.add(edge);
        if (!seeds.has(target)) grew = true;
        seeds.add(target);
      }
    if (!grew) return [...files, ...[...edges].sort()];
  }
}

/**
 * A page's templates part of its render-cache key: the files its render noted, closed over value
 * imports, and a hash of their current versions. Both memoized: a site has few distinct sets.
 */
export class TemplateKeys {
  private readonly closures = new Map<string, string[]>();
  private readonly hashes = new Map<string, string>();

  constructor(private readonly graph: TemplateGraph) {}

  /** What a page depends on, given the files its render noted (pageDeps): sorted, or [ALL]. */
  depsOf(noted: readonly string[]): string[] {
    const id = [...noted].sort().join('\n');
    let deps = this.closures.get(id);
    if (!deps) {
      deps = pageDeps(this.graph, noted);
      this.closures.set(id, deps);
    }
    return deps;
  }

  /** hashOf's answers by the list itself (the same array for every page that shares it). */
  private readonly byList = new WeakMap<readonly string[], string>();

  /** Where each JSX-only import resolves, by its dependency-list entry. */
  private edges: Map<string, string> | undefined;

  /** The current version of a dependency list's entry: a file's hash, or where a JSX-only import resolves. */
  private versionOf(entry: string): string {
    if (Object.hasOwn(this.graph.files, entry)) return this.graph.files[entry]!;
    this.edges ??= new Map(
      Object.entries(this.graph.jsxImports).flatMap(([f, imports]) =>
        Object.entries(imports).map(([spec, target]) => [edgeEntry(f, spec), target] as const),
      ),
    );
    return this.edges.get(entry) ?? '-';
  }

  /** Every file and every JSX-only import: what a page that rendered something untagged depends on. */
  private everything(): string[] {
    const files = Object.keys(this.graph.files).sort();
    const edges = Object.keys(this.graph.jsxImports)
      .sort()
      .flatMap((f) =>
        Object.keys(this.graph.jsxImports[f]!)
          .sort()
          .map((spec) => edgeEntry(f, spec)),
      );
    return [...files, ...edges];
  }

  /** Hash of the current versions of `deps` (a file no longer compiled, or an import gone, hashes as missing). */
  hashOf(deps: readonly string[]): string {
    // Pages share their lists (the cache index holds one array per distinct list): joined once per list.
    const known = this.byList.get(deps);
    if (known) return known;
    const id = deps.join('\n');
    let hash = this.hashes.get(id);
    if (!hash) {
      const entries = deps[0] === ALL ? this.everything() : deps;
      const text = entries.map((f) => `${f}:${this.versionOf(f)}`).join('\n');
      hash = createHash('sha256')
        .update(`${deps[0] === ALL}\n${text}`)
        .digest('hex');
      this.hashes.set(id, hash);
    }
    this.byList.set(deps, hash);
    return hash;
  }
}
