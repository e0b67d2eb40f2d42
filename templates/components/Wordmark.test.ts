import { describe, expect, it } from 'vitest';
import { inkOn } from './Wordmark.js';

describe('inkOn', () => {
  it('picks white on dark brand colors and near-black on light ones', () => {
    expect(inkOn('#0a58c2')).toBe('#fff');
    expect(inkOn('#12372a')).toBe('#fff');
    expect(inkOn('#f5c542')).toBe('#111');
    expect(inkOn('#ffffff')).toBe('#111');
  });
});
