import { afterEach, describe, expect, it, vi } from 'vitest';
import { ProgressLine, progressText } from './progress.js';

function fakeTerminal(columns = 80) {
  const writes: string[] = [];
  return { writes, stream: { columns, write: (s: string) => writes.push(s) } };
}

describe('progress line', () => {
  afterEach(() => vi.useRealTimers());

  it('describes each stage, with pages and percentage while rendering', () => {
    expect(progressText({ stage: 'validate', done: 0, total: 0 })).toBe('building: validating content');
    expect(progressText({ stage: 'render', done: 1200, total: 4000 })).toBe(
      'building: rendering pages 1,200/4,000 (30%)',
    );
  });

  it('draws nothing for a build shorter than the delay', () => {
    let t = 0;
    const { writes, stream } = fakeTerminal();
    const line = new ProgressLine(stream, { now: () => t });
    line.update({ stage: 'load', done: 0, total: 0 });
    t = 400;
    line.update({ stage: 'render', done: 10, total: 20 });
    t = 900;
    line.finish();
    expect(writes).toEqual([]);
  });

  it('redraws one line in place after the delay, at most every interval, and erases it at the end', () => {
    let t = 0;
    const { writes, stream } = fakeTerminal();
    const line = new ProgressLine(stream, { now: () => t });
    line.update({ stage: 'render', done: 0, total: 4000 });
    t = 1000;
    line.update({ stage: 'render', done: 1000, total: 4000 });
    t = 1050;
    line.update({ stage: 'render', done: 1500, total: 4000 }); // within the interval: not drawn
    t = 1100;
    line.update({ stage: 'render', done: 2000, total: 4000 });
    line.finish();
    expect(writes).toEqual([
      '\r\x1b[2Kbuilding: rendering pages 1,000/4,000 (25%)',
      '\r\x1b[2Kbuilding: rendering pages 2,000/4,000 (50%)',
      '\r\x1b[2K',
    ]);
  });

  it('shows a stage that sends no updates once the delay is over', () => {
    vi.useFakeTimers();
    let t = 0;
    const { writes, stream } = fakeTerminal();
    const line = new ProgressLine(stream, { now: () => t });
    line.update({ stage: 'validate', done: 0, total: 0 });
    t = 1000;
    vi.advanceTimersByTime(1000);
    expect(writes).toEqual(['\r\x1b[2Kbuilding: validating content']);
    line.finish();
  });

  it('never writes a line as wide as the terminal (it would wrap)', () => {
    let t = 0;
    const { writes, stream } = fakeTerminal(20);
    const line = new ProgressLine(stream, { now: () => t });
    t = 2000;
    line.update({ stage: 'render', done: 1, total: 3 });
    expect(writes[0]).toBe('\r\x1b[2Kbuilding: rendering');
    expect(writes[0]!.length - '\r\x1b[2K'.length).toBe(19);
  });
});
