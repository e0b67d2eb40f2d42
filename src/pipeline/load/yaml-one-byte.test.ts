import { describe, expect, it } from 'vitest';
import { serialize } from 'node:v8';
import { parseYaml } from './yaml-source.js';

/** Whether V8 stores `s` one byte a character (its serializer's tag after the version header). */
const isOneByte = (s: string) => serialize(s)[2] === 0x22;

describe('parseYaml', () => {
  it('gives one-byte strings where a text beyond Latin-1 elsewhere would make them two-byte', () => {
    const text =
      'title: PA Bet Guide \u00a9 2026\nurl: https://www.example.com\nstake: 1\u20135%\nmenu: [{ name: Home page }]\n';
    const { data } = parseYaml(text, 'site.yaml') as { data: Record<string, unknown> };
    const { title, url, stake, menu } = data as { title: string; url: string; stake: string; menu: { name: string }[] };
    expect([title, url, stake, menu[0]!.name]).toEqual([
      'PA Bet Guide \u00a9 2026',
      'https://www.example.com',
      '1\u20135%',
      'Home page',
    ]);
    expect([title, url, menu[0]!.name].map(isOneByte)).toEqual([true, true, true]);
    expect(isOneByte(stake)).toBe(false);
  });

  it('does the same for frontmatter that the plain fast path reads (nested maps of one-line values)', () => {
    const text = 'title: Guide \u2013 fees\nhero:\n  heading: Fees in Erie\n  lede: Plain text\n';
    const { data } = parseYaml(text, 'page.md') as { data: { title: string; hero: { heading: string; lede: string } } };
    expect(data).toEqual({ title: 'Guide \u2013 fees', hero: { heading: 'Fees in Erie', lede: 'Plain text' } });
    expect([data.hero.heading, data.hero.lede].map(isOneByte)).toEqual([true, true]);
    expect(isOneByte(data.title)).toBe(false);
  });
});
