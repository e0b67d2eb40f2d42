import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { scaled } from './machine.js';

const script = path.resolve('bench', 'markdown.mjs');
const run = (...args: string[]) =>
  spawnSync(process.execPath, [script, ...args], { encoding: 'utf8', timeout: scaled(120_000) });

describe('bench/markdown.mjs', () => {
  it("times pa-site's Markdown stage beside markdown-it alone, cold and warm, on a clean corpus", () => {
    const r = run('--pages', '40', '--passes', '2');
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toContain('Markdown stage on 40 bench page bodies');
    expect(r.stdout).toMatch(/^pass 1 \(cold\): markdown-it alone [\d,]+ ms, pa-site's stage [\d,]+ ms$/m);
    expect(r.stdout).toMatch(
      /^warm \(median of passes 2–2\): markdown-it alone [\d,]+ ms .* pa-site's rules add -?\d+%$/m,
    );
    // The bench pages are valid content: a diagnostic would mean the stage did work a build would not.
    expect(r.stdout).not.toContain('diagnostics');
  });

  it('says how to call it when an argument is wrong', () => {
    const r = run('--passes', '0');
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('usage: node bench/markdown.mjs');
  });
});
