/** A vehicle's battery learnt from its ended sessions (shared/access/battery-learning.ts): which sessions teach, and what. */
import { describe, expect, it } from 'vitest';
import { LEARN_MIN_SOC_RISE, learnedCapacityOf } from '../../../shared/access/battery-learning';
import type { TableChange } from '../../../shared/db/table-changes';

const END = '2026-12-05T18:00:00.000Z';
const session = (fields: object) => ({
  __edb_e__: 'chargingSession',
  organizationId: 2,
  vehicleId: 5,
  socStartPercent: 20,
  ...fields,
});
const ending = (fields: object, before: object = { status: 'InProgress' }): TableChange => ({
  eventName: 'MODIFY',
  oldImage: session(before),
  newImage: session({ status: 'Completed', endTime: END, socEndPercent: 60, energyDeliveredKwh: 30, ...fields }),
});

describe("a vehicle's battery learnt from its sessions", () => {
  it('is the energy over the SoC rise the charger reported, when the session ends', () => {
    expect(learnedCapacityOf(ending({}))).toEqual({ organizationId: 2, vehicleId: 5, capacityKwh: 75, at: END });
    expect(learnedCapacityOf(ending({ socEndPercent: 20 + LEARN_MIN_SOC_RISE, energyDeliveredKwh: 6.66 }))).toEqual(
      expect.objectContaining({ capacityKwh: 66.6 }),
    );
  });

  it('learns nothing from a small rise, no SoC, no vehicle, an absurd result or a change that is not the end', () => {
    expect(learnedCapacityOf(ending({ socEndPercent: 20 + LEARN_MIN_SOC_RISE - 1 }))).toBeUndefined();
    expect(learnedCapacityOf(ending({ socEndPercent: undefined }))).toBeUndefined();
    expect(learnedCapacityOf(ending({ vehicleId: undefined }))).toBeUndefined();
    expect(learnedCapacityOf(ending({ energyDeliveredKwh: 900 }))).toBeUndefined();
    expect(learnedCapacityOf(ending({ energyDeliveredKwh: 0 }))).toBeUndefined();
    expect(learnedCapacityOf(ending({}, { status: 'Completed' }))).toBeUndefined();
    expect(learnedCapacityOf(ending({ status: 'InProgress' }))).toBeUndefined();
    expect(
      learnedCapacityOf({ ...ending({}), newImage: { ...ending({}).newImage, __edb_e__: 'port' } }),
    ).toBeUndefined();
  });
});
