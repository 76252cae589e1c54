/**
 * Charger health over a time range, pure: from a charger's history events (`history-log.ts`) and
 * its current state, the seconds online and offline, per port the seconds available, faulted and
 * unavailable, the seconds with a session in progress, the sessions started, and the errors.
 *
 * Definitions (docs/history-and-health.md, "Charger health"):
 * - The active time is the range from the charger's first connection (or the range's start) to
 *   the range's end (capped at now); from its registration for a charger connected before first
 *   connections were recorded; none for a charger that never connected.
 * - A port's second is **faulted** when its status is `Faulted`, **unavailable** when its status is
 *   `Unavailable` or the charger is offline, **available** otherwise (any operative status, or no
 *   status reported yet while online). `uptimePercent` = available ÷ the active time outside
 *   maintenance (below). A charger's seconds are its ports' summed (so they can exceed the range),
 *   its percent their ratio.
 * - The state before the first stored change is the change's previous state (stored with it);
 *   without any change since, the current state.
 * - `chargingSessionSeconds`: time with a session in progress on the port, within the active time.
 *   Sessions are counted by their start; `failedToStart` by start, `endedEarly` by end
 *   (`session-records.ts`); `other` counts the error reports that did not end charging.
 * - Maintenance (docs/maintenance-windows.md): a charger's `maintenanceSeconds` are the seconds of
 *   its active time covered by its whole-charger windows (overlaps counted once); a port's
 *   maintenance time is covered by those or by the port's own windows. A port's seconds under
 *   maintenance are neither faulted, available nor unavailable, and leave its active time too:
 *   `uptimePercent` = available ÷ (active time − maintenance).
 */
import type { HistoryEvent } from './history-codec';
import { START_GRACE_MS, MIN_START_ENERGY_WH } from './series';
import { coveredIntervals, coveredMs, type Interval } from '../maintenance-windows/intervals';

/** `{ faultedSeconds, availableSeconds, unavailableSeconds, uptimePercent }`. */
export interface Uptime {
  faultedSeconds: number;
  availableSeconds: number;
  unavailableSeconds: number;
  uptimePercent: number;
}
/** `{ endedEarly, failedToStart, other, total }`. */
export interface ErrorCounts {
  endedEarly: number;
  failedToStart: number;
  other: number;
  total: number;
}
/** `{ chargingSessionSeconds, utilizationPercent }`. */
export interface Utilization {
  chargingSessionSeconds: number;
  utilizationPercent: number;
}

/** A port's figures. */
export interface PortHealth {
  id: number;
  name: string;
  /** Seconds of the active time under the charger's or the port's own maintenance windows, and their share. */
  maintenance: { maintenanceSeconds: number; maintenancePercent: number };
  uptime: Uptime;
  utilization: Utilization;
  errorCounts: ErrorCounts;
  chargingSessionsCount: number;
}

/** A charger as the health computation sees it now. */
export interface HealthCharger {
  chargerId: number;
  createdAt: string;
  connectionStatus?: { status: string; timestamp: string };
  /** When it first connected (ISO); absent: never, or before this was recorded (then `createdAt` counts). */
  firstConnectedAt?: string;
  ports: {
    portId: number;
    portNumber: number;
    name: string;
    ocppStatus?: { status: string; timestamp: string };
    /** The session in progress: its ID, start (ISO) and energy so far (Wh). */
    session?: { sessionId: number; startTime: string; energyWh: number };
  }[];
  /** Its maintenance windows (epoch ms); `portNumber` set: that port's only. */
  maintenance?: (Interval & { portNumber?: number })[];
}

/** The range, epoch ms (`to` already capped at `now`). */
export interface HealthRange {
  from: number;
  to: number;
  now: number;
}

/** A charger's figures before naming (`charger-health.ts` adds names, site and `reportUrl`). */
export interface ChargerFigures {
  activeTimeInIntervalSeconds: number;
  /** When the active time starts (epoch ms), or null for a charger that never connected (no active time). */
  activeFrom: number | null;
  /** Seconds of the active time under a whole-charger maintenance window, and their share of it. */
  maintenance: { maintenanceSeconds: number; maintenancePercent: number };
  connectivity: { onlineSeconds: number; offlineSeconds: number; onlinePercent: number };
  uptime: Uptime;
  utilization: Utilization;
  errorCounts: ErrorCounts;
  chargingSessionsCount: number;
  ports: PortHealth[];
}

interface Segment<T> {
  from: number;
  to: number;
  value: T;
}

const percent = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 10_000) / 100 : 0);
const seconds = (ms: number) => Math.round(ms / 1000);

/** The values a state takes over `[start, end)`: `initial`, then each change in time order. */
function segments<T>(
  initial: T,
  changes: readonly { t: number; value: T }[],
  start: number,
  end: number,
): Segment<T>[] {
  let value = initial;
  let from = start;
  const result: Segment<T>[] = [];
  for (const change of changes) {
    if (change.t <= start) value = change.value;
    else if (change.t < end) {
      result.push({ from, to: change.t, value });
      from = change.t;
      value = change.value;
    }
  }
  if (end > from) result.push({ from, to: end, value });
  return result;
}

