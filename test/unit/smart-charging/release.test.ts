/** The release rule (`shared/smart-charging/release.ts`): idle and finished vehicles give their power away and are probed. */
import { describe, expect, it } from 'vitest';
import {
  allocateSite,
  IDLE_AFTER_MS,
  nextReleaseState,
  PROBE_INTERVAL_MS,
  PROBE_WINDOW_MS,
  type SessionDemand,
} from '../../../shared/smart-charging';
import { dcfc, departure, HOUR, level2, NOW, site, watts } from './support';

/** A Level 2 vehicle allowed its minimum-or-more (`limitW`) that drew `drawW`. */
const drawing = (portId: number, limitW: number, drawW: number, extra: Partial<SessionDemand> = {}) =>
  level2(portId, { previousLimitW: limitW, measuredPowerW: drawW, ...extra });

describe('nextReleaseState', () => {
  it('releases a vehicle whose need is met at once, and probes it after the interval for a window', () => {
    const released = nextReleaseState(level2(1), true, NOW);
    expect(released).toEqual({ state: 'released', until: NOW + PROBE_INTERVAL_MS });
    expect(nextReleaseState(level2(1, { release: released }), true, NOW + PROBE_INTERVAL_MS - 1)).toBe(released);
    expect(nextReleaseState(level2(1, { release: released }), true, NOW + PROBE_INTERVAL_MS)).toEqual({
      state: 'probing',
      until: NOW + PROBE_INTERVAL_MS + PROBE_WINDOW_MS,
    });
  });

  it('releases a vehicle that draws almost nothing while allowed its minimum only after 3 minutes', () => {
    const idle = nextReleaseState(drawing(1, 7680, 100), false, NOW);
    expect(idle).toEqual({ state: 'holding', idleSince: NOW });
    const later = drawing(1, 7680, 100, { release: idle });
    expect(nextReleaseState(later, false, NOW + IDLE_AFTER_MS - 1).state).toBe('holding');
    expect(nextReleaseState(later, false, NOW + IDLE_AFTER_MS).state).toBe('released');
  });

  it('forgets idling as soon as the vehicle draws again, and reads SuspendedEV as idle', () => {
    const idle = { state: 'holding' as const, idleSince: NOW - 60_000 };
    expect(nextReleaseState(drawing(1, 7680, 7000, { release: idle }), false, NOW)).toEqual({ state: 'holding' });
    expect(nextReleaseState(drawing(1, 7680, 7000, { suspendedEv: true }), false, NOW)).toEqual({
      state: 'holding',
      idleSince: NOW,
    });
  });

  it('cannot tell anything from a vehicle held below its minimum', () => {
    expect(nextReleaseState(drawing(1, 500, 0), false, NOW)).toEqual({ state: 'holding' });
  });

  it('holds a probed vehicle that draws again, and its met need no longer releases it (a top-up)', () => {
    const probing = { state: 'probing' as const, until: NOW + PROBE_WINDOW_MS };
    const woke = nextReleaseState(drawing(1, 1920, 1900, { release: probing }), true, NOW + 60_000);
    expect(woke).toEqual({ state: 'holding', awake: true });
    expect(nextReleaseState(drawing(1, 1920, 1900, { release: woke }), true, NOW + 120_000).state).toBe('holding');
    const quiet = nextReleaseState(drawing(1, 1920, 0, { release: probing }), true, NOW + PROBE_WINDOW_MS);
    expect(quiet).toEqual({ state: 'released', until: NOW + PROBE_WINDOW_MS + PROBE_INTERVAL_MS });
  });
});

describe('allocateSite: released vehicles give their power to the others', () => {
  it('gives a vehicle whose ISO 15118 request is delivered 0 W and the rest to the vehicle that needs it', () => {
    const full = dcfc(1, { energyDeliveredWh: 30_000, evNeeds: { energyAmountWh: 30_000 } });
    const needy = dcfc(2, { departure: departure(2), socPercent: 20 });
    const r = allocateSite(site([full, needy], { capacity: watts(60_000) }));
    expect(r.ports.map((p) => [p.reason, p.limitW])).toEqual([
      ['released', 0],
      ['share', 60_000],
    ]);
  });

  it('releases at once a vehicle with an estimated need that stopped drawing while allowed its minimum', () => {
    const estimate = {
      departureTime: NOW + 4 * HOUR,
      departureSource: 'driver',
      energyWh: 20_000,
      energySource: 'driver',
    } as const;
    const stopped = drawing(1, 7_000, 0, { energyDeliveredWh: 7_000, estimate });
    const charging = drawing(2, 7_000, 6_900, { energyDeliveredWh: 7_000, estimate });
    const r = allocateSite(site([stopped, charging], { capacity: watts(10_000) }));
    expect(r.ports.map((p) => [p.reason, p.limitW > 0])).toEqual([
      ['released', false],
      [expect.any(String), true],
    ]);
    // Just plugged in (nothing drawn yet: it may be waking up), it idles 3 minutes first.
    const fresh = drawing(1, 7_000, 0, { energyDeliveredWh: 0, estimate });
    expect(allocateSite(site([fresh], { capacity: watts(10_000) })).ports[0]!.reason).not.toBe('released');
    // Without an estimated energy (the defaults) it idles 3 minutes first, as any vehicle.
    const { estimate: _, ...bare } = stopped;
    expect(
      allocateSite(site([{ ...bare, departure: undefined }], { capacity: watts(10_000) })).ports[0]!.reason,
    ).not.toBe('released');
  });

  it('probes a released vehicle with its minimum only where the limits leave room after the others', () => {
    const probing = { state: 'probing' as const, until: NOW + PROBE_WINDOW_MS };
    const sessions = [level2(1, { release: probing }), level2(2, { departure: departure(1), socPercent: 10 })];
    const tight = allocateSite(site(sessions, { capacity: watts(11_520) }));
    expect(tight.ports.map((p) => p.reason)).toEqual(['released', 'capped']);
    const roomy = allocateSite(site(sessions, { capacity: watts(20_000) }));
    expect(roomy.ports.map((p) => [p.reason, p.limitW])).toEqual([
      ['probing', 1920],
      ['capped', 11_520],
    ]);
  });

  it('carries the release state from one allocation to the next (probe after 30 minutes)', () => {
    const full = () => dcfc(1, { socPercent: 100, measuredPowerW: 0, previousLimitW: 0 });
    const first = allocateSite(site([full()], { cost: watts(100_000) }));
    expect(first.ports[0]!.release.state).toBe('released');
    const again = allocateSite({
      ...site([{ ...full(), release: first.ports[0]!.release }], { cost: watts(100_000) }),
      now: NOW + PROBE_INTERVAL_MS + 1,
    });
    expect(again.ports[0]).toMatchObject({ reason: 'probing', limitW: 5000 });
    expect(HOUR).toBeGreaterThan(PROBE_INTERVAL_MS);
  });
});
