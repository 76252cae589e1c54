import { describe, expect, it } from 'vitest';
import { allocateSite } from '../../../shared/smart-charging';
import { dcfc, departure, HOUR, NOW, site, watts } from './support';

describe('allocateSite: what each vehicle is heading for (SoC, target, need, ETA)', () => {
  it('gives an on-time vehicle its SoC, target, need and an ETA by its departure', () => {
    // 40 → 90 % of 80 kWh: 40 kWh, at most 60 kW: met in well under 2 h.
    const r = allocateSite(site([dcfc(1, { socPercent: 40, departure: departure(2) })], { cost: watts(60_000) }));
    expect(r.lateVehicles).toEqual([]);
    const [port] = r.ports;
    expect(port).toMatchObject({ socPercent: 40, targetSoc: 90, energyNeededWh: 40_000 });
    expect(port!.eta).toBeGreaterThan(NOW + (40 / 60) * HOUR - 1000);
    expect(port!.eta).toBeLessThanOrEqual(NOW + 2 * HOUR);
  });

  it("gives a late vehicle an ETA after its departure: the shortfall at the most it could draw within the site's limits", () => {
    // The ISO 15118 vehicle asks 30 kWh in an hour under a cost limit of 0: the plan gives its
    // minimum (5 kWh by departure) and ends; its last period is 0 W, yet the ETA is known. A cost
    // limit of 0 is passed over: the 25 kWh short at the port's 150 kW take 10 minutes.
    const evNeeds = { departureTime: NOW + HOUR, energyAmountWh: 30_000 };
    const r = allocateSite(site([dcfc(1, { evNeeds })], { cost: watts(0) }));
    expect(r.lateVehicles).toMatchObject([
      { energyNeededWh: 30_000, expectedEnergyWh: 5000, eta: NOW + HOUR + 600_000 },
    ]);
    expect(r.ports[0]!.eta).toBe(NOW + HOUR + 600_000);
  });

  it('holds the late ETA to the capacity and cost limits in force (25 kWh short at 50 kW: 30 minutes)', () => {
    const evNeeds = { departureTime: NOW + HOUR, energyAmountWh: 30_000 };
    const cost = allocateSite(site([dcfc(1, { evNeeds })], { cost: watts(5000) }));
    // 5 kWh by departure at 5 kW; 25 kWh short at 5 kW: 5 hours.
    expect(cost.lateVehicles[0]!.eta).toBe(NOW + 6 * HOUR);
    const capacity = allocateSite(site([dcfc(1, { evNeeds })], { capacity: watts(5000), cost: watts(0) }));
    expect(capacity.lateVehicles[0]!.eta).toBe(NOW + 6 * HOUR);
  });

  it('leaves the ETA out without a departure, and the need and ETA out once the target is reached', () => {
    const r = allocateSite(
      site([dcfc(1, { socPercent: 50 }), dcfc(2, { socPercent: 95, departure: departure(1) })], {
        cost: watts(60_000),
      }),
    );
    const [free, full] = r.ports;
    expect(free).toMatchObject({ socPercent: 50 });
    expect(free).not.toHaveProperty('eta');
    expect(free).not.toHaveProperty('energyNeededWh');
    expect(full).toMatchObject({ socPercent: 95, targetSoc: 90 });
    expect(full).not.toHaveProperty('eta');
  });
});
