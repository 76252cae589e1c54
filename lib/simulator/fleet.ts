/**
 * Fleet mode (`npm run simulate -- --fleet N`): N simulated chargers in one process, each running
 * automatic sessions back to back on every connector (plug in, charge until the EV reaches its
 * target SoC or the session duration is over, unplug, wait, repeat), with one compact summary
 * line per charger instead of frame logs. Given the depot's vans (`./depot.ts`), each connector
 * charges its own van with its own card, arrival SoC, target and departure.
 *
 * @module
 */
import { setTimeout as delay } from 'node:timers/promises';
import { runAutoSession } from './auto-session';
import type { CurrentType } from './charge-point';
import { departureOf, type DepotVan } from './depot';
import { startSimulator, type Simulator, type SimulatorOptions } from './index';
import type { OcppProtocol, SimulatorLogEntry } from './protocol';

/** One charger of the fleet. */
export interface FleetMember {
  /** Its identity. */
  readonly ocppId: string;
  /** Its subprotocol. */
  readonly protocol: OcppProtocol;
  /** AC or DC. */
  readonly currentType: CurrentType;
  /** Number of connectors (1.6) / EVSEs (2.0.1). */
  readonly connectors: number;
  /** Port maximum, W; absent: the default of the current type. */
  readonly maxPowerW?: number;
}

/** Options of {@link planFleet}. Lists are cycled over the chargers. */
export interface FleetPlanOptions {
  /** Explicit identities (e.g. registered chargers); their number is the fleet size. */
  readonly ids?: readonly string[];
  /** Identities `<prefix>-1`…`<prefix>-N` when `ids` is absent. @default 'SIM' */
  readonly idPrefix?: string;
  /** Fleet size N (must equal the number of `ids` when both are given). */
  readonly size?: number;
  /** Forces every charger's subprotocol; otherwise 1.6 and 2.0.1 alternate (1.6 first). */
  readonly protocol?: OcppProtocol;
  /** AC/DC pattern. @default ['DC', 'AC', 'AC', 'DC'] (with alternating versions: every combination in 4 chargers) */
  readonly currentTypes?: readonly CurrentType[];
  /** Connectors per charger. @default [1] */
  readonly connectors?: readonly number[];
  /** Port maximum per charger, W. @default the default of each charger's current type */
  readonly maxPowerW?: readonly number[];
}

/** Default AC/DC pattern of a fleet. */
export const FLEET_CURRENT_TYPES: readonly CurrentType[] = ['DC', 'AC', 'AC', 'DC'];

const cycle = <T>(items: readonly T[] | undefined, index: number): T | undefined =>
  items && items.length > 0 ? items[index % items.length] : undefined;

/**
 * The chargers of a fleet.
 * @throws RangeError when neither `ids` nor `size` is given, `size` is not a positive integer or
 * differs from the number of `ids`, an id is empty or repeated, or a connector count is not a
 * positive integer
 */
export function planFleet(options: FleetPlanOptions): FleetMember[] {
  const { ids, size } = options;
  if (!ids?.length && size === undefined) throw new RangeError('a fleet needs ids or a size');
  if (size !== undefined && (!Number.isInteger(size) || size < 1))
    throw new RangeError(`fleet size must be a positive integer, got ${size}`);
  if (ids?.length && size !== undefined && size !== ids.length) {
    throw new RangeError(`fleet size ${size} differs from the ${ids.length} ids given`);
  }
  const names = ids?.length
    ? [...ids]
    : Array.from({ length: size ?? 0 }, (_, i) => `${options.idPrefix ?? 'SIM'}-${i + 1}`);
  if (names.some((name) => name.trim() === '')) throw new RangeError('fleet ids must not be empty');
  if (new Set(names).size !== names.length) throw new RangeError('fleet ids must be unique');
  return names.map((ocppId, index) => {
    const connectors = cycle(options.connectors, index) ?? 1;
    if (!Number.isInteger(connectors) || connectors < 1)
      throw new RangeError(`connectors must be a positive integer, got ${connectors}`);
    const maxPowerW = cycle(options.maxPowerW, index);
    return {
      ocppId,
      protocol: options.protocol ?? (index % 2 === 0 ? 'ocpp1.6' : 'ocpp2.0.1'),
      currentType: cycle(options.currentTypes, index) ?? cycle(FLEET_CURRENT_TYPES, index) ?? 'AC',
      connectors,
      ...(maxPowerW === undefined ? {} : { maxPowerW }),
    };
  });
}

