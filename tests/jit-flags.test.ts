import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: bin/ is plain JavaScript, run by node without a build step
import { JIT_FLAGS, jitFlags } from '../bin/jit-flags.js';

const repoRoot = path.resolve(import.meta.dirname, '..');

describe('the V8 flags the CLI sets', () => {
  it('sets every flag when node was given none of them', () => {
    expect(jitFlags([])).toEqual(JIT_FLAGS);
    expect(jitFlags(['--max-old-space-size=4096', '--enable-source-maps'])).toEqual(JIT_FLAGS);
  });

  it("leaves a setting alone that node's command line gave, in any spelling", () => {
    expect(jitFlags(['--turbo-escape'])).toEqual(['--max-inlined-bytecode-size-cumulative=250']);
    expect(jitFlags(['--no-turbo_escape', '--max_inlined_bytecode_size_cumulative=920'])).toEqual([]);
  });

  it('are flags this V8 knows', () => {
    // An unknown flag makes node refuse to start: each one must be a real setting of the V8 in use.
    const run = spawnSync(process.execPath, [...JIT_FLAGS, '-e', '0'], { encoding: 'utf8' });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    const unknown = spawnSync(process.execPath, ['--no-turbo-escapes', '-e', '0'], { encoding: 'utf8' });
    expect(unknown.status).not.toBe(0);
  });

  it('leave the CLI working', () => {
    const run = spawnSync(process.execPath, [path.join(repoRoot, 'bin', 'pa-site.js'), '--help'], { encoding: 'utf8' });
    expect(run.status).toBe(0);
    expect(run.stdout).toContain('Usage: pa-site');
  });
});
