import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SimulatorLogEntry } from '../../../lib/simulator';
import { depotVans } from '../../../lib/simulator/depot';
import { planFleet, startFleet, summaryLine, type Fleet } from '../../../lib/simulator/fleet';
import { startFakeCsms, type FakeCsms } from './fake-csms';
import { eventually } from './helpers';

let csms: FakeCsms;

beforeAll(async () => {
  csms = await startFakeCsms();
});

afterAll(async () => {
  await csms.close();
});

describe('planFleet', () => {
  it('names N chargers from a prefix, alternates 1.6 / 2.0.1, cycles the AC/DC pattern and connectors', () => {
    const plan = planFleet({ idPrefix: 'X', size: 5, connectors: [2, 1] });

    expect(plan.map((m) => [m.ocppId, m.protocol, m.currentType, m.connectors])).toEqual([
      ['X-1', 'ocpp1.6', 'DC', 2],
      ['X-2', 'ocpp2.0.1', 'AC', 1],
      ['X-3', 'ocpp1.6', 'AC', 2],
      ['X-4', 'ocpp2.0.1', 'DC', 1],
      ['X-5', 'ocpp1.6', 'DC', 2],
    ]);
  });

  it('takes explicit ids (the demo chargers) with their types, connectors, port maxima and a forced protocol', () => {
    const plan = planFleet({
      ids: ['DEMO-DCFC-1', 'DEMO-L2-1'],
      protocol: 'ocpp2.0.1',
      currentTypes: ['DC', 'AC'],
      connectors: [2, 1],
      maxPowerW: [150_000, 19_200],
    });

    expect(plan).toEqual([
      { ocppId: 'DEMO-DCFC-1', protocol: 'ocpp2.0.1', currentType: 'DC', connectors: 2, maxPowerW: 150_000 },
      { ocppId: 'DEMO-L2-1', protocol: 'ocpp2.0.1', currentType: 'AC', connectors: 1, maxPowerW: 19_200 },
    ]);
  });

  it('rejects a missing size, a size that contradicts the ids, repeated ids and bad connector counts', () => {
    expect(() => planFleet({})).toThrow(/ids or a size/);
    expect(() => planFleet({ ids: ['A', 'B'], size: 3 })).toThrow(/differs/);
    expect(() => planFleet({ ids: ['A', 'A'] })).toThrow(/unique/);
    expect(() => planFleet({ size: 0 })).toThrow(/positive integer/);
    expect(() => planFleet({ size: 1, connectors: [0] })).toThrow(/connectors/);
  });
});

