import { describe, expect, it } from 'vitest';
import {
  ALL_RESET_TYPES,
  ALL_TRIGGER_MESSAGES,
  RESET_TYPES,
  TRIGGER_MESSAGES,
} from '../../../shared/charger-operations/version-inputs';
import type * as V16 from '../../../shared/ocpp/types/v16';
import type * as V201 from '../../../shared/ocpp/types/v201';

/** Compile-time: a list holds exactly the members of a union. */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;

describe("what each OCPP version takes of the charger operations' inputs", () => {
  it("lists exactly each version's reset types and trigger messages (the official schemas' enums)", () => {
    const checks: [
      Same<(typeof RESET_TYPES)['ocpp1.6'][number], V16.ResetRequest['type']>,
      Same<(typeof RESET_TYPES)['ocpp2.0.1'][number], V201.ResetEnumType>,
      Same<(typeof TRIGGER_MESSAGES)['ocpp1.6'][number], V16.TriggerMessageRequest['requestedMessage']>,
      Same<(typeof TRIGGER_MESSAGES)['ocpp2.0.1'][number], V201.MessageTriggerEnumType>,
    ] = [true, true, true, true];
    expect(checks).toEqual([true, true, true, true]);
  });

  it("makes the API's enums the union of both versions' values", () => {
    expect([...ALL_RESET_TYPES].sort()).toEqual([...RESET_TYPES['ocpp1.6'], ...RESET_TYPES['ocpp2.0.1']].sort());
    expect([...ALL_TRIGGER_MESSAGES].sort()).toEqual(
      [...new Set([...TRIGGER_MESSAGES['ocpp1.6'], ...TRIGGER_MESSAGES['ocpp2.0.1']])].sort(),
    );
  });
});
