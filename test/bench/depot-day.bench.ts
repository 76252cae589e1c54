/**
 * Smart charging, quality (spec §2.6, §4.2): one day at a delivery-van depot on a simulated clock,
 * no database. Every vehicle is the simulated EV of `lib/simulator/ev.ts` (acceptance tapering
 * above 80 % SoC), charged minute by minute at min(profile in force, port maximum).
 *
 * The depot (deterministic: a seeded PRNG, the same day on every run):
 * - 20 DCFC ports (5 each of 60, 90, 120, 150 kW) and 20 Level 2 ports (240 V single phase, 32, 40
 *   or 48 A: 7.7–11.5 kW), one port per charger: 2 290 kW in all. Cost limit 500 kW (a demand-charge
 *   cap, 22 % of the ports' power), capacity limit 900 kW (the transformer).
 * - 40 vans, usable battery 60–120 kWh (e-Transit, eSprinter, EDV class), DC acceptance 80–150 kW,
 *   on-board AC charger 7.4–11 kW; each parks at its own port. Three shifts (early 05:00–13:00,
 *   late 14:00–22:00, night 21:00–06:00):
 *   16 double-shift vans (DCFC): out 05:00–05:30, back 12:30–13:15 at 15–35 %, out again
 *     14:00–14:30 (a 45 min–2 h turnaround), back 21:30–22:15 for the night;
 *   4 early-shift vans (DCFC): out 06:00–07:00, back 15:00–16:30 at 20–40 % until tomorrow;
 *   10 night-shift vans (Level 2): back 05:30–06:30 at 20–40 %, out 20:30–21:00;
 *   10 late-shift vans (Level 2): plugged in overnight, out 13:00–13:30, back 21:30–22:00.
 *   Targets 90 % (80, 85 or 90 % after the midday turnaround). Departures after midnight are
 *   known (those vans compete for power) but not counted. A departure is met at SoC ≥ target.
 * - DC chargers report SoC (the vehicle tells a DC charger); Level 2 chargers do not. The battery's
 *   capacity is unknown to the allocation (estimated from the session; vehicles carry no capacity).
 *
 * Re-allocation on every session start and end and every 5 minutes, as the product does; a
 * profile (the port's plan as a schedule) is sent only when `profilesToSend` says so (the next hour
 * changes by 5 % / 1 kW / 1 A, plus any decrease needed to stay within the plan), and the vehicle
 * draws under the schedule in force (its limit now is what the allocation is told). Strategies:
 * - no management: every port at its maximum;
 * - equal share: the cost limit split equally (water-filled up to each port's maximum);
 * - smart, greedy: `allocateSite` without a solver (one instant at a time);
 * - smart, planned: `allocateSite` with HiGHS (the plan over the horizon).
 * Variant: every third van reports its needs over ISO 15118 (departure time and energy amount at
 * plug-in) and has no API departure, against the same day with those vans having no departure.
 * Profiles per charger-hour: profiles sent / (40 chargers × 24 h). Power figures are 1-minute means.
 */
import { chargeEv, type EvState } from '../../lib/simulator/ev';
import highsLoader from 'highs';
import {
  allocateSite,
  floorAmps,
  floorWatts,
  limitAt,
  profilesToSend,
  type AllocationInput,
  type AllocationResult,
  type LimitSchedule,
  type PlanSolver,
  type PortLimit,
  type ReleaseState,
  type SessionDemand,
} from '../../shared/smart-charging';
import type { ChargerType } from '../../shared/smart-charging/types';

const SEED = 20_260_302;
/** Other seeds of the same depot, run for the robustness line. */
const OTHER_SEEDS = [1, 2, 3, 4, 5];
const DAY_START = Date.UTC(2026, 2, 2);
const STEP_S = 60;
const DAY_S = 24 * 3600;
const REALLOCATE_S = 300;
const COST_LIMIT_W = 500_000;
const CAPACITY_LIMIT_W = 900_000;
const LEVEL2_V = 240;
/** DCFC vans on two shifts a day (the others, on DCFC too, do the early shift only). */
const DOUBLE_SHIFT_VANS = 16;

/** mulberry32: a small seeded PRNG, uniform in [0, 1). */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

interface Port {
  readonly portId: number;
  readonly chargerType: ChargerType;
  readonly rateUnit: 'W' | 'A';
  readonly maxPowerW: number;
  readonly voltageV: number;
}

/** One stay at the depot, seconds from midnight (arrival < 0: plugged in before the day, at `arriveSoc` at midnight). */
interface Dwell {
  readonly arriveS: number;
  readonly arriveSoc: number;
  readonly departS: number;
  readonly targetSoc: number;
}

