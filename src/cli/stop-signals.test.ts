import { describe, expect, it } from 'vitest';
import { stopSignals } from './stop-signals.js';

describe('stopSignals', () => {
  it('resolves on the first Ctrl-C and keeps handling signals until released', async () => {
    const before = process.listenerCount('SIGINT');
    const beforeTerm = process.listenerCount('SIGTERM');
    const said: string[] = [];
    const signals = stopSignals((line) => said.push(line));
    process.emit('SIGINT');
    await signals.stopped;
    // Still handled while the command cleans up: without a handler a second press would kill it.
    expect(process.listenerCount('SIGINT')).toBe(before + 1);
    process.emit('SIGINT');
    expect(said).toEqual(['pa-site: stopping… (Ctrl-C again to quit at once)']);
    signals.release();
    expect(process.listenerCount('SIGINT')).toBe(before);
    expect(process.listenerCount('SIGTERM')).toBe(beforeTerm);
  });
});
