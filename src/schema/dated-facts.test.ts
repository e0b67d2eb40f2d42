import { describe, expect, it } from 'vitest';
import { datedFacts, factsLaterThan, factsOn, withoutLaterFacts } from './dated-facts.js';

const facts = datedFacts.parse({
  w2gSlots: [
    { value: '$1,200', source: 'irs-w2g' },
    { value: '$2,000', from: '2026-01-01', source: 'cdc-w2g-2026' },
  ],
  fine: { value: '$40,000', from: '2025-07-24', source: 'casino-org' },
  tax: { value: '3.07%', source: 'pa-revenue' },
});

describe('dated site facts', () => {
  it('picks the newest value in force on the build date', () => {
    expect(factsOn(facts, '2025-12-31').w2gSlots?.value).toBe('$1,200');
    expect(factsOn(facts, '2026-01-01').w2gSlots?.value).toBe('$2,000');
    expect(factsOn(facts, '2026-12-06').tax?.value).toBe('3.07%');
  });

  it('leaves out a fact none of whose values is in force yet, and names it', () => {
    expect(factsOn(facts, '2025-01-20')).not.toHaveProperty('fine');
    expect(factsLaterThan(facts, '2025-01-20')).toEqual(['fine']);
    expect(factsLaterThan(facts, '2025-07-24')).toEqual([]);
  });

  it('rejects values out of order or a later value without `from`', () => {
    const bad = datedFacts.safeParse({
      a: [
        { value: 1, from: '2026-01-01', source: 's' },
        { value: 2, from: '2025-01-01', source: 's' },
      ],
      b: [
        { value: 1, source: 's' },
        { value: 2, source: 's' },
      ],
    });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues.map((i) => i.path.join('.'))).toEqual(['a.1.from', 'b.1.from']);
  });

  it('drops list entries and sentences that quote a fact dated after the build', () => {
    const operator = {
      pros: ['Licensed since 2019', 'Fined {{site.facts.fine}} in July 2025'],
      faqs: [
        { question: 'Fined?', answer: 'Yes, {{site.facts.fine}}.' },
        { question: 'Legal?', answer: 'Yes.' },
      ],
      verdict: 'A steady book. Weigh the {{site.facts.fine}} fine. Read the terms.',
    };
    expect(withoutLaterFacts(operator, ['fine'])).toEqual({
      pros: ['Licensed since 2019'],
      faqs: [{ question: 'Legal?', answer: 'Yes.' }],
      verdict: 'A steady book. Read the terms.',
    });
    expect(withoutLaterFacts(operator, [])).toBe(operator);
  });
});