interface Van {
  readonly id: number;
  readonly port: Port;
  readonly batteryWh: number;
  readonly maxPowerW: number;
  readonly dwells: readonly Dwell[];
}

function depot(seed: number): Van[] {
  const rand = prng(seed);
  const between = (low: number, high: number) => low + (high - low) * rand();
  const at = (fromH: number, toH: number) => Math.round(between(fromH, toH) * 60) * 60;
  const vans: Van[] = [];
  const add = (dc: boolean, dwells: Dwell[]) => {
    const i = vans.length;
    const amps = [32, 40, 48][i % 3]!;
    const port: Port = dc
      ? {
          portId: i + 1,
          chargerType: 'DCFC',
          rateUnit: 'W',
          maxPowerW: [60, 90, 120, 150][i % 4]! * 1000,
          voltageV: 400,
        }
      : { portId: i + 1, chargerType: 'Level 2', rateUnit: 'A', maxPowerW: amps * LEVEL2_V, voltageV: LEVEL2_V };
    const batteryWh = Math.round(between(60, 120)) * 1000;
    const maxPowerW = dc ? Math.round(between(80, 150)) * 1000 : Math.round(between(74, 110)) * 100;
    vans.push({ id: i + 1, port, batteryWh, maxPowerW, dwells });
  };
  const soc = (low: number, high: number) => Math.round(between(low, high));
  const tomorrow = (h: number) => DAY_S + h * 3600;
  for (let i = 0; i < DOUBLE_SHIFT_VANS; i++) {
    add(true, [
      { arriveS: -at(1.5, 2.5), arriveSoc: soc(25, 45), departS: at(5, 5.5), targetSoc: 90 },
      { arriveS: at(12.5, 13.25), arriveSoc: soc(15, 35), departS: at(14, 14.5), targetSoc: [80, 85, 90][i % 3]! },
      { arriveS: at(21.5, 22.25), arriveSoc: soc(15, 35), departS: tomorrow(5), targetSoc: 90 },
    ]);
  }
  for (let i = 0; i < 20 - DOUBLE_SHIFT_VANS; i++) {
    add(true, [
      { arriveS: -at(7, 9), arriveSoc: soc(40, 60), departS: at(6, 7), targetSoc: 90 },
      { arriveS: at(15, 16.5), arriveSoc: soc(20, 40), departS: tomorrow(6), targetSoc: 90 },
    ]);
  }
  for (let i = 0; i < 10; i++) {
    add(false, [{ arriveS: at(5.5, 6.5), arriveSoc: soc(20, 40), departS: at(20.5, 21), targetSoc: 90 }]);
  }
  for (let i = 0; i < 10; i++) {
    add(false, [
      { arriveS: -at(2, 2.5), arriveSoc: soc(25, 45), departS: at(13, 13.5), targetSoc: 90 },
      { arriveS: at(21.5, 22), arriveSoc: soc(15, 35), departS: tomorrow(13), targetSoc: 90 },
    ]);
  }
  return vans;
}

/** What the allocation is told about departures. */
type Knowledge = 'api' | 'iso-third' | 'none-third';

/** A van plugged in now. */
interface Plugged {
  readonly van: Van;
  readonly dwell: Dwell;
  readonly sessionId: number;
  readonly ev: EvState;
  readonly socStart: number;
  energyWh: number;
  measuredW?: number;
  inForce?: LimitSchedule;
  release?: ReleaseState;
}

const isoVan = (van: Van) => van.id % 3 === 1;

function demand(p: Plugged, knowledge: Knowledge, now: number): SessionDemand {
  const { van, dwell } = p;
  const dc = van.port.chargerType === 'DCFC';
  const departure = { time: DAY_START + dwell.departS * 1000, targetSoc: dwell.targetSoc, source: 'api' as const };
  const viaIso = knowledge === 'iso-third' && isoVan(van);
  const hidden = knowledge === 'none-third' && isoVan(van);
  const energyAmountWh = ((dwell.targetSoc - dwell.arriveSoc) / 100) * van.batteryWh;
  return {
    portId: van.port.portId,
    chargerId: van.port.portId,
    sessionId: p.sessionId,
    chargerType: van.port.chargerType,
    rateUnit: van.port.rateUnit,
    maxPowerW: van.port.maxPowerW,
    phases: 1,
    voltageV: van.port.voltageV,
    startTime: DAY_START + dwell.arriveS * 1000,
    energyDeliveredWh: p.energyWh,
    vehicleId: van.id,
    ...(p.measuredW !== undefined && { measuredPowerW: p.measuredW }),
    ...(p.inForce && { previousLimitW: offeredW(van.port, limitAt(p.inForce, now)) }),
    ...(p.release && { release: p.release }),
    ...(dc && { socPercent: p.ev.socPercent, socStartPercent: p.socStart }),
    ...(!viaIso && !hidden && { departure }),
    ...(viaIso && { evNeeds: { departureTime: departure.time, energyAmountWh } }),
  };
}

