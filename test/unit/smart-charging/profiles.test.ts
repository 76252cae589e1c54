import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  limitAt,
  profileChangeNeeded,
  profilesToSend,
  type LimitSchedule,
  type PortProfileState,
} from '../../../shared/smart-charging';
import { HOUR, NOW } from './support';

describe('profileChangeNeeded', () => {
  it.each<[string, { limitW: number; limitA?: number }, { limitW: number; limitA?: number }, 'W' | 'A', boolean]>([
    ['does not re-send an unchanged limit', { limitW: 5000 }, { limitW: 5000 }, 'W', false],
    ['re-sends a change of 1 kW even below 5 %', { limitW: 100_000 }, { limitW: 99_000 }, 'W', true],
    ['re-sends a change of 5 % even below 1 kW', { limitW: 10_000 }, { limitW: 9500 }, 'W', true],
    ['does not re-send a change below both 5 % and 1 kW', { limitW: 10_000 }, { limitW: 9600 }, 'W', false],
    ['does not re-send 999 W on a large limit', { limitW: 100_000 }, { limitW: 100_999 }, 'W', false],
    ['always re-sends a change to 0', { limitW: 500 }, { limitW: 0 }, 'W', true],
    ['always re-sends a change from 0', { limitW: 0 }, { limitW: 1 }, 'W', true],
    ['re-sends a change of 1 A', { limitW: 7680, limitA: 32 }, { limitW: 7440, limitA: 31 }, 'A', true],
    [
      'does not re-send 0.5 A on 32 A (1.6 %)',
      { limitW: 7680, limitA: 32 },
      { limitW: 7560, limitA: 31.5 },
      'A',
      false,
    ],
    ['re-sends 5 % in A', { limitW: 2400, limitA: 10 }, { limitW: 2280, limitA: 9.5 }, 'A', true],
    ['compares watts when an A charger lacks limitA', { limitW: 7680 }, { limitW: 7560 }, 'A', false],
  ])('%s', (_name, previous, next, unit, expected) => {
    expect(profileChangeNeeded(previous, next, unit)).toBe(expected);
  });
});

/** A schedule in W from limits at hours from now. */
const w = (...entries: [hours: number, limitW: number][]): LimitSchedule =>
  entries.map(([h, limitW]) => ({ start: NOW + h * HOUR, limitW }));

const state = (portId: number, inForce: LimitSchedule, next: LimitSchedule, held = true): PortProfileState => ({
  portId,
  rateUnit: 'W',
  inForce,
  held,
  next,
});

describe('profilesToSend: which profiles, and decreases first', () => {
  it('lowers the port that holds the capacity before it raises a new session (phase 1, then phase 2)', () => {
    // A 20 kW capacity: port 1 holds 20 kW; a session starts on port 2 under a TxDefaultProfile of 0.
    const sends = profilesToSend(
      [state(1, w([0, 20_000]), w([0, 10_000])), state(2, w([0, 0]), w([0, 10_000]), false)],
      NOW,
    );
    expect(sends).toEqual([
      { portId: 1, schedule: w([0, 10_000]), phase: 1 },
      { portId: 2, schedule: w([0, 10_000]), phase: 2 },
    ]);
  });

  it('sends a port that goes down now and up later twice: the lower of both first, its plan second', () => {
    const held = w([0, 20_000], [2, 5_000]);
    const next = w([0, 10_000], [2, 15_000]);
    const sends = profilesToSend([state(1, held, next)], NOW);
    expect(sends).toEqual([
      { portId: 1, schedule: w([0, 10_000], [2, 5_000]), phase: 1 },
      { portId: 1, schedule: next, phase: 2 },
    ]);
  });

  it('leaves an increase under 5 % and 1 kW alone, and one that comes later than the next hour', () => {
    const sends = profilesToSend(
      [state(1, w([0, 50_000]), w([0, 50_500])), state(2, w([0, 50_000]), w([0, 50_000], [3, 60_000]))],
      NOW,
    );
    expect(sends).toEqual([]);
  });

  it('sends a change within the next hour', () => {
    const next = w([0, 50_000], [0.5, 30_000]);
    expect(profilesToSend([state(1, w([0, 50_000]), next)], NOW)).toEqual([{ portId: 1, schedule: next, phase: 1 }]);
  });

  it('sends a later decrease too when the schedules kept would exceed the plan then', () => {
    // Port 2 is raised at 16:00 (sent: its near future changes); port 1 drops at 16:00 but only by
    // a later period: kept, it would leave 16:00 above the plan's total, so it is sent first.
    const sends = profilesToSend(
      [state(1, w([0, 50_000]), w([0, 50_000], [4, 0])), state(2, w([0, 10_000]), w([0, 20_000], [4, 50_000]))],
      NOW,
    );
    expect(sends.map((s) => [s.portId, s.phase])).toEqual([
      [1, 1],
      [2, 2],
    ]);
  });

  it('checks every instant again after a port is sent for a later one (its plan may be higher now)', () => {
    // Port 2 goes to 0 in 2 h (sent then); its plan is 20 W higher now, which leaves port 1's
    // small decrease (10 W, not worth a profile by itself) needed now.
    const sends = profilesToSend(
      [state(1, w([0, 10_000]), w([0, 9_990], [2, 10_000])), state(2, w([0, 10_000]), w([0, 10_020], [2, 0]))],
      NOW,
    );
    expect(sends.map((s) => s.portId)).toContain(1);
  });

  it('sends a port holding no profile of ours even when its limit would not change', () => {
    expect(profilesToSend([state(1, w([0, 7_000]), w([0, 7_000]), false)], NOW)).toHaveLength(1);
  });
});

