import { describe, expect, it } from 'vitest';
import { packOfYaml } from './gambling-pack.js';
import { helplineText } from './gambling-rules.js';

describe('the gambling pack of site.yaml as parsed', () => {
  it('is off without compliance:, and takes age, jurisdiction and help line from the file', () => {
    expect(packOfYaml({ helpline: { display: '1-800-GAMBLER' } })).toBeNull();
    expect(
      packOfYaml({ compliance: { age: 21, jurisdiction: { name: 'New Jersey' } }, helpline: { display: ' 1-800-X ' } }),
    ).toEqual({ age: 21, jurisdiction: 'New Jersey', helpline: '1-800-X' });
  });
  it('has no help line of its own: none to look for when site.yaml gives none', () => {
    const pack = packOfYaml({ compliance: {} });
    expect(pack).toEqual({ age: 21, jurisdiction: null, helpline: null });
    expect(helplineText(pack!)).toBeNull();
  });
});