/** Power a profile allows on a port, W: amps × volts on a charger that takes amps. */
function offeredW(port: Port, limit: PortLimit): number {
  const w = port.rateUnit === 'A' && limit.limitA !== undefined ? limit.limitA * port.voltageV : limit.limitW;
  return Math.min(w, port.maxPowerW);
}

type Strategy = (input: AllocationInput) => AllocationResult | undefined;

/** The cost limit split equally, water-filled up to each port's maximum. */
function equalShare(input: AllocationInput): AllocationResult {
  const sorted = [...input.sessions].sort((a, b) => a.maxPowerW - b.maxPowerW || a.portId - b.portId);
  const limits = new Map<number, number>();
  let left = COST_LIMIT_W;
  sorted.forEach((s, i) => {
    const share = Math.min(s.maxPowerW, left / (sorted.length - i));
    limits.set(s.portId, share);
    left -= share;
  });
  const ports = input.sessions.map((s) => {
    const w = limits.get(s.portId)!;
    const limitA = s.chargerType === 'Level 2' ? floorAmps(w / s.voltageV) : undefined;
    const limit = { limitW: floorWatts(w), ...(limitA !== undefined && { limitA }) };
    return {
      portId: s.portId,
      chargerId: s.chargerId,
      sessionId: s.sessionId,
      ...limit,
      reason: 'share' as const,
      plan: [{ start: input.now, ...limit }],
      release: { state: 'holding' as const },
    };
  });
  const total = ports.reduce((sum, p) => sum + p.limitW, 0);
  const slot = { start: input.now, end: input.now + 900_000, allocated: total, allocatedW: total };
  return {
    chargingRateUnit: 'W',
    allocatedTotal: total,
    allocatedTotalW: total,
    ports,
    lateVehicles: [],
    planner: 'greedy',
    slots: [slot],
  };
}

/** The strategies of the day's table. */
function strategies(solver: PlanSolver): Record<string, Strategy> {
  return {
    'no management': () => undefined,
    'equal share of cost': equalShare,
    'smart, greedy': (input) => allocateSite(input),
    'smart, planned': (input) => allocateSite(input, { solver }),
  };
}

interface DayFigures {
  departures: number;
  met: number;
  kWh: number;
  secondsAboveCapacity: number;
  kWsAboveCapacity: number;
  peakW: number;
  profiles: number;
  allocations: number;
}

/** Departures and arrivals due at `t`; true when a session started or ended. */
function sessionEvents(
  t: number,
  vans: readonly Van[],
  plugged: Map<number, Plugged>,
  day: DayFigures,
  nextId: () => number,
): boolean {
  let changed = false;
  for (const [id, p] of plugged) {
    if (p.dwell.departS > t) continue;
    if (p.dwell.departS < DAY_S) {
      day.departures++;
      if (p.ev.socPercent >= p.dwell.targetSoc - 1e-9) day.met++;
    }
    plugged.delete(id);
    changed = true;
  }
  for (const van of vans) {
    if (plugged.has(van.id)) continue;
    const dwell = van.dwells.find((d) => d.arriveS <= t && d.departS > t);
    if (!dwell) continue;
    const ev = { batteryWh: van.batteryWh, maxPowerW: van.maxPowerW, socPercent: dwell.arriveSoc };
    plugged.set(van.id, { van, dwell, sessionId: nextId(), ev, socStart: dwell.arriveSoc, energyWh: 0 });
    changed = true;
  }
  return changed;
}

/** The site's limits: now, and their later values (a capacity that drops at 16:00). */
interface SiteLimits {
  readonly limits: AllocationInput['limits'];
  readonly limitsAhead?: AllocationInput['limitsAhead'];
}

/** The depot's limits all day: cost 500 kW, capacity 900 kW. */
const DEPOT_LIMITS: SiteLimits = {
  limits: { cost: { limit: COST_LIMIT_W, unit: 'W' }, capacity: { limit: CAPACITY_LIMIT_W, unit: 'W' } },
};

