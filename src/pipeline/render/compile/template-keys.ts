import { createHash } from 'node:crypto';

/** What a page depends on when something untagged rendered: every templates file. */
export const ALL = '/*';

/** Which templates files each page can depend on (template-deps.ts). Structured-clone safe: sent to workers. */
export interface TemplateGraph {
  /** Hash of what every page depends on (packages, import-time code, the template registry). */
  global: string;
  /** Each templates file (path relative to templates/): hash of its text and of what its imports resolve to. */
  files: Record<string, string>;
  /** The templates files each file may use values (not only JSX tags) from. */
  valueImports: Record<string, string[]>;
}

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
 * A page's templates part of its render-cache key: the files its render noted, closed over value
 * imports, and a hash of their current versions. Both memoized: a site has few distinct sets.
 */
export class TemplateKeys {
  private readonly closures = new Map<string, string[]>();
  private readonly hashes = new Map<string, string>();

  constructor(private readonly graph: TemplateGraph) {}

  /** The files a page depends on, given those its render noted: sorted, or [ALL]. */
  depsOf(noted: readonly string[]): string[] {
    const id = [...noted].sort().join('\n');
    let deps = this.closures.get(id);
    if (!deps) {
      deps = closeOver(this.graph, noted);
      this.closures.set(id, deps);
    }
    return deps;
  }

  /** Hash of the current versions of `deps` (a file no longer compiled hashes as missing). */
  hashOf(deps: readonly string[]): string {
    const id = deps.join('\n');
    let hash = this.hashes.get(id);
    if (!hash) {
      const files = deps[0] === ALL ? Object.keys(this.graph.files).sort() : deps;
      const text = files.map((f) => `${f}:${this.graph.files[f] ?? '-'}`).join('\n');
      hash = createHash('sha256')
        .update(`${deps[0] === ALL}\n${text}`)
        .digest('hex');
      this.hashes.set(id, hash);
    }
    return hash;
  }
}
