/** fast-check arbitraries for the smart-charging property tests: random but plausible sites. */
import fc from 'fast-check';
import type {
  AllocationInput,
  LimitChange,
  ReleaseState,
  SessionDemand,
  SiteLimit,
} from '../../../shared/smart-charging';
import { HOUR, NOW } from './support';

type Kind = 'W' | 'A' | 'mixed';

/** `arb` in `percent` % of the cases, else undefined. */
const sometimes = <T>(arb: fc.Arbitrary<T>, percent = 50) =>
  fc.oneof({ arbitrary: fc.constant(undefined), weight: 100 - percent }, { arbitrary: arb, weight: percent });

/** Vehicle-side facts: SoC, departure, ISO 15118 needs. */
const vehicle = fc.record({
  socPercent: sometimes(fc.integer({ min: 0, max: 100 }), 70),
  socRise: fc.integer({ min: 0, max: 40 }),
  energyDeliveredWh: fc.integer({ min: 0, max: 60_000 }),
  batteryCapacityWh: sometimes(fc.integer({ min: 20_000, max: 150_000 })),
  departure: sometimes(
    fc.record({ inS: fc.integer({ min: -3600, max: 16 * 3600 }), targetSoc: fc.integer({ min: 0, max: 100 }) }),
  ),
  evNeeds: sometimes(
    fc.record({
      energyAmountWh: sometimes(fc.integer({ min: 0, max: 100_000 })),
      departureTime: sometimes(fc.integer({ min: -HOUR, max: 12 * HOUR }).map((d) => NOW + d)),
      minPowerW: sometimes(fc.integer({ min: 0, max: 20_000 })),
      maxPowerW: sometimes(fc.integer({ min: 0, max: 200_000 })),
    }),
    30,
  ),
});

/** Later values of a limit: 0–2 changes within 12 h, a value or none (null). */
const ahead = (max: number) =>
  fc
    .array(
      fc.record({
        inMin: fc.integer({ min: 1, max: 12 * 60 }),
        limit: fc.oneof(
          { arbitrary: fc.constant(null), weight: 1 },
          { arbitrary: fc.integer({ min: 0, max }), weight: 4 },
        ),
      }),
      { maxLength: 2 },
    )
    .map((changes): LimitChange[] =>
      changes.map((c) => ({ from: NOW + c.inMin * 60_000, limit: c.limit })).sort((a, b) => a.from - b.from),
    );

/** Where a session stands in the release rule. */
const release: fc.Arbitrary<ReleaseState> = fc.oneof(
  fc.constant<ReleaseState>({ state: 'holding' }),
  fc.integer({ min: 0, max: 10 }).map((m): ReleaseState => ({ state: 'holding', idleSince: NOW - m * 60_000 })),
  fc.integer({ min: -5, max: 30 }).map((m): ReleaseState => ({ state: 'released', until: NOW + m * 60_000 })),
  fc.integer({ min: -5, max: 5 }).map((m): ReleaseState => ({ state: 'probing', until: NOW + m * 60_000 })),
);

/** Port-side facts: type, power, control, override, external limit. */
const port = (levelTwoOnly: boolean) =>
  fc.record({
    dc: levelTwoOnly ? fc.constant(false) : fc.boolean(),
    maxA: fc.integer({ min: 6, max: 80 }),
    maxDcW: fc.integer({ min: 5000, max: 350_000 }),
    phases: fc.constantFrom(1, 3),
    voltageV: fc.integer({ min: 200, max: 250 }),
    chargerId: fc.integer({ min: 1, max: 4 }),
    startMin: fc.integer({ min: 0, max: 600 }),
    measuredPowerW: sometimes(fc.integer({ min: 0, max: 200_000 })),
    previousLimitW: sometimes(fc.integer({ min: 0, max: 200_000 })),
    override: sometimes(
      fc.record({ limitW: fc.integer({ min: 0, max: 200_000 }), expiresIn: fc.integer({ min: -600, max: 3600 }) }),
      15,
    ),
    externalW: sometimes(fc.integer({ min: 0, max: 100_000 }), 15),
    externalAhead: ahead(100_000),
    uncontrolled: fc.integer({ min: 0, max: 19 }).map((n) => n === 0),
    suspendedEv: fc.integer({ min: 0, max: 9 }).map((n) => n === 0),
    release: sometimes(release, 30),
  });

type Port = ReturnType<typeof port> extends fc.Arbitrary<infer P> ? P : never;
type Vehicle = typeof vehicle extends fc.Arbitrary<infer V> ? V : never;

