import { describe, expect, it } from 'vitest';
import { allocateSite, type AllocationResult } from '../../../shared/smart-charging';
import { dcfc, departure, HOUR, level2, NOW, site, watts } from './support';

/** limitW by portId. */
const limits = (r: AllocationResult) => Object.fromEntries(r.ports.map((p) => [p.portId, p.limitW]));
const reasons = (r: AllocationResult) => Object.fromEntries(r.ports.map((p) => [p.portId, p.reason]));

describe('allocateSite: capacity (spec §2.6, hard cap)', () => {
  it('gives minimums to the earliest departures and leaves the others waiting when minimums do not fit', () => {
    const r = allocateSite(
      site(
        [
          dcfc(1, { departure: departure(3) }),
          dcfc(2, { departure: departure(1) }),
          dcfc(3, { departure: departure(2) }),
        ],
        { capacity: watts(12_000) },
      ),
    );
    expect(reasons(r)[1]).toBe('waiting');
    expect(limits(r)[1]).toBe(0);
    expect(limits(r)[2]! + limits(r)[3]!).toBeLessThanOrEqual(12_000);
    expect(limits(r)[2]).toBeGreaterThanOrEqual(5000);
    expect(limits(r)[3]).toBeGreaterThanOrEqual(5000);
  });

  it('rotates: once the earliest departure has left, the next waiting vehicle gets its minimum', () => {
    const r = allocateSite(
      site([dcfc(1, { departure: departure(3) }), dcfc(3, { departure: departure(2) })], { capacity: watts(10_000) }),
    );
    expect(limits(r)).toEqual({ 1: 5000, 3: 5000 });
    expect(reasons(r)).toEqual({ 1: 'minimum', 3: 'minimum' });
  });

  it('puts vehicles without a departure after those with one, first come first served, ties by portId', () => {
    const sessions = [
      dcfc(4, { startTime: NOW - 2 * HOUR }),
      dcfc(3, { startTime: NOW - 3 * HOUR }),
      dcfc(2, { startTime: NOW - 3 * HOUR }),
      dcfc(9, { startTime: NOW, departure: departure(10) }),
    ];
    const r = allocateSite(site(sessions, { capacity: watts(15_000) }));
    expect(reasons(r)).toEqual({ 9: 'minimum', 2: 'minimum', 3: 'minimum', 4: 'waiting' });
  });

  it('still grants a later, smaller minimum that fits (a Level 2 after a DCFC that does not)', () => {
    const r = allocateSite(
      site(
        [
          dcfc(1, { departure: departure(1) }),
          dcfc(2, { departure: departure(2) }),
          level2(3, { departure: departure(3) }),
        ],
        { capacity: watts(8000) },
      ),
    );
    expect(reasons(r)).toMatchObject({ 2: 'waiting', 3: expect.not.stringMatching('waiting') });
    expect(limits(r)[1]! + limits(r)[3]!).toBeLessThanOrEqual(8000);
    expect(limits(r)[3]).toBeGreaterThanOrEqual(8 * 240);
  });

  it('keeps every minimum when overrides need more than capacity, and shares the rest between the overrides', () => {
    const override = { limitW: 100_000, expiresAt: NOW + HOUR };
    const r = allocateSite(site([dcfc(1, { override }), dcfc(2, { override }), dcfc(3)], { capacity: watts(65_000) }));
    expect(limits(r)).toEqual({ 1: 30_000, 2: 30_000, 3: 5000 });
    expect(reasons(r)).toEqual({ 1: 'override', 2: 'override', 3: 'minimum' });
  });

  it('counts an uncontrolled charger at its maximum (or its measured power if higher) and shares what remains', () => {
    const r = allocateSite(
      site([dcfc(1, { uncontrolled: true, maxPowerW: 50_000, measuredPowerW: 52_000 }), dcfc(2), dcfc(3)], {
        cost: watts(80_000),
        capacity: watts(100_000),
      }),
    );
    expect(limits(r)).toEqual({ 1: 52_000, 2: 14_000, 3: 14_000 });
    expect(reasons(r)[1]).toBe('uncontrolled');
  });

  it('leaves every controllable vehicle waiting when uncontrolled load fills capacity', () => {
    const r = allocateSite(site([dcfc(1, { uncontrolled: true }), dcfc(2)], { capacity: watts(150_000) }));
    expect(limits(r)).toEqual({ 1: 150_000, 2: 0 });
    expect(reasons(r)[2]).toBe('waiting');
  });
});