/** Allocates and sends the profiles worth sending; with no management, every port stays at its maximum. */
function reallocate(
  t: number,
  plugged: Map<number, Plugged>,
  strategy: Strategy,
  knowledge: Knowledge,
  day: DayFigures,
  site: SiteLimits,
): void {
  const list = [...plugged.values()];
  const now = DAY_START + t * 1000;
  const input: AllocationInput = {
    now,
    limits: site.limits,
    ...(site.limitsAhead && { limitsAhead: site.limitsAhead }),
    sessions: list.map((p) => demand(p, knowledge, now)),
  };
  const result = strategy(input);
  day.allocations++;
  if (!result) return;
  const byPort = new Map(result.ports.map((a) => [a.portId, a]));
  const states = list.map((p) => {
    const { port } = p.van;
    return {
      portId: port.portId,
      rateUnit: port.rateUnit,
      inForce: p.inForce ?? [{ start: now, limitW: port.maxPowerW }],
      held: p.inForce !== undefined,
      next: byPort.get(port.portId)!.plan,
    };
  });
  const sends = profilesToSend(states, now);
  for (const p of list) {
    p.release = byPort.get(p.van.port.portId)!.release;
    const mine = sends.filter((s) => s.portId === p.van.port.portId);
    if (mine.length === 0) continue;
    p.inForce = mine.at(-1)!.schedule;
    day.profiles += mine.length;
  }
}

/** A day to simulate: the vans, the site's limits and the capacity in force at each second. */
interface Scenario {
  readonly vans: readonly Van[];
  readonly site: SiteLimits;
  readonly capacityAt: (t: number) => number;
}

/** The depot day of the module's documentation. */
const depotDay = (seed: number): Scenario => ({
  vans: depot(seed),
  site: DEPOT_LIMITS,
  capacityAt: () => CAPACITY_LIMIT_W,
});

/** Capacity before and after the drop of the limit-drop day, W, and when it drops, s from midnight. */
const DROP = { beforeW: 300_000, afterW: 100_000, atS: 16 * 3600, departS: 18 * 3600, earlyS: 16.5 * 3600 } as const;
/** Vans of the limit-drop day. */
const DROP_VANS = 20;

/**
 * A limit that drops: 20 DCFC vans (60–150 kW ports, 60–120 kWh) plug in between 12:30 and 14:00 at
 * 15–35 % and leave for 90 %, half at 16:30 and half at 18:00; the capacity is 300 kW until 16:00,
 * then 100 kW (a transformer shared with the evening's load), known from the start as a
 * time-of-day schedule.
 */
function limitDropDay(seed: number): Scenario {
  const rand = prng(seed);
  const between = (low: number, high: number) => low + (high - low) * rand();
  const vans = Array.from({ length: DROP_VANS }, (_, i): Van => {
    const port: Port = {
      portId: i + 1,
      chargerType: 'DCFC',
      rateUnit: 'W',
      maxPowerW: [60, 90, 120, 150][i % 4]! * 1000,
      voltageV: 400,
    };
    const dwell = {
      arriveS: Math.round(between(12.5, 14) * 60) * 60,
      arriveSoc: Math.round(between(15, 35)),
      departS: i % 2 === 0 ? DROP.earlyS : DROP.departS,
      targetSoc: 90,
    };
    return {
      id: i + 1,
      port,
      batteryWh: Math.round(between(60, 120)) * 1000,
      maxPowerW: Math.round(between(80, 150)) * 1000,
      dwells: [dwell],
    };
  });
  return {
    vans,
    site: {
      limits: { capacity: { limit: DROP.beforeW, unit: 'W' } },
      limitsAhead: { capacity: [{ from: DAY_START + DROP.atS * 1000, limit: DROP.afterW }] },
    },
    capacityAt: (t) => (t < DROP.atS ? DROP.beforeW : DROP.afterW),
  };
}

