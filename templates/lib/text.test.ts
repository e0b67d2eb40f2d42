import { describe, expect, it } from 'vitest';
import { possessive } from './text.js';

describe('possessive', () => {
  it('adds only an apostrophe to a name ending in s', () => {
    expect(possessive('FanDuel')).toBe("FanDuel's");
    expect(possessive('BetMGM')).toBe("BetMGM's");
    expect(possessive('Caesars')).toBe("Caesars'");
    expect(possessive('DraftKings')).toBe("DraftKings'");
    expect(possessive('BetRivers')).toBe("BetRivers'");
  });
});
