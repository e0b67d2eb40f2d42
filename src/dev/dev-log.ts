import type { Diagnostic } from '../support/diagnostics/diagnostics.js';

/** What the dev server tells the terminal: each build, its new warnings, and notes on the way. */
export type DevLog =
  | {
      kind: 'built';
      ms: number;
      /** Pages whose HTML changed (they reload). */
      routes: string[];
      /** Pages rendered afresh, changed or not. */
      rendered: number;
      css: boolean;
      changed: string[];
    }
  | {
      kind: 'failed';
      ms: number;
      diagnostics: Diagnostic[];
      /** Whether an earlier build succeeded, so its pages are still served; else every page shows the error. */
      served: boolean;
    }
  /** Warnings of a build that succeeded, the ones the previous build did not have (a skipped FIFO). */
  | { kind: 'warnings'; diagnostics: Diagnostic[] }
  | { kind: 'info'; message: string }
  | { kind: 'warning'; message: string; hint: string };
