import { describe, expect, it } from 'vitest';
import { formatPartialDate, monthYear } from './dates.js';

describe('dates', () => {
  it('formats full, month and year dates', () => {
    expect(formatPartialDate('2004-07-05')).toBe('July 5, 2004');
    expect(formatPartialDate('2023-03')).toBe('March 2023');
    expect(formatPartialDate('2019')).toBe('2019');
  });
  it('shows an updated date as its month', () => {
    expect(monthYear('2025-01-15')).toBe('January 2025');
    expect(monthYear('2024-12-31')).toBe('December 2024');
  });
});