/** How the fleet's sessions run. */
export interface FleetSessionOptions {
  /**
   * Longest session, seconds (real time). @default a van's dwell divided by the simulator's
   * `speed` (it leaves at its published departure); 30 without a van
   */
  readonly durationSeconds?: number;
  /** Pause between two sessions on a connector, seconds (real time); the first start is staggered within it. */
  readonly idleSeconds: number;
  /**
   * A session ends when its EV reaches this SoC, %. @default 100 without a van; a van has its own
   * target (its departure's) and stays plugged in until its departure, charged or not
   */
  readonly targetSocPercent?: number;
  /** SoC of every arriving EV, %. @default the van's arrival SoC; random in [10, 60) without a van */
  readonly startSocPercent?: number;
}

/** Options of {@link startFleet}. */
export interface FleetOptions {
  /** The chargers (see {@link planFleet}). */
  readonly members: readonly FleetMember[];
  /** Options every simulator shares (URL, password, speed, EV, smart charging…). */
  readonly simulator: Omit<SimulatorOptions, 'ocppId' | 'protocol' | 'currentType' | 'connectors' | 'onLog'>;
  /** Session loop settings. */
  readonly sessions: FleetSessionOptions;
  /**
   * The van of each connector, in the fleet's order (charger by charger, then connector by
   * connector): it presents the van's card and brings its SoC and target. Connectors beyond the
   * list charge an anonymous EV with the simulator's `idTag`. @default none
   */
  readonly vans?: readonly DepotVan[];
  /**
   * Publishes a van's departure (ISO 8601 UTC, {@link departureOf}) before it plugs in, e.g.
   * through the departure-times API (`./depot.ts` `publishDeparture`); a rejection is logged as a
   * warning and the van charges anyway. @default none: no departure is published
   */
  readonly publishDeparture?: (van: DepotVan, departureTime: string) => Promise<unknown>;
  /**
   * Receives the log lines of every charger (`charger`) and the fleet's own (`fleet`: one per
   * session, and one per published departure).
   */
  readonly onLog?: (ocppId: string, entry: SimulatorLogEntry, origin: 'charger' | 'fleet') => void;
  /** Random source for arriving SoCs, [0, 1). @default Math.random */
  readonly random?: () => number;
}

const kw = (watts: number): string => `${(watts / 1000).toFixed(1)} kW`;

/**
 * One line describing a charger: identity, version, AC/DC, then per connector its status,
 * charging-profile limit, and while charging the power drawn, the EV's SoC and the tag that started it.
 *
 * @example
 * summaryLine(sim)
 * // 'DEMO-DCFC-1 1.6   DC #1 Charging limit 50.0 kW P 50.0 kW SoC 41.3 % SIM-TAG-1 | #2 Available limit –'
 */
export function summaryLine(simulator: Simulator, now = new Date(), idWidth = 0): string {
  const cp = simulator.chargePoint;
  const ports = cp.connectors.map((connector) => {
    const { profileLimitW } = cp.offer(connector.id, now);
    const limit = `limit ${profileLimitW === undefined ? '–' : kw(profileLimitW)}`;
    if (connector.session?.state !== 'charging') return `#${connector.id} ${connector.status} ${limit}`;
    const sample = cp.sample(connector.id, now);
    const soc = `SoC ${sample.socPercent ?? '?'} %`;
    return `#${connector.id} ${connector.status} ${limit} P ${kw(sample.powerW)} ${soc} ${connector.session.idTag}`;
  });
  const version = simulator.protocol.replace('ocpp', '').padEnd(5);
  return `${simulator.ocppId.padEnd(idWidth)} ${version} ${cp.currentType} ${ports.join(' | ')}`;
}

/** A running fleet. Created by {@link startFleet}. */
export class Fleet {
  /** Sessions completed per charger. */
  readonly completed = new Map<string, number>();
  private readonly abort = new AbortController();
  private readonly loops: Promise<void>[] = [];

  /** @internal use {@link startFleet} */
  constructor(
    /** The connected chargers. */
    readonly simulators: readonly Simulator[],
    /** Chargers that could not connect or boot, with the reason. */
    readonly failures: readonly { ocppId: string; error: string }[],
    private readonly options: FleetOptions,
  ) {
    const connectors = simulators.flatMap((sim) => sim.chargePoint.connectors.map((c) => [sim, c.id] as const));
    connectors.forEach(([sim, connectorId], index) => {
      const staggerS = (options.sessions.idleSeconds * index) / Math.max(1, connectors.length);
      this.loops.push(this.loop(sim, connectorId, staggerS, options.vans?.[index]));
    });
  }

  /** One {@link summaryLine} per connected charger. */
  summaryLines(now = new Date()): string[] {
    const width = Math.max(0, ...this.simulators.map((sim) => sim.ocppId.length));
    return this.simulators.map((sim) => summaryLine(sim, now, width));
  }

