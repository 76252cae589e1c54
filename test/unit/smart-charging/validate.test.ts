import { describe, expect, it } from 'vitest';
import { allocateSite, AllocationInputError, type AllocationInput } from '../../../shared/smart-charging';
import { dcfc, level2, NOW, site, watts } from './support';

describe('allocateSite: bad input is an error naming the field', () => {
  it.each<[string, AllocationInput]>([
    ['limits.cost.limit', site([dcfc(1)], { cost: watts(-1) })],
    ['limits.capacity.limit', site([dcfc(1)], { capacity: watts(Number.NaN) })],
    ['limits.cost.unit', site([dcfc(1)], { cost: { limit: 5, unit: 'kW' as 'W' } })],
    ['sessions[1].voltageV', site([dcfc(1), level2(2, { voltageV: 0 })])],
    ['sessions[0].phases', site([level2(1, { phases: 4 })])],
    ['sessions[0].maxPowerW', site([dcfc(1, { maxPowerW: 0 })])],
    ['sessions[0].socPercent', site([dcfc(1, { socPercent: 120 })])],
    ['sessions[0].measuredPowerW', site([dcfc(1, { measuredPowerW: Number.POSITIVE_INFINITY })])],
    ['sessions[0].chargerType', site([dcfc(1, { chargerType: 'AC' as 'DCFC' })])],
    ['sessions[0].departure.targetSoc', site([dcfc(1, { departure: { time: 0, targetSoc: -5, source: 'api' } })])],
    ['sessions[0].override.limitW', site([dcfc(1, { override: { limitW: -1, expiresAt: 0 } })])],
    ['sessions[1].portId', site([dcfc(1), dcfc(1)])],
    [
      'chargerLimits[0].limit.limitW',
      site([dcfc(1)], {}, { chargerLimits: [{ chargerId: 1, limit: { limitW: -3, source: 'EMS' } }] }),
    ],
    ['now', { ...site([dcfc(1)]), now: Number.NaN }],
  ])('%s', (field, input) => {
    expect(() => allocateSite(input)).toThrow(AllocationInputError);
    expect(() => allocateSite(input)).toThrow(expect.objectContaining({ field }));
  });

  it('allocates an empty site', () => {
    expect(allocateSite(site([], { cost: watts(0) }))).toMatchObject({
      chargingRateUnit: 'W',
      allocatedTotal: 0,
      allocatedTotalW: 0,
      ports: [],
      lateVehicles: [],
      planner: 'greedy',
      slots: [{ start: NOW, allocated: 0, allocatedW: 0, cost: 0 }],
    });
  });
});