describe('allocateSite: cost limit and minimums (spec §2.6, soft cap)', () => {
  it('lets every vehicle charge at its minimum under a cost limit of 0 (8 A on Level 2, 5 kW on DCFC)', () => {
    const r = allocateSite(
      site([dcfc(1), dcfc(2), level2(3), level2(4, { phases: 3, voltageV: 230, maxPowerW: 22_080 })], {
        cost: watts(0),
      }),
    );
    expect(limits(r)).toEqual({ 1: 5000, 2: 5000, 3: 8 * 240, 4: 8 * 230 * 3 });
    expect(r.ports.map((p) => p.reason)).toEqual(['minimum', 'minimum', 'minimum', 'minimum']);
    expect(r.ports.find((p) => p.portId === 3)!.limitA).toBe(8);
  });

  it("uses the vehicle's own ISO 15118 minimum when higher, but never above the port's maximum", () => {
    const r = allocateSite(
      site([dcfc(1, { evNeeds: { minPowerW: 9000 } }), dcfc(2, { maxPowerW: 7000, evNeeds: { minPowerW: 9000 } })], {
        cost: watts(0),
      }),
    );
    expect(limits(r)).toEqual({ 1: 9000, 2: 7000 });
    expect(reasons(r)[2]).toBe('capped');
  });

  it('applies the cost limit first; capacity above it changes nothing without overrides', () => {
    const r = allocateSite(site([dcfc(1), dcfc(2)], { cost: watts(50_000), capacity: watts(80_000) }));
    expect(limits(r)).toEqual({ 1: 25_000, 2: 25_000 });
    expect(r.allocatedTotal).toBe(50_000);
  });

  it('lets an override exceed the cost limit, capped by the port maximum', () => {
    const r = allocateSite(
      site([dcfc(1, { maxPowerW: 60_000, override: { limitW: 100_000, expiresAt: NOW + 1 } }), dcfc(2)], {
        cost: watts(20_000),
        capacity: watts(200_000),
      }),
    );
    expect(limits(r)).toEqual({ 1: 60_000, 2: 5000 });
    expect(reasons(r)).toEqual({ 1: 'override', 2: 'minimum' });
  });

  it('counts an override against the cost limit: the others share what it leaves', () => {
    const r = allocateSite(
      site([dcfc(1, { override: { limitW: 20_000, expiresAt: NOW + 1 } }), dcfc(2), dcfc(3)], { cost: watts(60_000) }),
    );
    expect(limits(r)).toEqual({ 1: 20_000, 2: 20_000, 3: 20_000 });
  });

  it('lets an override set a port below its minimum (0 pauses it)', () => {
    const r = allocateSite(
      site([dcfc(1, { override: { limitW: 0, expiresAt: NOW + 1 } }), dcfc(2)], { cost: watts(30_000) }),
    );
    expect(limits(r)).toEqual({ 1: 0, 2: 30_000 });
    expect(reasons(r)[1]).toBe('override');
  });

  it('ignores an override once now reaches expiresAt', () => {
    const r = allocateSite(
      site([dcfc(1, { override: { limitW: 100_000, expiresAt: NOW } }), dcfc(2)], { cost: watts(30_000) }),
    );
    expect(limits(r)).toEqual({ 1: 15_000, 2: 15_000 });
    expect(reasons(r)[1]).toBe('share');
  });
});