/**
 * Events without repeats (the same event appended twice), in time order. Of a session's events
 * the one read last is kept (days in order, then as appended): a superseded session that the
 * charger then stops has two, and its real end is appended after the superseded one (read first
 * unless the stop is timestamped on an earlier UTC day than the supersede).
 */
function distinctEvents(events: readonly HistoryEvent[]): HistoryEvent[] {
  const seen = new Map<string, HistoryEvent>();
  for (const e of events)
    seen.set(
      e.kind === 'session' ? `session:${e.id}` : JSON.stringify([e.kind, e.at, e.portNumber, e.status, e.id]),
      e,
    );
  return [...seen.values()].sort((a, b) => a.at - b.at);
}

/** Whether the charger was online, over the range. */
function onlineSegments(
  charger: HealthCharger,
  events: readonly HistoryEvent[],
  start: number,
  end: number,
): Segment<boolean>[] {
  const changes = events.filter((e) => e.kind === 'connected' || e.kind === 'disconnected');
  const first = changes[0];
  const initial = first
    ? first.kind === 'disconnected'
      ? true
      : first.previous === 'Connected'
    : charger.connectionStatus?.status === 'Connected';
  return segments(
    initial,
    changes.map((e) => ({ t: e.at, value: e.kind === 'connected' })),
    start,
    end,
  );
}

/** A port's status, over the range (undefined: none reported). */
function statusSegments(
  port: HealthCharger['ports'][number],
  events: readonly HistoryEvent[],
  start: number,
  end: number,
) {
  const changes = events.filter((e) => e.kind === 'status' && e.portNumber === port.portNumber);
  const initial = changes.length ? changes[0]!.previous : port.ocppStatus?.status;
  return segments<string | undefined>(
    initial,
    changes.map((e) => ({ t: e.at, value: e.status })),
    start,
    end,
  );
}

/**
 * Seconds faulted / available / unavailable of a port, given when the charger was online and the
 * port's maintenance (disjoint intervals, within the active time), which counts as none of them.
 * @param countedMs the active time outside maintenance, ms: what `uptimePercent` divides by
 */
function portUptime(
  status: Segment<string | undefined>[],
  online: Segment<boolean>[],
  maintenance: readonly Interval[],
  countedMs: number,
): Uptime {
  const ms = { faulted: 0, available: 0, unavailable: 0 };
  for (const s of status) {
    for (const o of online) {
      const from = Math.max(s.from, o.from);
      const to = Math.min(s.to, o.to);
      const overlap = to - from - coveredMs(maintenance, from, to);
      if (overlap <= 0) continue;
      const kind =
        !o.value || s.value === 'Unavailable' ? 'unavailable' : s.value === 'Faulted' ? 'faulted' : 'available';
      ms[kind] += overlap;
    }
  }
  return {
    faultedSeconds: seconds(ms.faulted),
    availableSeconds: seconds(ms.available),
    unavailableSeconds: seconds(ms.unavailable),
    uptimePercent: percent(ms.available, countedMs),
  };
}

/**
 * The port's sessions: ended ones from the history, the one in progress from the port. The one in
 * progress failed to start when it has delivered under {@link MIN_START_ENERGY_WH} in all once
 * {@link START_GRACE_MS} passed: its readings are not read here, so this approximates the end's
 * `failedToStart` (`seriesFacts`: the energy of its first 5 minutes only).
 */
function portSessions(port: HealthCharger['ports'][number], events: readonly HistoryEvent[], now: number) {
  const ended = events.filter((e) => e.kind === 'session' && e.portNumber === port.portNumber);
  const sessions = ended.map((e) => ({
    id: e.id,
    start: e.sessionStart ?? e.at,
    end: e.sessionEnd ?? e.at,
    failed: e.failedToStart === true,
    early: e.endedEarly === true,
  }));
  const running = port.session;
  if (running && !sessions.some((s) => s.id === running.sessionId)) {
    const start = Date.parse(running.startTime);
    const failed = now - start >= START_GRACE_MS && running.energyWh < MIN_START_ENERGY_WH;
    sessions.push({ id: running.sessionId, start, end: now, failed, early: false });
  }
  return sessions;
}

