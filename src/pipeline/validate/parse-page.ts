import type { Diagnostic } from '../../support/diagnostics/diagnostics.js';
import type { SourceFile } from '../../model.js';
import {
  customPageSchema,
  pageSchemas,
  TEMPLATE_NAME,
  type Frontmatter,
  type TemplateName,
} from '../../schema/page.js';
import { issuesToDiagnostics } from './issues.js';
import { withPageDefaults } from './page-defaults.js';
import { parseYaml, parseYamlWithPositions, type YamlSource } from '../load/yaml-source.js';
import { type FrontmatterCache, splitFrontmatter, textHash } from '../load/frontmatter.js';
import { type BodyScan, scanBody } from './body.js';
import { isValidRoute, routeFromContentPath, suggestedPath } from '../../urls/urls.js';

/** An error diagnostic (validation's usual kind). */
export const err = (
  file: string,
  line: number,
  col: number,
  field: string,
  code: string,
  message: string,
  extra: Partial<Diagnostic> = {},
): Diagnostic => ({
  severity: 'error',
  code,
  file,
  line,
  col,
  field,
  message,
  ...extra,
});

/** A page whose frontmatter parsed and matched its template's schema, before the checks across pages. */
export interface PageDraft {
  file: SourceFile;
  data: Frontmatter;
  route: string;
  body: ReturnType<typeof scanBody>;
  locate: (p: PropertyKey[]) => { line: number; col: number };
  /** The start of the text's textHash: what the render cache knows the page's source by ('' without caches). */
  sourceHash: string;
}

