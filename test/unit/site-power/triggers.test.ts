import { describe, expect, it } from 'vitest';
import type { TableChange } from '../../../shared/db/table-changes';
import { reallocationsOf } from '../../../shared/site-power/triggers';

const session = (status: string, siteId = 7) => ({ __edb_e__: 'chargingSession', siteId, status, sessionId: 1 });
const charger = (fields: object) => ({ __edb_e__: 'charger', siteId: 3, chargerId: 9, ...fields });

describe('what re-allocates a site', () => {
  it('re-allocates on a session start and end, not on its meter values', () => {
    const changes: TableChange[] = [
      { eventName: 'INSERT', newImage: session('InProgress') },
      { eventName: 'MODIFY', oldImage: session('InProgress', 8), newImage: session('Completed', 8) },
      {
        eventName: 'MODIFY',
        oldImage: session('InProgress', 9),
        newImage: { ...session('InProgress', 9), updatedAt: 'later' },
      },
    ];
    expect([...reallocationsOf(changes).siteIds]).toEqual([7, 8]);
  });

  it('re-allocates on a limit set or deleted, an override set or removed, and a charger (re)connecting or booting', () => {
    const override = { siteId: 5, limit: 1, chargingRateUnit: 'W', expiresAt: 'x', sessionId: 1, createdAt: 'x' };
    const changes: TableChange[] = [
      { eventName: 'REMOVE', oldImage: { __edb_e__: 'sitePowerLimit', siteId: 4, type: 'cost' } },
      {
        eventName: 'MODIFY',
        oldImage: { __edb_e__: 'port' },
        newImage: { __edb_e__: 'port', chargingOverride: override },
      },
      {
        eventName: 'MODIFY',
        oldImage: charger({ currentConnectionId: 'a' }),
        newImage: charger({ currentConnectionId: 'b' }),
      },
    ];
    expect([...reallocationsOf(changes).siteIds].sort()).toEqual([3, 4, 5]);
    const meterValues: TableChange = {
      eventName: 'MODIFY',
      oldImage: { __edb_e__: 'port', currentChargingSession: { powerKw: 1 } },
      newImage: { __edb_e__: 'port', currentChargingSession: { powerKw: 2 } },
    };
    const heartbeatLike: TableChange = {
      eventName: 'MODIFY',
      oldImage: charger({ currentConnectionId: 'a', updatedAt: '1' }),
      newImage: charger({ currentConnectionId: 'a', updatedAt: '2' }),
    };
    expect(reallocationsOf([meterValues, heartbeatLike]).siteIds.size).toBe(0);
  });

  it("re-allocates on a site's tariff set, replaced or removed", () => {
    const tariff = (siteId: number, price: number) => ({
      __edb_e__: 'siteTariff',
      siteId,
      currency: 'USD',
      energyPrices: [
        { name: 'flat', daysOfWeek: [1, 2, 3, 4, 5, 6, 7], startTime: '00:00', endTime: '24:00', pricePerKwh: price },
      ],
    });
    const changes: TableChange[] = [
      { eventName: 'INSERT', newImage: tariff(21, 0.1) },
      { eventName: 'MODIFY', oldImage: tariff(22, 0.1), newImage: tariff(22, 0.2) },
      { eventName: 'REMOVE', oldImage: tariff(23, 0.1) },
    ];
    expect([...reallocationsOf(changes).siteIds]).toEqual([21, 22, 23]);
  });

  it("re-allocates on an external limit of an EVSE or a station, and on a vehicle's needs; not on their schedule report", () => {
    const limit = { source: 'EMS', siteId: 6, receivedAt: 'x' };
    const needs = { requestedEnergyTransfer: 'DC', siteId: 12, receivedAt: 'x' };
    const changes: TableChange[] = [
      {
        eventName: 'MODIFY',
        oldImage: { __edb_e__: 'port', externalChargingLimit: limit },
        newImage: { __edb_e__: 'port' },
      },
      {
        eventName: 'MODIFY',
        oldImage: charger({}),
        newImage: charger({ externalChargingLimit: { ...limit, siteId: 3 } }),
      },
      {
        eventName: 'MODIFY',
        oldImage: { __edb_e__: 'port', currentChargingSession: { sessionId: 1 } },
        newImage: { __edb_e__: 'port', currentChargingSession: { sessionId: 1, evChargingNeeds: needs } },
      },
    ];
    expect([...reallocationsOf(changes).siteIds].sort((a, b) => a - b)).toEqual([3, 6, 12]);
    const schedule: TableChange = {
      eventName: 'MODIFY',
      oldImage: { __edb_e__: 'port', currentChargingSession: { sessionId: 1, evChargingNeeds: needs } },
      newImage: {
        __edb_e__: 'port',
        currentChargingSession: { sessionId: 1, evChargingNeeds: needs, evChargingSchedule: { limit: 1 } },
      },
    };
    expect(reallocationsOf([schedule]).siteIds.size).toBe(0);
  });

  it('asks for the organization of a changed departure plan, and coalesces a burst into one request per site', () => {
    const burst: TableChange[] = Array.from({ length: 50 }, () => ({
      eventName: 'INSERT' as const,
      newImage: { __edb_e__: 'sitePowerLimit', siteId: 2 },
    }));
    const result = reallocationsOf([
      ...burst,
      { eventName: 'MODIFY', newImage: { __edb_e__: 'departurePlan', organizationId: 11 } },
    ]);
    expect([...result.siteIds]).toEqual([2]);
    expect([...result.organizationIds]).toEqual([11]);
  });

  it('ignores other entities and images without an entity', () => {
    expect(
      reallocationsOf([
        { eventName: 'INSERT', newImage: { __edb_e__: 'apiKey', siteId: 1 } },
        { eventName: 'INSERT', newImage: {} },
      ]).siteIds.size,
    ).toBe(0);
  });
});
