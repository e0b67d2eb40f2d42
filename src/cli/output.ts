import { formatDiagnostic, summarizeDiagnostics, type Diagnostic } from '../diagnostics.js';

export interface Out {
  color: boolean;
  out(line: string): void;
  err(line: string): void;
}

/** Colour only on a terminal, and never when NO_COLOR is set (https://no-color.org). */
export function colorEnabled(stream: NodeJS.WriteStream): boolean {
  return !!stream.isTTY && !('NO_COLOR' in process.env) && process.env.TERM !== 'dumb';
}

export const paint = (on: boolean, code: number, s: string) => (on ? `\x1b[${code}m${s}\x1b[0m` : s);

export function printDiagnostics(o: Out, diagnostics: readonly Diagnostic[]): void {
  for (const d of diagnostics) {
    const tag = d.severity === 'error' ? paint(o.color, 31, 'error') : paint(o.color, 33, 'warning');
    o.err(`${tag} ${formatDiagnostic(d)}`);
  }
  if (diagnostics.some((d) => d.severity === 'error')) o.err(summarizeDiagnostics(diagnostics));
}

export function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} KB`;
  return `${(n / 1024 / 1024).toFixed(2)} MB`;
}
