/** The plan by vehicle (lib/console/src/vehicle-plan.ts): rows, bars, span and positions. */
import { describe, expect, it } from 'vitest';
import type { AllocationRow } from '../../../lib/console/src/allocation-rows';
import type { AllocationData } from '../../../lib/console/src/plan-data';
import { positionPercent, vehiclePlan } from '../../../lib/console/src/vehicle-plan';

const NOW = Date.parse('2026-12-01T12:00:00.000Z');
const at = (minutes: number) => new Date(NOW + minutes * 60_000).toISOString();

function allocationOf(ports: { portId: number; departureTime: string | null; periods: [number, number][] }[]) {
  return {
    chargingRateUnit: 'W',
    ports: ports.map((port) => ({
      portId: port.portId,
      sessionId: port.portId * 10,
      departureTime: port.departureTime,
      plannedPeriods: port.periods.map(([minutes, limit]) => ({ startTime: at(minutes), limit, limitW: limit })),
    })),
  } as unknown as AllocationData;
}

const row = (portId: number, vehicle: string, eta: string, late: boolean) =>
  ({ portId, vehicle, eta, late }) as AllocationRow;

describe('the plan by vehicle', () => {
  it('draws each period until the next one from now on, leaves out nothing-planned stretches, and marks the departure', () => {
    const plan = vehiclePlan(
      allocationOf([
        {
          portId: 1,
          departureTime: at(180),
          periods: [
            [-10, 7000],
            [30, 0],
            [60, 11000],
            [180, 0],
          ],
        },
        { portId: 2, departureTime: null, periods: [[0, 5000]] },
      ]),
      [row(1, 'Van 1', '14:30', false), row(2, 'Van 2', '—', false)],
      NOW,
    );
    expect(plan.startMs).toBe(NOW);
    expect(plan.endMs).toBe(Date.parse(at(180)));
    expect(plan.maxLimit).toBe(11000);
    expect(plan.rows[0]).toEqual({
      portId: 1,
      vehicle: 'Van 1',
      segments: [
        { startMs: NOW, endMs: Date.parse(at(30)), limit: 7000 },
        { startMs: Date.parse(at(60)), endMs: Date.parse(at(180)), limit: 11000 },
      ],
      departureMs: Date.parse(at(180)),
      eta: '14:30',
      late: false,
    });
    expect(plan.rows[1]).toMatchObject({
      vehicle: 'Van 2',
      departureMs: null,
      segments: [{ startMs: NOW, limit: 5000 }],
    });
  });

  it('spans at least 2 h and at most 24 h ahead', () => {
    const soon = vehiclePlan(allocationOf([{ portId: 1, departureTime: at(20), periods: [[0, 7000]] }]), [], NOW);
    expect(soon.endMs - NOW).toBe(2 * 3600_000);
    const late = vehiclePlan(allocationOf([{ portId: 1, departureTime: at(3000), periods: [[0, 7000]] }]), [], NOW);
    expect(late.endMs - NOW).toBe(24 * 3600_000);
    expect(late.rows[0]!.vehicle).toBe('—');
  });

  it('places times as a percentage of the span, clamped to it', () => {
    const span = { startMs: NOW, endMs: NOW + 4 * 3600_000 };
    expect([NOW - 1, NOW, NOW + 3600_000, NOW + 5 * 3600_000].map((ms) => positionPercent(span, ms))).toEqual([
      0, 0, 25, 100,
    ]);
  });
});
