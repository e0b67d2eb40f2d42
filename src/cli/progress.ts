import type { BuildProgress, BuildStage } from '../pipeline/build.js';

/** The part of a terminal stream the progress line needs (a fake in tests). */
export interface ProgressStream {
  columns?: number;
  write(text: string): unknown;
}

export interface ProgressOptions {
  /** Draw nothing until the build has run this long (short builds show no progress at all). */
  delayMs?: number;
  /** Redraw at most this often. */
  intervalMs?: number;
  now?: () => number;
}

const LABEL: Record<BuildStage, string> = {
  load: 'reading content',
  validate: 'validating content',
  compile: 'compiling templates',
  render: 'rendering pages',
  write: 'writing the output folder',
};

const count = (n: number) => n.toLocaleString('en-US');

/** One line of progress text, e.g. `building: rendering pages 1,200/4,000 (30%)`. */
export function progressText(p: BuildProgress): string {
  const label = `building: ${LABEL[p.stage]}`;
  if (p.stage !== 'render' || p.total === 0) return label;
  return `${label} ${count(p.done)}/${count(p.total)} (${Math.floor((100 * p.done) / p.total)}%)`;
}

/**
 * A build's progress on a terminal: a single line, redrawn in place (carriage return, erase line),
 * shown only once the build has taken `delayMs` and erased before the summary is printed. Use it
 * only on a terminal; without one the CLI prints just the summary line.
 */
export class ProgressLine {
  private readonly delayMs: number;
  private readonly intervalMs: number;
  private readonly now: () => number;
  private readonly start: number;
  private latest: BuildProgress | undefined;
  private drawnAt = Number.NEGATIVE_INFINITY;
  private drawn = '';
  private readonly timer: NodeJS.Timeout;

  constructor(
    private readonly stream: ProgressStream,
    options: ProgressOptions = {},
  ) {
    this.delayMs = options.delayMs ?? 1000;
    this.intervalMs = options.intervalMs ?? 100;
    this.now = options.now ?? (() => performance.now());
    this.start = this.now();
    // A stage with no updates (validation of a large site) still gets its line once the delay is over.
    this.timer = setTimeout(() => this.draw(), this.delayMs);
    this.timer.unref();
  }

  update(p: BuildProgress): void {
    this.latest = p;
    if (this.now() - this.drawnAt >= this.intervalMs) this.draw();
  }

  /** Erases the line (if one was drawn) so that a message can be printed; the next update draws it again. */
  clear(): void {
    if (this.drawn) this.stream.write('\r\x1b[2K');
    this.drawn = '';
    this.drawnAt = Number.NEGATIVE_INFINITY;
  }

  /** Erases the line (if one was drawn) and stops drawing. */
  finish(): void {
    clearTimeout(this.timer);
    this.clear();
    this.latest = undefined;
  }

  private draw(): void {
    const t = this.now();
    if (!this.latest || t - this.start < this.delayMs) return;
    // One column short of the width: a full-width line would wrap on some terminals.
    const text = progressText(this.latest).slice(0, Math.max(10, (this.stream.columns || 80) - 1));
    if (text === this.drawn) return;
    this.stream.write(`\r\x1b[2K${text}`);
    this.drawn = text;
    this.drawnAt = t;
  }
}