describe('allocateSite: sharing above the minimums', () => {
  it('shares equally, never above a port maximum, and gives what a port cannot take to the others', () => {
    const r = allocateSite(site([dcfc(1, { maxPowerW: 10_000 }), dcfc(2), dcfc(3)], { cost: watts(100_000) }));
    expect(limits(r)).toEqual({ 1: 10_000, 2: 45_000, 3: 45_000 });
    expect(reasons(r)).toEqual({ 1: 'capped', 2: 'share', 3: 'share' });
  });

  it('gives every port its maximum when the limits allow it (work-conserving, nothing more)', () => {
    const r = allocateSite(site([dcfc(1), level2(2)], { cost: watts(1_000_000) }));
    expect(limits(r)).toEqual({ 1: 150_000, 2: 11_520 });
  });

  it('caps a vehicle at what it accepts (ISO 15118 evNeeds.maxPowerW)', () => {
    const r = allocateSite(site([dcfc(1, { evNeeds: { maxPowerW: 20_000 } }), dcfc(2)], { cost: watts(100_000) }));
    expect(limits(r)).toEqual({ 1: 20_000, 2: 80_000 });
  });

  it('caps a vehicle that drew < 90 % of its limit at 1.2 × its draw + 1 kW, and gives the rest to others', () => {
    const r = allocateSite(
      site([dcfc(1, { previousLimitW: 50_000, measuredPowerW: 20_000 }), dcfc(2)], { cost: watts(100_000) }),
    );
    expect(limits(r)).toEqual({ 1: 25_000, 2: 75_000 });
    expect(reasons(r)[1]).toBe('capped');
  });

  it('does not cap a vehicle that draws ≥ 90 % of its limit', () => {
    const r = allocateSite(
      site([dcfc(1, { previousLimitW: 50_000, measuredPowerW: 45_000 }), dcfc(2)], { cost: watts(100_000) }),
    );
    expect(limits(r)).toEqual({ 1: 50_000, 2: 50_000 });
  });

  it('never caps a slow vehicle below its minimum (1 A margin on Level 2)', () => {
    const r = allocateSite(
      site(
        [
          level2(1, { previousLimitW: 11_520, measuredPowerW: 0 }),
          level2(2, { previousLimitW: 11_520, measuredPowerW: 2000 }),
        ],
        { cost: watts(100_000) },
      ),
    );
    expect(limits(r)).toEqual({ 1: 8 * 240, 2: 1.2 * 2000 + 240 });
  });
});

describe('allocateSite: external limits (OCPP 2.0.1 NotifyChargingLimit)', () => {
  it('caps a port at its EVSE external limit and gives the rest to others', () => {
    const r = allocateSite(
      site([dcfc(1, { externalLimit: { limitW: 12_000, source: 'EMS' } }), dcfc(2)], { cost: watts(60_000) }),
    );
    expect(limits(r)).toEqual({ 1: 12_000, 2: 48_000 });
    expect(reasons(r)).toEqual({ 1: 'external', 2: 'share' });
  });

  it("caps the sum of a station's ports at its whole-station limit; what they cannot use goes to the others", () => {
    const sessions = [dcfc(1, { chargerId: 7 }), dcfc(2, { chargerId: 7 }), dcfc(3)];
    const r = allocateSite(
      site(
        sessions,
        { cost: watts(90_000) },
        { chargerLimits: [{ chargerId: 7, limit: { limitW: 20_000, source: 'SO' } }] },
      ),
    );
    expect(limits(r)).toEqual({ 1: 10_000, 2: 10_000, 3: 70_000 });
    expect(reasons(r)).toEqual({ 1: 'external', 2: 'external', 3: 'share' });
  });

  it('lets a station limit below the minimums cut them (reason external), without waiting', () => {
    const sessions = [dcfc(1, { chargerId: 7 }), dcfc(2, { chargerId: 7 })];
    const r = allocateSite(
      site(sessions, { cost: watts(0) }, { chargerLimits: [{ chargerId: 7, limit: { limitW: 7000, source: 'CSO' } }] }),
    );
    expect(limits(r)).toEqual({ 1: 5000, 2: 2000 });
    expect(reasons(r)).toEqual({ 1: 'minimum', 2: 'external' });
  });
});
