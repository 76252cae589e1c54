import { describe, expect, it } from 'vitest';
import { chargeEv } from '../../../lib/simulator/ev';
import { deliveredWithin, requiredPowerW, secondsToDeliver, type ChargeNeed } from '../../../shared/smart-charging';

/** A need from `from` to `to` % of `capacityWh`, vehicle maximum `maxW`. */
const need = (from: number, to: number, capacityWh: number, maxW: number): ChargeNeed => ({
  energyWh: ((to - from) / 100) * capacityWh,
  maxAcceptW: maxW,
  soc: { fromPercent: from, toPercent: to, capacityWh },
});

describe('charge time estimate (taper above 80 % SoC)', () => {
  it.each([
    [20, 90, 80_000, 120_000, 60_000, 3600],
    [70, 100, 80_000, 50_000, 50_000, 3600],
    [85, 95, 100_000, 150_000, 150_000, 1200],
    [10, 80, 68_000, 11_000, 7000, 6 * 3600],
  ])(
    'matches the simulated EV from %i % towards %i % (battery %i Wh, max %i W, offered %i W, %i s)',
    (from, to, capacityWh, maxW, offeredW, seconds) => {
      const ev = { batteryWh: capacityWh, maxPowerW: maxW, socPercent: from };
      chargeEv(ev, offeredW, seconds);
      const estimate = deliveredWithin(need(from, to, capacityWh, maxW), offeredW, seconds);
      expect(estimate.socPercent!).toBeCloseTo(Math.min(to, ev.socPercent), 0);
    },
  );

  it('needs the flat time below 80 % and more above', () => {
    expect(secondsToDeliver(need(20, 70, 80_000, 100_000), 40_000)).toBeCloseTo(3600, 6);
    expect(secondsToDeliver(need(70, 100, 80_000, 50_000), 24_000)).toBeGreaterThan(3600 * 1.2);
  });

  it('finds the least power that delivers within the time, and the maximum when even that is too little', () => {
    const n = need(40, 90, 80_000, 150_000);
    const p = requiredPowerW(n, 3600);
    expect(p).toBeCloseTo(40_000, 0);
    expect(secondsToDeliver(n, p)).toBeLessThanOrEqual(3600);
    expect(requiredPowerW(n, 60)).toBe(150_000);
  });

  it('delivers plain energy without a SoC', () => {
    expect(deliveredWithin({ energyWh: 10_000, maxAcceptW: 50_000 }, 20_000, 900)).toEqual({ energyWh: 5000 });
    expect(deliveredWithin({ energyWh: 10_000, maxAcceptW: 50_000 }, 20_000, 9000)).toEqual({ energyWh: 10_000 });
  });
});
