/**
 * A tariff change makes smart charging allocate the site again, through the table's change stream
 * as on AWS (the trigger's filter passes `siteTariff` items).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalStack } from '../../../lib/local/stack';
import { api, createTenant, startTestStack, type Tenant } from '../support/stack';
import { pollUntil } from '../support/ocpp';

let stack: LocalStack;
let tenant: Tenant;

beforeAll(async () => {
  stack = await startTestStack({ smartCharging: true });
  tenant = await createTenant(stack);
});
afterAll(async () => stack?.close());

const flat = (pricePerKwh: number) => ({
  tariff: {
    currency: 'USD',
    energyPrices: [
      { name: 'flat', daysOfWeek: [1, 2, 3, 4, 5, 6, 7], startTime: '00:00', endTime: '24:00', pricePerKwh },
    ],
  },
});
/** How many allocations of the site ran. */
const sequence = async () =>
  (await stack.db.siteAllocation.get({ siteId: tenant.siteId }).go({ consistent: true })).data?.sequence ?? 0;

describe('a tariff change', () => {
  it('allocates the site again when its tariff is set, replaced and removed', async () => {
    const path = `/api/sites/${tenant.siteId}/tariff`;
    expect(await sequence()).toBe(0);
    for (const [method, body, status] of [
      ['PUT', flat(0.2), 200],
      ['PUT', flat(0.3), 200],
      ['DELETE', undefined, 204],
    ] as const) {
      const before = await sequence();
      expect((await api(stack, path, { key: tenant.apiKey, method, body })).status).toBe(status);
      await pollUntil(sequence, (n) => n > before, `an allocation after ${method} ${path}`);
    }
  });
});

describe("the site's demand as stored", () => {
  it("stores the demand state's per-session given limit and need (the schema keeps them; recordGiven is unit-tested)", async () => {
    // A tariff allocates the site; the demand state is stored on its allocation.
    const before = await sequence();
    const path = `/api/sites/${tenant.siteId}/tariff`;
    expect((await api(stack, path, { key: tenant.apiKey, method: 'PUT', body: flat(0.25) })).status).toBe(200);
    await pollUntil(sequence, (n) => n > before, `an allocation after PUT ${path}`);
    const { data: item } = await stack.db.siteAllocation.get({ siteId: tenant.siteId }).go({ consistent: true });
    const session = {
      id: 7,
      start: 1_570_000_000_000,
      seenAt: 1_570_000_300_000,
      energyWh: 1_200,
      powerW: 0,
      maxPowerW: 6_600,
      readingLimitW: 0,
      givenW: 6_600,
      neededWh: 550,
    };
    const demand = {
      billingPeriodStart: 1_569_913_200_000,
      peakW: 30_000,
      intervalStart: 1_570_000_200_000,
      intervalWh: 500,
      sampledAt: 1_570_000_300_000,
      sampledW: 6_000,
      sessions: [session],
    };
    await stack.db.siteAllocation.put({ ...item!, demand }).go();
    const { data: stored } = await stack.db.siteAllocation.get({ siteId: tenant.siteId }).go({ consistent: true });
    expect(stored?.demand?.sessions).toEqual([session]);
  });
});
