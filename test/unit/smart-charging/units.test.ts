import { describe, expect, it } from 'vitest';
import {
  allocateSite,
  ceilAmps,
  floorAmps,
  floorWatts,
  siteUnit,
  type AllocationResult,
} from '../../../shared/smart-charging';
import { amps, dcfc, level2, site, watts } from './support';

const byPort = (r: AllocationResult) =>
  Object.fromEntries(r.ports.map((p) => [p.portId, { W: p.limitW, A: p.limitA }]));

describe('amps and watts (spec §2.6)', () => {
  it('uses A as the unit only when every limit of the site is in amps', () => {
    expect(siteUnit({ cost: amps(10), capacity: amps(20) })).toBe('A');
    expect(siteUnit({ capacity: amps(20) })).toBe('A');
    expect(siteUnit({ cost: watts(10), capacity: amps(20) })).toBe('W');
    expect(siteUnit({})).toBe('W');
  });

  it('shares equally in per-phase amps on an A site (a three-phase port: same amps, three times the watts)', () => {
    const threePhase = level2(2, { phases: 3, voltageV: 230, maxPowerW: 32 * 230 * 3 });
    const r = allocateSite(site([level2(1), threePhase], { capacity: amps(60) }));
    expect(byPort(r)).toEqual({ 1: { W: 30 * 240, A: 30 }, 2: { W: 30 * 690, A: 30 } });
    expect(r.chargingRateUnit).toBe('A');
    expect(r.allocatedTotal).toBe(60);
    expect(r.allocatedTotalW).toBe(30 * 240 + 30 * 690);
  });

  it('rounds limitA down to one decimal so that the sum never exceeds an A limit', () => {
    const r = allocateSite(site([level2(1), level2(2), level2(3)], { cost: amps(50) }));
    expect(r.ports.map((p) => p.limitA)).toEqual([16.6, 16.6, 16.6]);
    expect(r.allocatedTotal).toBe(49.8);
  });

  it('satisfies a W cost limit and an A capacity limit at once (equal watts, capacity binding)', () => {
    const threePhase = level2(2, { phases: 3, voltageV: 230, maxPowerW: 32 * 690 });
    const r = allocateSite(site([level2(1), threePhase], { cost: watts(20_000), capacity: amps(50) }));
    const [a, b] = r.ports;
    expect(r.chargingRateUnit).toBe('W');
    expect(Math.abs(a!.limitW - b!.limitW)).toBeLessThanOrEqual(1);
    expect(a!.limitA! + b!.limitA!).toBeLessThanOrEqual(50);
    expect(a!.limitA! + b!.limitA!).toBeGreaterThanOrEqual(49.8);
    expect(r.allocatedTotalW).toBeLessThan(20_000);
  });

  it('satisfies an A cost limit under a W capacity limit too', () => {
    const r = allocateSite(site([level2(1), level2(2)], { cost: amps(80), capacity: watts(10_000) }));
    expect(r.allocatedTotalW).toBeLessThanOrEqual(10_000);
    expect(r.allocatedTotalW).toBeGreaterThanOrEqual(9998);
  });

  it('keeps an 8 A minimum at 8.0 A at an odd voltage', () => {
    const r = allocateSite(site([level2(1, { voltageV: 231.7 })], { cost: amps(0) }));
    expect(r.ports[0]).toMatchObject({ limitA: 8, limitW: 1853 });
  });

  it('gives limitA to Level 2 ports only', () => {
    const r = allocateSite(site([dcfc(1), level2(2)], { cost: watts(50_000) }));
    expect(r.ports[0]!.limitA).toBeUndefined();
    expect(r.ports[1]!.limitA).toBe(48);
  });

  it('counts an uncontrolled Level 2 port at its current rounded up on an A site', () => {
    const r = allocateSite(
      site([level2(1, { uncontrolled: true, maxPowerW: 7000 }), level2(2)], { capacity: amps(40) }),
    );
    expect(r.ports[0]).toMatchObject({ limitW: 7000, limitA: 29.2, reason: 'uncontrolled' });
    expect(r.ports[1]!.limitA).toBe(10.8);
    expect(r.allocatedTotal).toBe(40);
  });

  it('rounds without float residue', () => {
    expect(floorAmps(16.666)).toBe(16.6);
    expect(floorAmps((8 * 231.7) / 231.7)).toBe(8);
    expect(ceilAmps(29.1666)).toBe(29.2);
    expect(floorWatts(47_999.999_999_9)).toBe(48_000);
    expect(floorWatts(47_999.9)).toBe(47_999);
  });
});
