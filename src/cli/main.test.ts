import { afterEach, describe, expect, it, vi } from 'vitest';

vi.mock('../pipeline/build.js', () => ({
  build: async () => {
    const e = new Error('boom \x1b[2J happened\nsecond line') as NodeJS.ErrnoException;
    e.code = 'EWEIRD';
    throw e;
  },
}));

const { main, unexpectedError } = await import('./main.js');

describe('unexpected errors print one line, and a stack only with --debug', () => {
  const writes: string[] = [];
  afterEach(() => {
    vi.restoreAllMocks();
    writes.length = 0;
  });
  const capture = () =>
    vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => {
      writes.push(String(chunk));
      return true;
    });

  it('without --debug: the message, escaped, and how to see more', async () => {
    capture();
    expect(await main(['node', 'pa-site', 'build'])).toBe(1);
    const out = writes.join('');
    expect(out).toBe(
      'error: unexpected error in pa-site: boom \\x1b[2J happened (EWEIRD)\n  run with --debug for details\n',
    );
  });

  it('with --debug (before or after the command): the stack too', async () => {
    capture();
    expect(await main(['node', 'pa-site', 'build', '--debug'])).toBe(1);
    expect(await main(['node', 'pa-site', '--debug', 'build'])).toBe(1);
    const out = writes.join('');
    expect(out.match(/\n\s+at /g)?.length).toBeGreaterThanOrEqual(2);
    expect(out).not.toContain('run with --debug');
  });

  it('formats non-Error values too', () => {
    expect(unexpectedError('plain', false)).toBe(
      'error: unexpected error in pa-site: plain\n  run with --debug for details',
    );
  });
});