/** One simulated day under a strategy. */
function simulate(strategy: Strategy, knowledge: Knowledge, seed = SEED, scenario = depotDay(seed)): DayFigures {
  const { vans } = scenario;
  const day: DayFigures = {
    departures: 0,
    met: 0,
    kWh: 0,
    secondsAboveCapacity: 0,
    kWsAboveCapacity: 0,
    peakW: 0,
    profiles: 0,
    allocations: 0,
  };
  const plugged = new Map<number, Plugged>();
  let sessionId = 1000;
  let lastAllocation = -Infinity;
  for (let t = 0; t <= DAY_S; t += STEP_S) {
    const changed = sessionEvents(t, vans, plugged, day, () => ++sessionId);
    if (t === DAY_S) break;
    if (changed || t - lastAllocation >= REALLOCATE_S) {
      reallocate(t, plugged, strategy, knowledge, day, scenario.site);
      lastAllocation = t;
    }
    let stepWh = 0;
    for (const p of plugged.values()) {
      const offered = p.inForce ? offeredW(p.van.port, limitAt(p.inForce, DAY_START + t * 1000)) : p.van.port.maxPowerW;
      const { energyWh, powerW } = chargeEv(p.ev, offered, STEP_S);
      p.energyWh += energyWh;
      p.measuredW = powerW;
      stepWh += energyWh;
    }
    const averageW = (stepWh * 3600) / STEP_S;
    day.kWh += stepWh / 1000;
    day.peakW = Math.max(day.peakW, averageW);
    const capacityW = scenario.capacityAt(t);
    // 1e-6 W: the sum of the vans' draws in floating point (300 000.000 000 000 06 W is not above 300 kW).
    if (averageW > capacityW + 1e-6) {
      day.secondsAboveCapacity += STEP_S;
      day.kWsAboveCapacity += ((averageW - capacityW) / 1000) * STEP_S;
    }
  }
  return day;
}

/** A table row; `chargers` for profiles per charger-hour, `referenceW` the limit the peak is shown against. */
function row(name: string, d: DayFigures, chargers = 40, referenceW = COST_LIMIT_W): string[] {
  const perChargerHour = d.profiles / (chargers * 24);
  return [
    name,
    `${d.met}/${d.departures} (${((100 * d.met) / d.departures).toFixed(0)} %)`,
    d.kWh.toFixed(0),
    `${d.secondsAboveCapacity} s / ${d.kWsAboveCapacity.toFixed(0)} kW·s`,
    `${(d.peakW / 1000).toFixed(0)} kW (${((100 * d.peakW) / referenceW).toFixed(0)} %)`,
    perChargerHour.toFixed(2),
  ];
}

function printTable(rows: string[][]): void {
  const header = ['strategy', 'departures met', 'kWh', 'above capacity', 'peak (of the limit)', 'profiles/charger-h'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) => `  ${cells.map((c, i) => c.padEnd(widths[i]!)).join('  ')}`;
  console.log(line(header));
  for (const r of rows) console.log(line(r));
}

export async function run(): Promise<void> {
  const t0 = performance.now();
  const solver = await highsLoader();
  const planned = (input: AllocationInput) => allocateSite(input, { solver });
  const days = Object.entries(strategies(solver)).map(([name, strategy]) => [name, simulate(strategy, 'api')] as const);
  const iso = simulate(planned, 'iso-third');
  const hidden = simulate(planned, 'none-third');
  const others = OTHER_SEEDS.map((seed) => {
    const [equal, greedy, smart] = [equalShare, (i: AllocationInput) => allocateSite(i), planned].map((s) =>
      simulate(s, 'api', seed),
    );
    return `seed ${seed}: ${equal!.met} / ${greedy!.met} / ${smart!.met} of ${smart!.departures}`;
  });
  const drop = (strategy: Strategy) => simulate(strategy, 'api', SEED, limitDropDay(SEED));
  const dropDays = [
    ['no management', drop(() => undefined)],
    ['smart, greedy', drop((i) => allocateSite(i))],
    ['smart, planned', drop(planned)],
  ] as const;
  const seconds = (performance.now() - t0) / 1000;
  const kW = (w: number) => `${w / 1000} kW`;
  const limits = `cost ${kW(COST_LIMIT_W)}, capacity ${kW(CAPACITY_LIMIT_W)}`;
  console.log(`\n## Depot day (seed ${SEED}): 40 vans, 20 DCFC + 20 Level 2 ports (2 290 kW), ${limits}`);
  printTable(days.map(([name, d]) => row(name, d)));
  console.log('\n## Variant: every third van reports its needs over ISO 15118 only (no API departure), planned');
  printTable([row('ISO 15118 needs', iso), row('those vans without departure', hidden)]);
  console.log(`\n  Other seeds, departures met (equal share / greedy / planned): ${others.join('; ')}`);
  console.log(
    `\n## A limit that drops: ${DROP_VANS} DCFC vans, capacity ${kW(DROP.beforeW)} until 16:00 then ${kW(DROP.afterW)}, leaving at 16:30 or 18:00`,
  );
  printTable(dropDays.map(([name, d]) => row(name, d, DROP_VANS, DROP.beforeW)));
  const smart = days.find(([name]) => name === 'smart, planned')![1];
  const count = days.length + 2 + 3 * others.length + dropDays.length;
  console.log(`  ${smart.allocations} allocations per smart day; all ${count} days took ${seconds.toFixed(1)} s`);
}
