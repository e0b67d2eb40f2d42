/**
 * Reading a templates source file just well enough to know, soundly, which of its imports matter to
 * a page (template-deps.ts). Every answer errs towards "depends": text the patterns do not
 * understand makes an import a value import, which only costs a re-render.
 */

/** The property a top-level function of a templates file carries: the file's path in templates/. */
export const TAG = '__paSiteFile';
/** …and the name it was declared under (the registry's fingerprint tells functions of one file apart). */
export const TAG_NAME = '__paSiteName';
/**
 * The global (per thread, under Symbol.for) holding the page being recorded, `{ current?: Set<string> }`:
 * code that renders outside the templates' own JSX (shared-parts.ts) adds the files it rendered with.
 */
export const RECORDING = 'pa-site.template-deps';

const IDENT = '[A-Za-z_$][\\w$]*';
const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** `import <clause> from 'spec'` with a clause of names only (no quotes or semicolons, so never two statements). */
const IMPORT = /\bimport\s+([\w$*{},\s]+?)\s*from\s*(['"])([^'"\n]+)\2/g;

interface ImportStatement {
  start: number;
  end: number;
  specifier: string;
  /** Local names bound; undefined for a namespace import (`* as ns`), whose every use is a value. */
  names: string[] | undefined;
}

function parseClause(clause: string): string[] | undefined {
  let rest = clause.trim();
  if (/^type\s/.test(rest)) return []; // erased by the compiler
  if (rest.includes('*')) return undefined;
  const names: string[] = [];
  const braces = /\{([^}]*)\}/.exec(rest);
  if (braces) {
    for (const part of braces[1]!.split(',')) {
      const spec = part.trim();
      if (!spec || /^type\s/.test(spec)) continue;
      const local = /(?:\bas\s+)?([A-Za-z_$][\w$]*)$/.exec(spec)?.[1];
      if (!local) return undefined;
      names.push(local);
    }
    rest = rest.replace(braces[0], '');
  }
  const def = rest.replace(/,/g, ' ').trim();
  if (def) {
    if (!new RegExp(`^${IDENT}$`).test(def)) return undefined;
    names.push(def);
  }
  return names;
}

function importStatements(source: string): ImportStatement[] {
  const found: ImportStatement[] = [];
  for (const m of source.matchAll(IMPORT)) {
    found.push({ start: m.index, end: m.index + m[0].length, specifier: m[3]!, names: parseClause(m[1]!) });
  }
  return found;
}

/**
 * Whether `importer` (a templates file's source) may use what it imports from `specifier` as a
 * value: call it, read it, pass it on. False only when every use of every imported name is a JSX
 * tag (`<Name …>`): such a component runs only when rendered, and rendering is recorded per page.
 */
export function usesAsValue(source: string, specifier: string): boolean {
  // A JSX pragma sends elements to a runtime that records nothing.
  if (/@jsx/.test(source)) return true;
  const statements = importStatements(source).filter((s) => s.specifier === specifier);
  // Every mention of the specifier must be one of those statements (not export-from, import(), require()).
  const quoted = new RegExp(`(['"])${escapeRe(specifier)}\\1`, 'g');
  const mentions = [...source.matchAll(quoted)].length;
  if (!statements.length || mentions !== statements.length) return true;
  const inStatement = (i: number) => statements.some((s) => i >= s.start && i < s.end);
  for (const s of statements) {
    if (!s.names) return true;
    for (const name of s.names) {
      for (const m of source.matchAll(new RegExp(`(?<![\\w$])${escapeRe(name)}(?![\\w$])`, 'g'))) {
        if (inStatement(m.index)) continue;
        const before = source.slice(Math.max(0, m.index - 2), m.index);
        const after = source[m.index + name.length] ?? '';
        const tag = before.endsWith('<') || before === '</';
        if (!tag || /[.:-]/.test(after)) return true;
      }
    }
  }
  return false;
}

/**
 * Code appended to a templates file that tags its top-level functions (`function Name`,
 * `const Name = …`) with where they are defined, so that rendering one names its file. A function
 * that already has a tag keeps it (an alias never re-tags a function defined elsewhere); imported
 * names are never tagged here.
 */
export function tagCode(source: string, rel: string): string {
  const imported = new Set(importStatements(source).flatMap((s) => s.names ?? []));
  const names = new Set<string>();
  const declared = new RegExp(
    '^(?:export\\s+(?:default\\s+)?)?(?:async\\s+)?' +
      `(?:function\\s*\\*?\\s*(${IDENT})|(?:const|let|var)\\s+(${IDENT})\\s*[:=])`,
    'gm',
  );
  for (const m of source.matchAll(declared)) {
    const name = m[1] ?? m[2]!;
    if (!imported.has(name)) names.add(name);
  }
  if (!names.size) return '';
  const list = [...names].map((n) => `[${JSON.stringify(n)}, typeof ${n} === "undefined" ? undefined : ${n}]`);
  // An arrow with its own parameter names: the list is read in the module's scope, where any name may be taken.
  return (
    `\n;((__paSiteTags) => { for (const [__n, __v] of __paSiteTags) ` +
    `if (typeof __v === "function" && !Object.hasOwn(__v, ${JSON.stringify(TAG)})) ` +
    `{ __v.${TAG} = ${JSON.stringify(rel)}; __v.${TAG_NAME} = __n; } })` +
    `([${list.join(', ')}]);\n`
  );
}
