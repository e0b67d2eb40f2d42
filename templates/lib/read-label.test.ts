import { describe, expect, it } from 'vitest';
import { readLabel } from './read-label.js';

describe('card link text from the kind of page', () => {
  it('says what the page is: review, post, guide, or a neutral "Read more"', () => {
    expect(readLabel({ template: 'review' })).toBe('Read the review');
    expect(readLabel({ template: 'guide', date: '2026-11' })).toBe('Read the post');
    expect(readLabel({ template: 'guide' }, true)).toBe('Read the post'); // a posts block lists posts
    expect(readLabel({ template: 'guide' })).toBe('Read the guide');
    expect(readLabel({ template: 'talk' as 'guide' })).toBe('Read more');
  });
});
