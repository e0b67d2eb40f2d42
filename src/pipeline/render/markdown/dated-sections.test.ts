import { describe, expect, it } from 'vitest';
import { datedSections } from './dated-sections.js';

const page = [
  'Intro.',
  '::: from 2025-06-18',
  'A June 2025 lawsuit.',
  ':::',
  '::: until 2026-01-01',
  'Old rule.',
  ':::',
  'End.',
].join('\n');

describe('dated Markdown sections', () => {
  it('shows a `from` section from its day and an `until` section before its day, lines kept', () => {
    const jan = datedSections(page, '2025-01-20').split('\n');
    expect(jan).toEqual(['Intro.', '', '', '', '', 'Old rule.', '', 'End.']);
    const dec = datedSections(page, '2026-12-06').split('\n');
    expect(dec).toEqual(['Intro.', '', 'A June 2025 lawsuit.', '', '', '', '', 'End.']);
  });

  it('shows every section, fences removed, without a build date; text without fences is untouched', () => {
    expect(datedSections(page, undefined)).not.toContain(':::');
    expect(datedSections(page, undefined)).toContain('A June 2025 lawsuit.');
    expect(datedSections('No fences here.', '2025-01-20')).toBe('No fences here.');
  });
});
