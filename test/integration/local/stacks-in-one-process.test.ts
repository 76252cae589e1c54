/**
 * One process running local stacks one after another, as `npm run bench` does: each stack's
 * gateway listens on a port of its own, so the SDK clients the handlers keep (API Gateway's
 * management API for the CALLs to chargers, Lambda's Invoke API for smart charging's allocations)
 * must follow the endpoint to the running stack, not stay with the first one.
 */
import { describe, expect, it } from 'vitest';
import { api, createTenant, startTestStack, uniqueOcppId } from '../support/stack';
import { connectSmartCharger, txProfileOf } from '../support/smart-charger';

/**
 * Starts a stack with smart charging, sets a site limit and starts a session on a 1.6 charger:
 * @returns the limit (W) of the TxProfile the charger received for its transaction
 */
async function sessionProfileLimitW(): Promise<number> {
  const stack = await startTestStack({ smartCharging: true });
  try {
    const ocppId = uniqueOcppId('STACKS');
    const tenant = await createTenant(stack, [
      { ocppId, name: 'DC', type: 'DCFC', ports: [{ connectorType: 'CCS1', maximumPowerKw: 150 }] },
    ]);
    const charger = await connectSmartCharger(stack, ocppId, 'ocpp1.6', 1, { rateUnits: ['W'] });
    try {
      const limit = await api(stack, `/api/site/${tenant.siteId}/limits`, {
        key: tenant.apiKey,
        method: 'POST',
        body: { sitePowerLimitSchedule: { type: 'cost', limit: 40_000, chargingRateUnit: 'W' } },
      });
      expect(limit.status).toBe(201);
      const transactionId = Number(await charger.start(1, 'TAG-1', 150_000));
      const profile = await charger.waitFor(
        (c) =>
          c.action === 'SetChargingProfile' &&
          txProfileOf(c).purpose === 'TxProfile' &&
          txProfileOf(c).transactionId === transactionId,
        'TxProfile',
      );
      return txProfileOf(profile).limit;
    } finally {
      await charger.close();
    }
  } finally {
    await stack.close();
  }
}

describe('local stacks one after another in one process', () => {
  it("each stack's charger gets the profile its own allocation sent through its own gateway", async () => {
    expect(await sessionProfileLimitW()).toBe(40_000);
    expect(await sessionProfileLimitW()).toBe(40_000);
  });
});