function session(i: number, p: Port, v: Vehicle): SessionDemand {
  const level2MaxW = p.maxA * p.voltageV * p.phases;
  const soc = v.socPercent;
  return {
    portId: 10 + i * 3,
    chargerId: p.chargerId,
    sessionId: 500 + i,
    chargerType: p.dc ? 'DCFC' : 'Level 2',
    rateUnit: p.dc ? 'W' : 'A',
    maxPowerW: p.dc ? p.maxDcW : level2MaxW,
    phases: p.dc ? 1 : p.phases,
    voltageV: p.dc ? 400 + p.voltageV : p.voltageV,
    startTime: NOW - p.startMin * 60_000,
    energyDeliveredWh: v.energyDeliveredWh,
    ...(p.measuredPowerW !== undefined && { measuredPowerW: p.measuredPowerW }),
    ...(p.previousLimitW !== undefined && { previousLimitW: p.previousLimitW }),
    ...(soc !== undefined && { socPercent: soc, socStartPercent: Math.max(0, soc - v.socRise) }),
    ...(v.batteryCapacityWh !== undefined && { batteryCapacityWh: v.batteryCapacityWh }),
    ...(v.departure && {
      departure: { time: NOW + v.departure.inS * 1000, targetSoc: v.departure.targetSoc, source: 'api' as const },
    }),
    ...(v.evNeeds && { evNeeds: v.evNeeds }),
    ...(p.override && { override: { limitW: p.override.limitW, expiresAt: NOW + p.override.expiresIn * 1000 } }),
    ...(p.externalW !== undefined && {
      externalLimit: { limitW: p.externalW, source: 'EMS', ...(p.externalAhead.length && { ahead: p.externalAhead }) },
    }),
    ...(p.uncontrolled && { uncontrolled: true }),
    ...(p.suspendedEv && { suspendedEv: true }),
    ...(p.release && { release: p.release }),
  };
}

const limit = (unit: 'W' | 'A') =>
  sometimes(fc.integer({ min: 0, max: unit === 'W' ? 400_000 : 400 }).map((l): SiteLimit => ({ limit: l, unit })));

/** A site of 0–12 sessions: a W site (DCFC and Level 2), an A site or a W/A site (Level 2 only). */
export const sites: fc.Arbitrary<AllocationInput> = fc.constantFrom<Kind>('W', 'A', 'mixed').chain((kind) => {
  const levelTwoOnly = kind !== 'W';
  const [costUnit, capacityUnit] = kind === 'W' ? ['W', 'W'] : kind === 'A' ? ['A', 'A'] : (['W', 'A'] as const);
  return fc
    .record({
      sessions: fc.array(fc.tuple(port(levelTwoOnly), vehicle), { maxLength: 12 }),
      cost: limit(costUnit as 'W' | 'A'),
      capacity: limit(capacityUnit as 'W' | 'A'),
      swap: fc.boolean(),
      capacityAhead: ahead(capacityUnit === 'W' ? 400_000 : 400),
      costAhead: ahead(costUnit === 'W' ? 400_000 : 400),
      tariff: sometimes(
        fc.record({
          prices: fc.array(fc.integer({ min: -50, max: 500 }), { minLength: 1, maxLength: 4 }),
          demandChargePerKw: sometimes(fc.integer({ min: 0, max: 30 })),
          peakSoFarW: fc.integer({ min: 0, max: 200_000 }),
        }),
        40,
      ),
      stations: fc.array(
        fc.record({ chargerId: fc.integer({ min: 1, max: 4 }), limitW: fc.integer({ min: 0, max: 150_000 }) }),
        { maxLength: 1 },
      ),
    })
    .map(({ sessions, cost, capacity, swap, stations, capacityAhead, costAhead, tariff }) => {
      const swapped = swap && kind === 'mixed';
      const limits = swapped ? { cost: capacity, capacity: cost } : { cost, capacity };
      const later = swapped
        ? { cost: capacityAhead, capacity: costAhead }
        : { cost: costAhead, capacity: capacityAhead };
      return {
        now: NOW,
        limits,
        limitsAhead: {
          ...(limits.cost && { cost: later.cost }),
          ...(limits.capacity && { capacity: later.capacity }),
        },
        sessions: sessions.map(([p, v], i) => session(i, p, v)),
        chargerLimits: stations.map(({ chargerId, limitW }) => ({ chargerId, limit: { limitW, source: 'SO' } })),
        ...(tariff && {
          tariff: {
            energyPrices: tariff.prices.map((cents, k) => ({
              from: NOW + (k - 1) * 3 * HOUR,
              pricePerKwh: cents / 100,
            })),
            ...(tariff.demandChargePerKw !== undefined && { demandChargePerKw: tariff.demandChargePerKw }),
            peakSoFarW: tariff.peakSoFarW,
          },
        }),
      };
    });
});
