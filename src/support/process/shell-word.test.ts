import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { shellWord } from './shell-word.js';

describe('shellWord', () => {
  it('leaves a plain word alone and quotes the rest so the shell reads each back unchanged', () => {
    expect(shellWord('my-site/dist')).toBe('my-site/dist');
    const words = ['my site', "it's", 'a$b', '*', '', 'x;rm -rf y', '`pwd`', 'é'];
    for (const word of words) expect(shellWord(word), word).not.toBe(word);
    const echoed = execFileSync('sh', ['-c', `printf '%s\\n' ${words.map(shellWord).join(' ')}`], { encoding: 'utf8' });
    expect(echoed).toBe(`${words.join('\n')}\n`);
  });
});