/** A port's figures. */
function portHealth(
  port: HealthCharger['ports'][number],
  events: readonly HistoryEvent[],
  online: Segment<boolean>[],
  maintenance: readonly (Interval & { portNumber?: number })[],
  range: HealthRange & { start: number },
): PortHealth {
  const active = range.to - range.start;
  const portMaintenance = coveredIntervals(
    maintenance.filter((w) => w.portNumber === undefined || w.portNumber === port.portNumber),
    range.start,
    range.to,
  );
  const inRange = (t: number) => t >= range.from && t < range.to;
  const sessions = portSessions(port, events, range.now);
  const busyMs = sessions.reduce(
    (sum, s) => sum + Math.max(0, Math.min(s.end, range.to) - Math.max(s.start, range.start)),
    0,
  );
  const errors = events.filter(
    (e) => e.kind === 'error' && e.portNumber === port.portNumber && inRange(e.at) && e.status !== 'endedCharging',
  );
  const counts = {
    endedEarly: sessions.filter((s) => s.early && inRange(s.end)).length,
    failedToStart: sessions.filter((s) => s.failed && inRange(s.start)).length,
    other: errors.length,
  };
  const maintenanceMs = portMaintenance.reduce((sum, i) => sum + (i.to - i.from), 0);
  return {
    id: port.portId,
    name: port.name,
    maintenance: { maintenanceSeconds: seconds(maintenanceMs), maintenancePercent: percent(maintenanceMs, active) },
    uptime: portUptime(
      statusSegments(port, events, range.start, range.to),
      online,
      portMaintenance,
      active - maintenanceMs,
    ),
    utilization: { chargingSessionSeconds: seconds(busyMs), utilizationPercent: percent(busyMs, active) },
    errorCounts: { ...counts, total: counts.endedEarly + counts.failedToStart + counts.other },
    chargingSessionsCount: sessions.filter((s) => inRange(s.start)).length,
  };
}

/** Sums uptimes (seconds added, percent recomputed). */
export function sumUptime(uptimes: readonly Uptime[]): Uptime {
  const sum = (key: 'faultedSeconds' | 'availableSeconds' | 'unavailableSeconds') =>
    uptimes.reduce((s, u) => s + u[key], 0);
  const available = sum('availableSeconds');
  const all = available + sum('faultedSeconds') + sum('unavailableSeconds');
  return {
    faultedSeconds: sum('faultedSeconds'),
    availableSeconds: available,
    unavailableSeconds: sum('unavailableSeconds'),
    uptimePercent: percent(available, all),
  };
}

/** Sums error counts. */
export function sumErrorCounts(counts: readonly ErrorCounts[]): ErrorCounts {
  const sum = (key: keyof ErrorCounts) => counts.reduce((s, c) => s + c[key], 0);
  return {
    endedEarly: sum('endedEarly'),
    failedToStart: sum('failedToStart'),
    other: sum('other'),
    total: sum('total'),
  };
}

/**
 * From when a charger's time counts, epoch ms: its first connection; a charger connected before
 * that was recorded, its registration; undefined for one that never connected (no time counts:
 * a charger not yet installed is not "offline").
 */
function activeSince(charger: HealthCharger): number | undefined {
  if (charger.firstConnectedAt !== undefined) return Date.parse(charger.firstConnectedAt);
  return charger.connectionStatus ? Date.parse(charger.createdAt) : undefined;
}

/** A charger's figures over the range from its events (any order, repeats allowed). */
export function chargerFigures(
  charger: HealthCharger,
  rawEvents: readonly HistoryEvent[],
  range: HealthRange,
): ChargerFigures {
  const events = distinctEvents(rawEvents);
  const since = activeSince(charger);
  const start = since === undefined ? range.to : Math.min(range.to, Math.max(range.from, since));
  const active = range.to - start;
  const online = onlineSegments(charger, events, start, range.to);
  const onlineMs = online.filter((s) => s.value).reduce((sum, s) => sum + (s.to - s.from), 0);
  const ports = [...charger.ports]
    .sort((a, b) => a.portNumber - b.portNumber)
    .map((port) => portHealth(port, events, online, charger.maintenance ?? [], { ...range, start }));
  const maintenanceMs = coveredMs(
    (charger.maintenance ?? []).filter((w) => w.portNumber === undefined),
    start,
    range.to,
  );
  const chargerErrors = events.filter(
    (e) =>
      e.kind === 'error' && e.portNumber === 0 && e.at >= range.from && e.at < range.to && e.status !== 'endedCharging',
  );
  const portCounts = sumErrorCounts(ports.map((p) => p.errorCounts));
  const busy = ports.reduce((sum, p) => sum + p.utilization.chargingSessionSeconds, 0);
  return {
    activeTimeInIntervalSeconds: seconds(active),
    activeFrom: since === undefined ? null : start,
    maintenance: { maintenanceSeconds: seconds(maintenanceMs), maintenancePercent: percent(maintenanceMs, active) },
    connectivity: {
      onlineSeconds: seconds(onlineMs),
      offlineSeconds: seconds(active - onlineMs),
      onlinePercent: percent(onlineMs, active),
    },
    uptime: sumUptime(ports.map((p) => p.uptime)),
    utilization: {
      chargingSessionSeconds: busy,
      utilizationPercent: percent(busy * 1000, active * Math.max(1, ports.length)),
    },
    errorCounts: {
      ...portCounts,
      other: portCounts.other + chargerErrors.length,
      total: portCounts.total + chargerErrors.length,
    },
    chargingSessionsCount: ports.reduce((sum, p) => sum + p.chargingSessionsCount, 0),
    ports,
  };
}
