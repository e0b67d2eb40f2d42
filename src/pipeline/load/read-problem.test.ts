import { describe, expect, it } from 'vitest';
import { readProblem } from './load.js';

describe('readProblem (#51 item 9)', () => {
  it('a path past the length limit says so, not to grant read access', () => {
    const d = readProblem('content/pages/x.md', Object.assign(new Error('ENAMETOOLONG'), { code: 'ENAMETOOLONG' }));
    expect(d.message).toMatch(/longer than the file system allows/);
    expect(d.hint).toMatch(/shorten/);
    expect(d.hint).not.toMatch(/read access|readable/);
  });
});
