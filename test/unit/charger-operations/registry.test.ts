/**
 * The registry's two lists agree: every kind that settles its `scheduled` results later is among
 * the settling kinds (which reads of an operation use), each with the kind's own settle step.
 */
import { describe, expect, it } from 'vitest';
import { OPERATION_KINDS, SETTLING_KINDS } from '../../../shared/charger-operations/registry';

describe('the operation kinds registry', () => {
  it('lists as settling exactly the kinds that have a settle step', () => {
    const settling = Object.entries(OPERATION_KINDS)
      .filter(([, kind]) => 'settle' in kind && typeof kind.settle === 'function')
      .map(([action]) => action)
      .sort();
    expect(Object.keys(SETTLING_KINDS).sort()).toEqual(settling);
    for (const [action, kind] of Object.entries(SETTLING_KINDS)) {
      expect(kind.settle).toBe((OPERATION_KINDS[action as keyof typeof OPERATION_KINDS] as typeof kind).settle);
    }
  });
});