export function parsePage(
  file: SourceFile,
  diagnostics: Diagnostic[],
  splitter: FrontmatterCache,
  /** Told the page's body when its frontmatter fails: the body is still checked (validate.ts). */
  failed?: (body: BodyScan) => void,
): PageDraft | undefined {
  if (!/^\uFEFF?---(?!-)/.test(file.text)) {
    diagnostics.push(
      err(file.path, 1, 1, '', 'no-frontmatter', 'the page has no frontmatter', {
        hint:
          'start the file with a "---" line, the frontmatter (template, title, description, updated, hero), ' +
          'and another "---" line',
      }),
    );
    return;
  }
  // `matter` starts right after the opening `---`, so its lines are the file's lines.
  const hash = splitter.keyed ? textHash(file.text) : undefined;
  const fm = splitter.split(file.text, hash);
  if (/\r(?!\n)/.test(fm.language)) {
    // Lines that end in CR alone (classic Mac OS) read as one line: say so instead of showing the whole file.
    diagnostics.push(
      err(
        file.path,
        1,
        4,
        '',
        'line-endings',
        "the file's lines end in a carriage return (CR) alone, so it reads as one line",
        {
          hint: 'save the file with LF (or CR LF) line endings',
        },
      ),
    );
    return;
  }
  if (fm.language !== 'yaml') {
    diagnostics.push(
      err(file.path, 1, 4, '', 'frontmatter', 'frontmatter must be YAML', {
        received: JSON.stringify(`---${fm.language.length > 40 ? `${fm.language.slice(0, 40)}…` : fm.language}`),
        hint: 'start the file with a plain "---" line and write the frontmatter in YAML',
      }),
    );
    return;
  }
  const src = parseYaml(fm.matter, file.path);
  if (src.errors.length) return void diagnostics.push(...src.errors);
  const raw = (src.data ?? {}) as Record<string, unknown>;
  if (typeof raw !== 'object' || Array.isArray(raw)) {
    diagnostics.push(
      err(file.path, 2, 1, '', 'frontmatter', 'frontmatter must be a map of keys to values', {
        received: Array.isArray(raw) ? 'a list' : typeof raw,
      }),
    );
    return;
  }
  // The body is scanned whatever the frontmatter's faults, so its problems are reported in the same run.
  const bodyStart = file.text.length - fm.content.length;
  const firstLine = file.text.slice(0, bodyStart).split('\n').length;
  const body = scanBody(fm.content, file.path, firstLine);
  for (const d of body.diagnostics) diagnostics.push(d); // a loop: a huge page can have more than spread allows
  const template = raw.template;
  if (template === undefined) {
    failed?.(body);
    diagnostics.push(
      err(file.path, 2, 1, 'template', 'missing-field', 'missing required field (expected one of: guide, review)', {
        hint: 'add "template: guide" (or "review" for an operator review)',
      }),
    );
    return;
  }
  const custom = typeof template === 'string' && !(template in pageSchemas) && TEMPLATE_NAME.test(template);
  if (!custom && (typeof template !== 'string' || !(template in pageSchemas))) {
    failed?.(body);
    const pos = src.locate(['template']);
    diagnostics.push(
      err(
        file.path,
        pos.line,
        pos.col,
        'template',
        'unknown-template',
        `unknown template (expected one of: ${Object.keys(pageSchemas).join(', ')}, ` +
          'or a name registered in templates/index.ts)',
        {
          received: JSON.stringify(template),
          hint:
            'use "guide" for articles and landing pages, "review" for an operator review, ' +
            'or the name your templates/index.ts registers (lowercase words joined by "-")',
        },
      ),
    );
    return;
  }
  const rel = file.path.replace(/^content\/pages\//, '');
  const fileRoute = routeFromContentPath(rel);
  const fileRouteOk = raw.route !== undefined || isValidRoute(fileRoute);
  if (!fileRouteOk) {
    diagnostics.push(
      err(
        file.path,
        1,
        1,
        '',
        'invalid-file-name',
        `the file name gives the route ${JSON.stringify(fileRoute)}, which is not a valid URL path`,
        {
          hint:
            `rename the file to content/pages/${suggestedPath(rel)} (lowercase words joined by "-"), ` +
            'or set "route:" in its frontmatter',
        },
      ),
    );
  }
  // A key `__proto__` (a block named so) is an own key of the parsed YAML, but any object copy sets the
  // prototype with it instead, and the key is gone: reported, never dropped silently.
  const proto = protoKeyPath(raw);
  if (proto) {
    failed?.(body);
    const pos = src.locate(proto.slice(0, -1), '__proto__'); // the key itself
    const field = proto.join('.');
    return void diagnostics.push(
      err(file.path, pos.line, pos.col, field, 'reserved-key', `"__proto__" cannot be a key (${field})`, {
        hint: proto[0] === 'blocks' ? 'rename the block: block names are lowercase words joined by "-"' : 'remove it',
      }),
    );
  }
  // A site's own template: the fields every page has are checked here, its own once the templates compile.
  const schema = custom ? customPageSchema : pageSchemas[template as TemplateName];
  const parsed = schema.safeParse(raw, { reportInput: true }) as ReturnType<(typeof pageSchemas)['guide']['safeParse']>;
  if (!parsed.success || !fileRouteOk) failed?.(body);
  if (!parsed.success) {
    return void diagnostics.push(...issuesToDiagnostics(parsed.error.issues, src, [], { schema, input: raw }));
  }
  if (!fileRouteOk) return;
  const route = parsed.data.route ?? routeFromContentPath(rel);
  return {
    file,
    data: withPageDefaults(parsed.data, file.path, (p) => src.locate(p), diagnostics),
    route,
    body,
    locate: (p) => src.locate(p),
    sourceHash: hash?.slice(0, 16) ?? '',
  };
}

/** A page's parse as it crosses threads: the draft without its file and locator, and the diagnostics. */
export interface ParsedPage {
  draft?: Omit<PageDraft, 'file' | 'locate'>;
  /** The body of a page whose frontmatter failed, for the checks that still apply to it. */
  failedBody?: BodyScan;
  diagnostics: Diagnostic[];
}

/** Parses a page for another thread (a render worker helping validation on a cold build). */
export function parsePageDetached(file: SourceFile, splitter: FrontmatterCache): ParsedPage {
  const diagnostics: Diagnostic[] = [];
  let failedBody: BodyScan | undefined;
  const d = parsePage(file, diagnostics, splitter, (b) => {
    failedBody = b;
  });
  if (!d) return failedBody ? { failedBody, diagnostics } : { diagnostics };
  const { file: _file, locate: _locate, ...draft } = d;
  return { draft, diagnostics };
}

/** Puts back what a detached parse left out: the file, and a locator that parses with positions when first asked. */
export function attachDraft(file: SourceFile, draft: Omit<PageDraft, 'file' | 'locate'>): PageDraft {
  return { ...draft, file, locate: frontmatterLocator(file) };
}

/** File positions of a page's frontmatter keys, parsed with positions when first asked. */
export function frontmatterLocator(file: SourceFile): PageDraft['locate'] {
  let src: YamlSource | undefined;
  return (p) => {
    // As in parsePage: the matter starts right after the opening `---`, so its lines are the file's.
    src ??= parseYamlWithPositions(splitFrontmatter(file.text).matter, file.path);
    return src.locate(p);
  };
}

/** The path of the first own `__proto__` key in parsed YAML, or undefined. */
function protoKeyPath(value: unknown, at: string[] = []): string[] | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  if (!Array.isArray(value) && Object.hasOwn(value, '__proto__')) return [...at, '__proto__'];
  for (const [key, v] of Object.entries(value)) {
    const found = protoKeyPath(v, [...at, key]);
    if (found) return found;
  }
  return undefined;
}