describe('startFleet', () => {
  it('runs N chargers in one process with sessions back to back on every connector, and summarises each', async () => {
    const logs: [string, SimulatorLogEntry][] = [];
    const members = planFleet({ idPrefix: 'FLEET', size: 3, connectors: [2, 1] });
    const fleet: Fleet = await startFleet({
      members,
      simulator: { url: csms.url, meterIntervalSeconds: 0.05, speed: 3600 },
      sessions: { durationSeconds: 0.3, idleSeconds: 0.05, startSocPercent: 40 },
      onLog: (id, entry) => logs.push([id, entry]),
    });
    try {
      // Two sessions on each of the 4 connectors: started, stopped, started again.
      await eventually(() => {
        for (const id of ['FLEET-1', 'FLEET-2', 'FLEET-3'])
          expect(fleet.completed.get(id) ?? 0).toBeGreaterThanOrEqual(id === 'FLEET-1' ? 4 : 2);
      }, 20_000);
      const lines = fleet.summaryLines();
      expect(lines).toHaveLength(3);
      expect(lines[0]).toMatch(/^FLEET-1 1\.6 {3}DC #1 \w+ limit – .*\| #2 /);
      expect(lines[1]).toMatch(/^FLEET-2 2\.0\.1 AC #1 /);
    } finally {
      await fleet.stop();
    }

    const starts = (id: string) =>
      csms.callsOf(id).filter((c) => c.action === 'StartTransaction' || c.payload.eventType === 'Started');
    expect(new Set(starts('FLEET-1').map((c) => c.payload.connectorId))).toEqual(new Set([1, 2]));
    expect(csms.callsOf('FLEET-2').find((c) => c.action === 'BootNotification')?.payload).toHaveProperty(
      'reason',
      'PowerUp',
    );
    expect(csms.callsOf('FLEET-3').find((c) => c.action === 'BootNotification')?.payload).toHaveProperty(
      'chargePointVendor',
    );
    expect(logs.filter(([, entry]) => entry.level !== 'info')).toEqual([]);
    const fleet2 = logs.filter(([id]) => id === 'FLEET-2').map(([, entry]) => entry.message);
    expect(fleet2).toContainEqual(expect.stringMatching(/session ended \((duration|target)\): 40 → /));
    expect(csms.schemaFailures).toEqual([]);
  });

  it('a session ends when the EV reaches the target SoC, before its duration', async () => {
    const fleet = await startFleet({
      members: planFleet({ ids: ['TARGET-1'], currentTypes: ['DC'] }),
      simulator: { url: csms.url, meterIntervalSeconds: 0.05, speed: 3600 },
      sessions: { durationSeconds: 60, idleSeconds: 60, startSocPercent: 50, targetSocPercent: 60 },
    });
    try {
      await eventually(() => expect(fleet.completed.get('TARGET-1')).toBe(1), 20_000);
      const stop = csms.callsOf('TARGET-1').find((c) => c.action === 'StopTransaction')?.payload;
      const soc = Number(
        stop.transactionData[0].sampledValue.find((s: { measurand: string }) => s.measurand === 'SoC').value,
      );
      expect(soc).toBeGreaterThanOrEqual(60);
      expect(summaryLine(fleet.simulators[0]!)).toMatch(/TARGET-1 1\.6 {3}DC #1 Available limit –$/);
    } finally {
      await fleet.stop();
    }
  });

  it('plugs a different van into each connector: its card, SoC, published departure, staying until it', async () => {
    const logs: string[] = [];
    const published: [string, string][] = [];
    const members = planFleet({ idPrefix: 'DEPOT', size: 2, connectors: [2, 1] });
    const vans = depotVans(3);
    const before = Date.now();
    const fleet = await startFleet({
      members,
      vans,
      publishDeparture: async (van, departureTime) => void published.push([van.idTag, departureTime]),
      simulator: { url: csms.url, meterIntervalSeconds: 0.05, speed: 3600 },
      sessions: { idleSeconds: 0.05 },
      onLog: (id, entry) => logs.push(`${id} ${entry.message}`),
    });
    try {
      await eventually(() => {
        expect(fleet.completed.get('DEPOT-1') ?? 0).toBeGreaterThanOrEqual(2);
        expect(fleet.completed.get('DEPOT-2') ?? 0).toBeGreaterThanOrEqual(1);
      }, 20_000);
    } finally {
      await fleet.stop();
    }

    const tags = (id: string) =>
      csms
        .callsOf(id)
        .filter((c) => c.action === 'Authorize')
        .map((c) => c.payload.idTag ?? c.payload.idToken.idToken);
    expect(new Set(tags('DEPOT-1'))).toEqual(new Set(['SIM-TAG-1', 'SIM-TAG-2']));
    expect(new Set(tags('DEPOT-2'))).toEqual(new Set(['SIM-TAG-3']));
    // Each van's departure is published before it plugs in, its dwell divided by the speed after
    // (1 h, 1 h 30, 2 h ÷ 3600: 1, 1.5, 2 s), on the real clock, rounded up to the minute.
    const first = new Map(published.map(([tag, at]) => [tag, Date.parse(at)] as const).reverse());
    expect([...first.keys()].sort()).toEqual(['SIM-TAG-1', 'SIM-TAG-2', 'SIM-TAG-3']);
    vans.forEach((van) => {
      const offsetS = (first.get(van.idTag)! - before) / 1000;
      expect(offsetS).toBeGreaterThanOrEqual(van.dwellSeconds / 3600);
      expect(offsetS).toBeLessThan(van.dwellSeconds / 3600 + 120);
    });
    // A van arrives with its own SoC and stays plugged in past its target, until its departure.
    expect(logs).toContainEqual(
      expect.stringMatching(/^DEPOT-1 #1 Demo Van 1 \(SIM-TAG-1\) session ended \(departure\): 20 → 100 %/),
    );
    const van3 = /^DEPOT-2 #1 Demo Van 3 \(SIM-TAG-3\) session ended .*: 15 → /;
    expect(logs).toContainEqual(expect.stringMatching(van3));
    expect(csms.schemaFailures).toEqual([]);
  });

  it('fails naming each charger and its reason when none can connect', async () => {
    await expect(
      startFleet({
        members: planFleet({ ids: ['NOWHERE-1'] }),
        simulator: { url: 'ws://127.0.0.1:1' },
        sessions: { durationSeconds: 1, idleSeconds: 1 },
      }),
    ).rejects.toThrow(/no charger of the fleet could start: NOWHERE-1/);
  });
});
