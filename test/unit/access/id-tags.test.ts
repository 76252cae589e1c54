import { describe, expect, it } from 'vitest';
import { idTagProblem, normalizeIdTag } from '../../../shared/access/id-tags';

describe('normalizeIdTag', () => {
  it.each([
    [' 04a2bc19 ', '04A2BC19'],
    ['AA:BB:CC:DD:EE:FF', 'AABBCCDDEEFF'],
    ['aa-bb-cc-dd-ee-ff', 'AABBCCDDEEFF'],
    ['0004.a3ab.1234', '0004A3AB1234'],
    ['04 A2 BC 19', '04A2BC19'],
    ['fleet-card-7', 'FLEET-CARD-7'],
    ['NL-TNM-C12345678-A', 'NL-TNM-C12345678-A'],
  ])('normalises %j to %j', (tag, normalized) => {
    expect(normalizeIdTag(tag)).toBe(normalized);
  });

  it('is idempotent', () => {
    for (const tag of ['aa:bb', ' x-y ', '0004.a3ab.1234'])
      expect(normalizeIdTag(normalizeIdTag(tag))).toBe(normalizeIdTag(tag));
  });

  it('refuses empty, over-long and non-printable tags', () => {
    expect(idTagProblem(normalizeIdTag('   '))).toMatch(/empty/);
    expect(idTagProblem('X'.repeat(37))).toMatch(/36/);
    expect(idTagProblem('A B')).toMatch(/printable/);
    expect(idTagProblem('X'.repeat(36))).toBeUndefined();
  });
});