/** Random schedules of up to 4 periods within 6 h, in whole kW. */
const schedule = fc
  .array(fc.tuple(fc.integer({ min: 0, max: 24 }), fc.integer({ min: 0, max: 60 })), { minLength: 1, maxLength: 4 })
  .map((periods) => {
    const sorted = [...new Map(periods.map(([q, kW]) => [q, kW])).entries()].sort((a, b) => a[0] - b[0]);
    return sorted.map(([q, kW], i) => ({ start: i === 0 ? NOW : NOW + q * 15 * 60_000, limitW: kW * 1000 }));
  });

describe('profilesToSend: at every instant the limits in force stay within the worst of before and after', () => {
  it('holds for random sites, whatever the order the CALLs of a phase land in', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(schedule, schedule, fc.boolean()), { minLength: 1, maxLength: 6 }), (ports) => {
        const states = ports.map(([inForce, next, held], i) => state(i + 1, inForce, next, held));
        const sends = profilesToSend(states, NOW);
        const after1 = new Map(sends.filter((s) => s.phase === 1).map((s) => [s.portId, s.schedule]));
        const after2 = new Map(sends.map((s) => [s.portId, s.schedule]));
        const instants = [NOW, ...states.flatMap((s) => [...s.inForce, ...s.next].map((l) => l.start))];
        for (const at of [...new Set(instants)].filter((t) => t >= NOW)) {
          const at0 = (s: LimitSchedule) => limitAt(s, at).limitW;
          const before = states.reduce((sum, s) => sum + at0(s.inForce), 0);
          const wanted = states.reduce((sum, s) => sum + at0(s.next), 0);
          // Phase 1 under way: each port sent in it holds the higher of before and after.
          const during1 = states.reduce((sum, s) => {
            const sent = after1.get(s.portId);
            return sum + Math.max(at0(s.inForce), sent ? at0(sent) : 0);
          }, 0);
          expect(during1).toBeLessThanOrEqual(before);
          // Phase 2 under way: each port holds the higher of what phase 1 left and its final schedule.
          const during2 = states.reduce((sum, s) => {
            const one = after1.get(s.portId) ?? s.inForce;
            return sum + Math.max(at0(one), at0(after2.get(s.portId) ?? s.inForce));
          }, 0);
          expect(during2).toBeLessThanOrEqual(Math.max(wanted, before));
          // Done: what is kept (sent or not) adds up to no more than the plan.
          const done = states.reduce((sum, s) => sum + at0(after2.get(s.portId) ?? s.inForce), 0);
          expect(done).toBeLessThanOrEqual(wanted);
        }
      }),
      { seed: 20_261_127, numRuns: 500 },
    );
  });
});
