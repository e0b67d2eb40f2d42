import { createRequire } from 'node:module';
import type { Node } from 'yaml';
import jsyaml from 'js-yaml';
import type { Diagnostic } from '../../support/diagnostics/diagnostics.js';
import { plainYaml } from './plain-yaml.js';
import { allLatin1, oneByteStrings } from '../../support/text/one-byte.js';
import { plainYamlError } from './yaml-words.js';

export interface Position {
  line: number;
  col: number;
}

/** Where the value at a path of a YAML file sits: what each stage points its errors at. */
export type Locate = (path: readonly PropertyKey[]) => Position;

/** Parsed YAML that remembers where every field came from. */
export interface YamlSource {
  file: string;
  data: unknown;
  errors: Diagnostic[];
  /** Position of the value at `path`; with `key`, the position of that key inside the map at `path`. */
  locate(path: readonly PropertyKey[], key?: string): Position;
}

/** A YAML alias (`*name`) where a value starts. */
const ALIAS = /(?<=^|[\s[{,:-])\*[^\s,\]}]/m;

/**
 * Parses YAML text (YAML 1.2 core schema: dates stay strings). The fast paths are plainYaml, then js-yaml; the
 * position-tracking `yaml` document is built only when something needs a line number (a syntax
 * error, or `locate` for a schema error). `lineOffset` is added to every line.
 */
export function parseYaml(text: string, file: string, lineOffset = 0): YamlSource {
  // Most frontmatter is nested maps of one-line values: read without js-yaml, to the same result.
  let data: unknown = plainYaml(text);
  if (!data) {
    // js-yaml does not bound alias expansion: text with aliases goes to the parser that does.
    if (ALIAS.test(text)) return parseYamlWithPositions(text, file, lineOffset);
    try {
      data = jsyaml.load(text, { schema: jsyaml.CORE_SCHEMA, filename: file });
    } catch {
      // Let the precise parser report it (with its position), or parse what js-yaml refused.
      return parseYamlWithPositions(text, file, lineOffset);
    }
  }
  // Values sliced out of a two-byte text are two-byte, most of them needlessly (one-byte.ts).
  if (!allLatin1(text)) oneByteStrings(data);
  return located(data, text, file, lineOffset);
}

/** Parsed `data` of `text`, whose positions are found by parsing it again when first asked. */
function located(data: unknown, text: string, file: string, lineOffset: number): YamlSource {
  let full: YamlSource | undefined;
  return {
    file,
    data,
    errors: [],
    locate: (path, key) => {
      full ??= parseYamlWithPositions(text, file, lineOffset);
      return full.locate(path, key);
    },
  };
}

/** The `yaml` package, loaded on first use: most builds never need a position, and loading it costs 60+ ms. */
let yamlPackage: typeof import('yaml') | undefined;
const loadYaml = () => (yamlPackage ??= createRequire(import.meta.url)('yaml') as typeof import('yaml'));

/** Parses YAML with the `yaml` package, keeping every node's source range. */
export function parseYamlWithPositions(text: string, file: string, lineOffset = 0): YamlSource {
  const { LineCounter, parseDocument, isMap, isSeq, isPair, isScalar } = loadYaml();
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter, prettyErrors: false, uniqueKeys: true });
  const pos = (offset: number): Position => {
    const p = lineCounter.linePos(offset);
    return { line: p.line + lineOffset, col: p.col };
  };
  const lines = text.split('\n');
  // The cause once: a mistake the parser reports twice on one line is one error.
  const errors: Diagnostic[] = [];
  for (const e of doc.errors) {
    const p = pos(e.pos[0]);
    if (errors.some((d) => d.line === p.line)) continue;
    const plain = plainYamlError(e.code, e.message.split('\n')[0] ?? '', lines[p.line - lineOffset - 1] ?? '');
    errors.push({
      severity: 'error' as const,
      code: 'yaml-syntax',
      file,
      line: p.line,
      col: p.col,
      field: '',
      message: `invalid YAML: ${plain.message}`,
      hint: plain.hint,
    });
  }
  let data: unknown;
  if (!errors.length) {
    try {
      data = doc.toJS({ maxAliasCount: 100 });
    } catch (e) {
      // The yaml package refuses aliases that would expand exponentially ("billion laughs").
      const p = pos(Math.max(0, text.search(ALIAS)));
      errors.push({
        severity: 'error',
        code: 'yaml-aliases',
        file,
        line: p.line,
        col: p.col,
        field: '',
        message: `YAML aliases ("*name") here expand to too much data: ${(e as Error).message.split('\n')[0]}`,
        hint: 'write the values out instead of nesting aliases of aliases',
      });
    }
  }

  const locate = (path: readonly PropertyKey[], key?: string): Position => {
    let node: unknown = doc.contents;
    let last = (doc.contents as Node | null)?.range?.[0] ?? 0;
    const segments = key === undefined ? path : [...path, key];
    for (let i = 0; i < segments.length; i++) {
      const seg = segments[i];
      const isLastKey = key !== undefined && i === segments.length - 1;
      if (isMap(node)) {
        const pair = node.items.find((p) => isPair(p) && isScalar(p.key) && String(p.key.value) === String(seg));
        if (!pair) break;
        const keyNode = pair.key as Node;
        if (isLastKey || pair.value == null) {
          last = keyNode.range?.[0] ?? last;
          node = undefined;
          break;
        }
        node = pair.value;
      } else if (isSeq(node) && typeof seg === 'number') {
        const item = node.items[seg];
        if (item == null) break;
        node = item;
      } else break;
      const range = (node as Node | undefined)?.range;
      if (range) last = range[0];
    }
    return pos(last);
  };
  return { file, data, errors, locate };
}