  /** Ends the loops (running sessions stop cleanly), then closes every connection. */
  async stop(): Promise<void> {
    this.abort.abort();
    await Promise.all(this.loops);
    await Promise.all(this.simulators.map((sim) => sim.close().catch(() => undefined)));
  }

  private log(sim: Simulator, level: SimulatorLogEntry['level'], message: string): void {
    this.options.onLog?.(sim.ocppId, { level, message }, 'fleet');
  }

  /** Waits; false when the fleet stops meanwhile. */
  private async pause(seconds: number): Promise<boolean> {
    try {
      await delay(seconds * 1000, undefined, { signal: this.abort.signal });
      return true;
    } catch {
      return false;
    }
  }

  /** Publishes the van's departure for a session plugging in now; a failure is a warning. */
  private async publish(sim: Simulator, connectorId: number, van: DepotVan): Promise<void> {
    const { publishDeparture } = this.options;
    if (!publishDeparture) return;
    const departureTime = departureOf(van, new Date(), this.options.simulator.speed ?? 1);
    try {
      await publishDeparture(van, departureTime);
      this.log(sim, 'info', `#${connectorId} ${van.name} leaves at ${departureTime} with ${van.targetSocPercent} %`);
    } catch (error) {
      this.log(sim, 'warn', `#${connectorId} ${van.name}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  /** Sessions back to back on one connector until the fleet stops or the connection closes. */
  private async loop(sim: Simulator, connectorId: number, staggerS: number, van?: DepotVan): Promise<void> {
    let closed = false;
    void sim.closed.then(() => (closed = true));
    const { sessions } = this.options;
    const random = this.options.random ?? Math.random;
    const speed = this.options.simulator.speed ?? 1;
    const durationSeconds = sessions.durationSeconds ?? (van ? van.dwellSeconds / speed : 30);
    const targetSocPercent = sessions.targetSocPercent ?? van?.targetSocPercent;
    const who = van ? `${van.name} (${van.idTag}) ` : '';
    if (!(await this.pause(staggerS))) return;
    while (!closed && !this.abort.signal.aborted) {
      const socPercent = sessions.startSocPercent ?? van?.arrivalSocPercent ?? Math.round(10 + random() * 50);
      try {
        if (van) await this.publish(sim, connectorId, van);
        const outcome = await runAutoSession(sim, {
          connectorId,
          durationSeconds,
          ...(van ? { idTag: van.idTag } : {}),
          ...(targetSocPercent === undefined ? {} : { targetSocPercent }),
          ...(van && sessions.targetSocPercent === undefined ? { stopAtTarget: false } : {}),
          ev: { socPercent },
          signal: this.abort.signal,
        });
        this.completed.set(sim.ocppId, (this.completed.get(sim.ocppId) ?? 0) + 1);
        const delivered = (outcome.energyWh / 1000).toFixed(1);
        const endedBy = van && outcome.endedBy === 'duration' ? 'departure' : outcome.endedBy;
        this.log(
          sim,
          'info',
          `#${connectorId} ${who}session ended (${endedBy}): ` +
            `${socPercent} → ${outcome.socPercent} %, ${delivered} kWh`,
        );
      } catch (error) {
        if (this.abort.signal.aborted) break;
        this.log(
          sim,
          'warn',
          `#${connectorId} ${who}session failed: ${error instanceof Error ? error.message : String(error)}`,
        );
      }
      if (!(await this.pause(sessions.idleSeconds))) return;
    }
  }
}

/**
 * Connects and boots every charger of the fleet (in parallel), then starts the session loops.
 * A charger that cannot connect (e.g. HTTP 401: not registered, wrong password) is reported in
 * {@link Fleet.failures} and logged; the others run.
 * @throws Error when no charger could start
 */
export async function startFleet(options: FleetOptions): Promise<Fleet> {
  const results = await Promise.allSettled(
    options.members.map((member) =>
      startSimulator({
        ...options.simulator,
        ...member,
        onLog: (entry) => options.onLog?.(member.ocppId, entry, 'charger'),
      }),
    ),
  );
  const simulators: Simulator[] = [];
  const failures: { ocppId: string; error: string }[] = [];
  results.forEach((result, index) => {
    const ocppId = options.members[index]?.ocppId ?? '?';
    if (result.status === 'fulfilled') simulators.push(result.value);
    else {
      const error = result.reason instanceof Error ? result.reason.message : String(result.reason);
      failures.push({ ocppId, error });
      options.onLog?.(ocppId, { level: 'error', message: error }, 'fleet');
    }
  });
  if (simulators.length === 0)
    throw new Error(
      `no charger of the fleet could start: ${failures.map((f) => `${f.ocppId}: ${f.error}`).join('; ')}`,
    );
  return new Fleet(simulators, failures, options);
}
