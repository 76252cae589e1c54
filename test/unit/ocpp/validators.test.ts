/**
 * The OCPP validators compiled ahead of time (`shared/ocpp/validators/`): they are what the
 * generator makes from the schemas `ocpp-rpc` ships today, and they keep the rules the bridge
 * relies on (CALLERROR codes by keyword, decimals, time stamps, lengths in characters).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { generateValidators, VALIDATOR_MODULES } from '../../../bin/generate-ocpp-validators';
import { OcppCallError } from '../../../shared/ocpp/errors';
import { isKnownAction, validatePayload } from '../../../shared/ocpp/schemas';
import * as V16 from '../../../shared/ocpp/validators/v16';
import * as V201 from '../../../shared/ocpp/validators/v201';

async function callError(run: () => Promise<void>): Promise<OcppCallError> {
  try {
    await run();
  } catch (error) {
    if (error instanceof OcppCallError) return error;
    throw error;
  }
  throw new Error('no CALLERROR');
}

describe('generated OCPP validators', () => {
  it.each(VALIDATOR_MODULES)(
    'are up to date with the schemas ($module; else run npm run generate:ocpp-types)',
    (version) => {
      const { names, code } = generateValidators(version);
      expect(readFileSync(`${version.module}.js`, 'utf8')).toBe(names.js);
      expect(readFileSync(`${version.module}.d.ts`, 'utf8')).toBe(names.dts);
      const stale = `${version.module}.code.mjs is stale`;
      expect(readFileSync(`${version.module}.code.mjs`, 'utf8') === code.js, stale).toBe(true);
      expect(readFileSync(`${version.module}.code.d.mts`, 'utf8')).toBe(code.dts);
    },
  );

  it('know every action of each version, and only those', () => {
    expect(isKnownAction('ocpp1.6', 'RemoteStartTransaction')).toBe(true);
    expect(isKnownAction('ocpp1.6', 'RequestStartTransaction')).toBe(false);
    expect(isKnownAction('ocpp2.0.1', 'TransactionEvent')).toBe(true);
    expect(isKnownAction('ocpp2.0.1', 'constructor')).toBe(false);
    expect(V201.TransactionEvent).toMatchObject({ protocol: 'ocpp2.0.1', action: 'TransactionEvent' });
  });

  it('map the first failure to the CALLERROR code of its keyword, naming the property', async () => {
    const boot = { chargePointVendor: 'Acme', chargePointModel: 'X1' };
    await expect(validatePayload(V16.BootNotification, 'req', boot)).resolves.toBeUndefined();
    const cases: [unknown, string, RegExp][] = [
      [{ chargePointVendor: 'Acme' }, 'OccurrenceConstraintViolation', /missing required property "chargePointModel"/],
      [{ ...boot, chargePointModel: 7 }, 'TypeConstraintViolation', /\/chargePointModel must be string/],
      [{ ...boot, colour: 'red' }, 'FormatViolation', /unknown property "colour"/],
      [
        { ...boot, chargePointVendor: 'A'.repeat(21) },
        'PropertyConstraintViolation',
        /must NOT have more than 20 characters/,
      ],
    ];
    for (const [payload, code, message] of cases) {
      const error = await callError(() => validatePayload(V16.BootNotification, 'req', payload));
      expect(error.code).toBe(code);
      expect(error.message).toMatch(message);
    }
  });

  it('count lengths in characters, accept decimals that are multiples of 0.1, and check time stamps', async () => {
    // 20 characters, 40 UTF-16 units: within the 1.6 idTag limit.
    await expect(validatePayload(V16.Authorize, 'req', { idTag: '😀'.repeat(20) })).resolves.toBeUndefined();
    const limit = (value: number) => ({
      connectorId: 1,
      csChargingProfiles: {
        chargingProfileId: 1,
        stackLevel: 0,
        chargingProfilePurpose: 'TxDefaultProfile',
        chargingProfileKind: 'Absolute',
        chargingSchedule: { chargingRateUnit: 'A', chargingSchedulePeriod: [{ startPeriod: 0, limit: value }] },
      },
    });
    await expect(validatePayload(V16.SetChargingProfile, 'req', limit(0.3))).resolves.toBeUndefined();
    expect((await callError(() => validatePayload(V16.SetChargingProfile, 'req', limit(0.35)))).code).toBe(
      'PropertyConstraintViolation',
    );
    const heartbeat = (currentTime: string) => () => validatePayload(V201.Heartbeat, 'conf', { currentTime });
    await expect(heartbeat('2026-11-21T08:00:00.000Z')()).resolves.toBeUndefined();
    expect((await callError(heartbeat('2026-11-21 08:00'))).message).toMatch(/must match format "date-time"/);
  });
});
