/** A user-facing problem with the content or the build, pointing at a file position. */
export interface Diagnostic {
  severity: 'error' | 'warning';
  /** Stable identifier of the kind of problem, e.g. `yaml-syntax`, `schema`, `duplicate-route`. */
  code: string;
  /** File path relative to the project root (forward slashes). */
  file: string;
  line: number;
  col: number;
  /** Dotted path of the field inside the file, or '' when the problem is not about one field. */
  field: string;
  message: string;
  /** What was found, already formatted for display. */
  received?: string;
  /** How to fix it. */
  hint?: string;
}

export function formatReceived(value: unknown): string {
  if (value === undefined) return 'nothing';
  // YAML's .nan and .inf, which JSON would show as null.
  if (typeof value === 'number' && !Number.isFinite(value))
    return Number.isNaN(value) ? '.nan' : value > 0 ? '.inf' : '-.inf';
  let text: string;
  try {
    text = typeof value === 'string' ? JSON.stringify(value) : (JSON.stringify(value) ?? String(value));
  } catch {
    text = String(value);
  }
  return text.length > 80 ? `${text.slice(0, 77)}...` : text;
}

/** C0 and C1 controls, DEL, and the bidirectional overrides that can make text read other than it is. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const UNSAFE_BUT_NEWLINE = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;

/**
 * Characters content must not hold: the same controls and bidi overrides, but tab, line feed and
 * carriage return are ordinary text. They would reach readers' pages invisible (or reorder text).
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
export const CONTROL_IN_TEXT = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;
/** The fix for a control character found in content, wherever it was found. */
export const CONTROL_HINT = 'remove it; an editor that shows invisible characters helps find it';

/**
 * Text from content made safe for a terminal: escape sequences (ESC…), other controls and bidi
 * overrides are shown as `\x1b` / `\u202e` instead of acting on the terminal.
 */
export function escapeTerminal(text: string, keepNewlines = false): string {
  return text.replace(keepNewlines ? UNSAFE_BUT_NEWLINE : UNSAFE, (c) => {
    const n = c.charCodeAt(0);
    return n <= 0xff ? `\\x${n.toString(16).padStart(2, '0')}` : `\\u${n.toString(16).padStart(4, '0')}`;
  });
}

/** `path:line:col  field.path  message (received: VALUE)` plus an indented hint line; content is escaped. */
export function formatDiagnostic(d: Diagnostic): string {
  const e = (s: string) => escapeTerminal(s);
  const where = `${e(d.file)}:${d.line}:${d.col}`;
  const received = d.received !== undefined ? ` (received: ${e(d.received)})` : '';
  const head = `${where}  ${e(d.field) || '-'}  ${e(d.message)}${received}`;
  return d.hint ? `${head}\n    fix: ${e(d.hint)}` : head;
}

export function summarizeDiagnostics(diagnostics: readonly Diagnostic[]): string {
  const errors = diagnostics.filter((d) => d.severity === 'error');
  const warnings = diagnostics.length - errors.length;
  const files = new Set(errors.map((d) => d.file)).size;
  const parts = [`${errors.length} error${errors.length === 1 ? '' : 's'} in ${files} file${files === 1 ? '' : 's'}`];
  if (warnings) parts.push(`${warnings} warning${warnings === 1 ? '' : 's'}`);
  return parts.join(', ');
}

export function sortDiagnostics(diagnostics: Diagnostic[]): Diagnostic[] {
  return diagnostics.sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line || a.col - b.col);
}
