import { createHash, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { AssetRefs, Page, Site } from '../model.js';
import type { Diagnostic } from '../diagnostics.js';
import { cacheDir, packageDir, packageVersion } from '../paths.js';

/** Packages whose versions change rendered output: a new version invalidates the cache. */
const PIPELINE = ['remark', 'micromark-extension-gfm-table', 'micromark-extension-gfm-strikethrough', 'remark-html', 'hast-util-sanitize', 'github-slugger', 'react', 'react-dom', 'unist-util-visit'];

let pipelineVersions: string | undefined;
function versions(): string {
  pipelineVersions ??= PIPELINE.map((name) => {
    try {
      return `${name}@${JSON.parse(readFileSync(path.join(packageDir, 'node_modules', name, 'package.json'), 'utf8')).version}`;
    } catch {
      return `${name}@?`;
    }
  }).join(',');
  return `pa-site@${packageVersion};${pipelineVersions}`;
}

const sha = (s: string | Uint8Array) => createHash('sha256').update(s).digest('hex');
const MAGIC = 'pa-site-render-cache 2 ';

/** A cached page: its HTML and the warnings rendering it produced (replayed on every hit). */
export interface CachedPage {
  html: Buffer;
  diagnostics: Diagnostic[];
}

/**
 * Rendered pages keyed by everything that goes into them: the page's source, the site config, the
 * data of the operators the page shows, review routes, templates bundle, asset names, the copyright
 * year and the versions of the Markdown and React pipeline. Entries carry a checksum; a damaged
 * entry is a miss.
 */
export class RenderCache {
  readonly dir: string;
  private readonly siteKey: string;
  hits = 0;
  misses = 0;

  constructor(site: Site, templatesHash: string, assets: AssetRefs, year: number, reviewRoutes: Record<string, string>, dir = path.join(cacheDir, 'render')) {
    this.dir = dir;
    this.siteKey = sha(JSON.stringify([versions(), templatesHash, assets, year, site.config, reviewRoutes]));
    this.operatorHashes = new Map(site.operators.map((o) => [o.id, sha(JSON.stringify(o))]));
  }

  private readonly operatorHashes: Map<string, string>;

  /**
   * A page's key: the site-wide inputs, its own source, and the data of exactly the operators it
   * shows (page.operatorRefs), so editing one operator re-renders only the pages that show it.
   */
  key(page: Page): string {
    const ops = page.operatorRefs.map((id) => `${id}:${this.operatorHashes.get(id) ?? '-'}`).join(',');
    return sha(`${this.siteKey}\n${page.file}\n${page.route}\n${page.sourceHash}\n${ops}`);
  }

  file(key: string): string {
    return path.join(this.dir, key.slice(0, 2), `${key}.html`);
  }

  /** The cached page, or undefined when absent or damaged. Layout: magic+checksum, diagnostics JSON, HTML. */
  async get(key: string): Promise<CachedPage | undefined> {
    let raw: Buffer;
    try {
      raw = await readFile(this.file(key));
    } catch {
      return undefined;
    }
    const nl = raw.indexOf(10);
    const header = nl > 0 ? raw.subarray(0, nl).toString('latin1') : '';
    const rest = raw.subarray(nl + 1);
    if (!header.startsWith(MAGIC) || header.slice(MAGIC.length) !== sha(rest)) return undefined;
    const nl2 = rest.indexOf(10);
    try {
      return { diagnostics: JSON.parse(rest.subarray(0, nl2).toString('utf8')) as Diagnostic[], html: rest.subarray(nl2 + 1) };
    } catch {
      return undefined;
    }
  }

  async put(key: string, html: string, diagnostics: Diagnostic[]): Promise<void> {
    const file = this.file(key);
    await mkdir(path.dirname(file), { recursive: true });
    const rest = `${JSON.stringify(diagnostics)}\n${html}`;
    const tmp = `${file}.${process.pid}-${randomBytes(3).toString('hex')}.tmp`;
    await writeFile(tmp, `${MAGIC}${sha(rest)}\n${rest}`);
    await rename(tmp, file);
  }
}
