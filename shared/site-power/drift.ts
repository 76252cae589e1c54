/**
 * The drift check (docs/smart-charging.md, "What the charger enforces"): after a charger accepts a
 * TxProfile of ours, one GetCompositeSchedule (OCPP 1.6 §5.7, 2.0.1 K08) of that port for the next
 * {@link DRIFT_CHECK_SECONDS}, in the profile's unit, compared with what was sent. A composite
 * schedule above the profile sent, beyond {@link DRIFT_TOLERANCE}, at any instant it covers, is a
 * drift: the profile is sent once more (the repair) and the port's line records the drift, from
 * which the alert rules raise `profileDrift` (`shared/alerts/profile-drift.ts`); a later check
 * that matches records no drift, which clears it. A charger that answers NotSupported/NotImplemented
 * is not asked again until it boots (`smartCharging.compositeSchedule`).
 *
 * @module
 */
import type { ChargerItem } from '../chargers/items';
import type { Db } from '../db';
import {
  isOurProfileId,
  type ChargingProfileInput,
  type ChargingRateUnit,
  type CompositeSchedule,
  type CompositeSchedulePeriod,
  type SmartChargingCommands,
} from './commands';
import { PROFILE_CHANGE_ABSOLUTE, PROFILE_CHANGE_FRACTION } from '../smart-charging';
import { toWatts } from './demand';
import type { PortContext } from './port-profiles';
import { answerOf } from './profile-answers';
import type { SiteSnapshot } from './site-snapshot';
import type { Electrical } from './station-inputs';

/** How far ahead the composite schedule is read and compared, s: the hour the profiles are kept to (`profilesToSend`). */
export const DRIFT_CHECK_SECONDS = 3_600;

/**
 * How far above the profile sent a composite schedule may be before it is a drift: 5 % of the
 * profile's limit or 1 A per phase / 1 kW, whichever is larger, the same margins under which the
 * delivery does not send a new profile (`PROFILE_CHANGE_*`; rounding to 0.1 A and a charger's own
 * steps stay inside).
 */
export const DRIFT_TOLERANCE = {
  share: PROFILE_CHANGE_FRACTION,
  amps: PROFILE_CHANGE_ABSOLUTE.A,
  watts: PROFILE_CHANGE_ABSOLUTE.W,
} as const;

/**
 * A port's drift check as its allocation line stores it (`profileDrift`): when, whether the
 * charger enforces more than its profile, and for a drift where (the first instant, both limits in
 * `chargingRateUnit`) or which profile it holds that this CSMS did not send, and the answer to the
 * profile sent again.
 */
export interface ProfileDriftLine {
  /** ISO 8601 UTC. */
  checkedAt: string;
  drifted: boolean;
  source?: 'compositeSchedule' | 'unknownProfile';
  chargingRateUnit?: ChargingRateUnit;
  plannedLimit?: number;
  /** Absent in a composite drift where the composite states no limit (an OCPP 2.1 `ChargingOnly` period without one). */
  compositeLimit?: number;
  /** ISO 8601 UTC: the first instant above the profile. */
  at?: string;
  /** A profile the charger holds that this CSMS did not send (2.0.1 ReportChargingProfiles): its id and source. */
  unknownProfileId?: number;
  unknownProfileSource?: string;
  resentStatus?: string;
}

/** A check as the API shows it (the allocation read's `profileDrift`, the alert's details): absent fields null. */
export interface ProfileDriftView {
  checkedAt: string;
  drifted: boolean;
  source: 'compositeSchedule' | 'unknownProfile' | null;
  chargingRateUnit: ChargingRateUnit | null;
  plannedLimit: number | null;
  compositeLimit: number | null;
  at: string | null;
  unknownProfileId: number | null;
  unknownProfileSource: string | null;
  resentStatus: string | null;
}

/** A stored check as the API shows it. */
export function profileDriftView(drift: ProfileDriftLine): ProfileDriftView {
  return {
    checkedAt: drift.checkedAt,
    drifted: drift.drifted,
    source: drift.source ?? null,
    chargingRateUnit: drift.chargingRateUnit ?? null,
    plannedLimit: drift.plannedLimit ?? null,
    compositeLimit: drift.compositeLimit ?? null,
    at: drift.at ?? null,
    unknownProfileId: drift.unknownProfileId ?? null,
    unknownProfileSource: drift.unknownProfileSource ?? null,
    resentStatus: drift.resentStatus ?? null,
  };
}

/**
 * Where a composite schedule is above the profile sent: the first such instant and both limits there,
 * in `unit`; `compositeLimit` absent where the composite states no limit (an OCPP 2.1
 * `ChargingOnly` period without one: {@link compositePeriodW}).
 */
export interface DriftFinding {
  /** ms since epoch. */
  at: number;
  unit: ChargingRateUnit;
  plannedLimit: number;
  compositeLimit?: number;
}

/** A schedule as limits in W, each from `start` (ms since epoch), until `end` when it has one. */
interface Steps {
  starts: number[];
  /** Infinity: no limit; undefined: a limit the schedule does not state (not compared). */
  limitsW: (number | undefined)[];
  end: number;
}

/**
 * The most a composite period lets the port draw, W (a period's `numberPhases` when it says, else
 * the port's). With a `limit`, that limit, whatever the `operationMode` (a setpoint's overshoot
 * stays within it); with OCPP 2.1's per-phase limits (`limit_L2`, `limit_L3`: `limit` is then
 * phase L1's) the phases summed. Without one (OCPP 2.1 made it optional), by the period's
 * `operationMode`:
 * - `ChargingOnly` (or none): nothing holds the port: `Infinity`, a drift against any profile;
 * - `Idle`: no energy transfer, 0;
 * - `CentralSetpoint` / `ExternalSetpoint` with a `setpoint`: the setpoint the EV follows
 *   (phases summed as for limits; discharging, negative, is 0 drawn);
 * - the others (`ExternalLimits`, `CentralFrequency`, `LocalFrequency`, `LocalLoadBalancing`, a
 *   setpoint mode without a setpoint): the rate is set outside the schedule (an external system, the
 *   grid frequency, the station's own balancing): `undefined`, that period is not compared.
 * Pure.
 */
export function compositePeriodW(
  period: CompositeSchedulePeriod,
  unit: ChargingRateUnit,
  electrical: Electrical,
): number | undefined {
  const phases = period.numberPhases ?? electrical.phases;
  const watts = (l1: number, l2: number | undefined, l3: number | undefined) => {
    if (l2 === undefined && l3 === undefined) return toWatts(l1, unit, { ...electrical, phases });
    // Per phase: in W each phase's power, in A each phase's current at the phase voltage.
    const perPhase = [l1, l2 ?? 0, l3 ?? 0];
    return perPhase.reduce((sum, value) => sum + toWatts(value, unit, { ...electrical, phases: 1 }), 0);
  };
  if (period.limit !== undefined) return watts(period.limit, period.limit_L2, period.limit_L3);
  const mode = period.operationMode ?? 'ChargingOnly';
  if (mode === 'ChargingOnly') return Number.POSITIVE_INFINITY;
  if (mode === 'Idle') return 0;
  if ((mode === 'CentralSetpoint' || mode === 'ExternalSetpoint') && period.setpoint !== undefined)
    return Math.max(0, watts(period.setpoint, period.setpoint_L2, period.setpoint_L3));
  return undefined;
}

/** The profile sent as steps in W (its last period holds). */
function sentSteps(sent: ChargingProfileInput, electrical: Electrical, now: number): Steps {
  const start = sent.startSchedule ? Date.parse(sent.startSchedule) : now;
  return {
    starts: sent.periods.map((p) => start + p.startPeriod * 1000),
    limitsW: sent.periods.map((p) =>
      toWatts(p.limit, sent.unit, { ...electrical, phases: sent.numberPhases ?? electrical.phases }),
    ),
    end: Number.POSITIVE_INFINITY,
  };
}

/** The composite schedule as steps in W ({@link compositePeriodW}). */
function compositeSteps(composite: CompositeSchedule, electrical: Electrical, now: number): Steps {
  const start = composite.scheduleStart ? Date.parse(composite.scheduleStart) : now;
  const unit = composite.chargingRateUnit;
  return {
    starts: composite.chargingSchedulePeriod.map((p) => start + p.startPeriod * 1000),
    limitsW: composite.chargingSchedulePeriod.map((p) => compositePeriodW(p, unit, electrical)),
    end: composite.duration === undefined ? Number.POSITIVE_INFINITY : start + composite.duration * 1000,
  };
}

/** The limit of `steps` at `t`, or undefined before its first period, after its end, or where it states none. */
function limitAt(steps: Steps, t: number): number | undefined {
  if (t >= steps.end) return undefined;
  let limit: number | undefined;
  for (const [k, start] of steps.starts.entries()) {
    if (start > t) break;
    limit = steps.limitsW[k];
  }
  return limit;
}

/** A W value in the profile's unit (A per phase rounded to 0.1 A, whole W). */
function inUnit(limitW: number, unit: ChargingRateUnit, electrical: Electrical): number {
  return unit === 'W' ? Math.round(limitW) : Math.round((limitW / (electrical.voltageV * electrical.phases)) * 10) / 10;
}

/**
 * Where the composite schedule exceeds the profile sent by more than {@link DRIFT_TOLERANCE},
 * from `now` over {@link DRIFT_CHECK_SECONDS} (an A schedule against a W profile, or the reverse,
 * converted at the port's voltage and phases as the delivery converts; an OCPP 2.1 period without
 * `limit` as {@link compositePeriodW} reads it). Pure.
 * @returns the first instant above, or undefined when the charger keeps to the profile
 */
export function findDrift(
  sent: ChargingProfileInput,
  composite: CompositeSchedule,
  electrical: Electrical,
  now: number,
): DriftFinding | undefined {
  const planned = sentSteps(sent, electrical, now);
  const actual = compositeSteps(composite, electrical, now);
  const horizon = now + DRIFT_CHECK_SECONDS * 1000;
  const instants = [now, ...planned.starts, ...actual.starts]
    .filter((t) => t >= now && t < horizon)
    .sort((a, b) => a - b);
  const slackW = sent.unit === 'A' ? toWatts(DRIFT_TOLERANCE.amps, 'A', electrical) : DRIFT_TOLERANCE.watts;
  for (const t of instants) {
    const plannedW = limitAt(planned, t);
    const actualW = limitAt(actual, t);
    if (plannedW === undefined || actualW === undefined) continue;
    if (actualW > plannedW + Math.max(plannedW * DRIFT_TOLERANCE.share, slackW)) {
      return {
        at: t,
        unit: sent.unit,
        plannedLimit: inUnit(plannedW, sent.unit, electrical),
        ...(Number.isFinite(actualW) ? { compositeLimit: inUnit(actualW, sent.unit, electrical) } : {}),
      };
    }
  }
  return undefined;
}

/** Whether the charger may be asked for its composite schedule (not known to refuse it on this boot). */
function checksDrift(charger: ChargerItem): boolean {
  return charger.smartCharging?.compositeSchedule !== 'unsupported';
}

/** Remembers that a charger does not answer GetCompositeSchedule, until it boots (1 UpdateItem). */
async function markUnsupported(db: Db, snapshot: SiteSnapshot, charger: ChargerItem): Promise<void> {
  if (!charger.smartCharging) return;
  const smartCharging = { ...charger.smartCharging, compositeSchedule: 'unsupported' as const };
  await db.charger.patch({ chargerId: charger.chargerId }).set({ smartCharging }).go();
  snapshot.chargers.set(charger.chargerId, { ...charger, smartCharging });
}

/**
 * Checks one port whose TxProfile `sent` was just accepted: one GetCompositeSchedule; on a drift
 * the profile sent again, once. A charger that cannot answer (NotSupported) is remembered; one that
 * fails, times out or rejects the request leaves the port's previous check as it was.
 * @returns the port's check to store, or undefined when nothing was learnt
 */
export async function checkDrift(
  db: Db,
  commands: SmartChargingCommands,
  snapshot: SiteSnapshot,
  ctx: PortContext,
  sent: ChargingProfileInput,
): Promise<ProfileDriftLine | undefined> {
  const charger = snapshot.chargers.get(ctx.charger.chargerId) ?? ctx.charger;
  if (!checksDrift(charger)) return undefined;
  const request = { portNumber: sent.portNumber, duration: DRIFT_CHECK_SECONDS, chargingRateUnit: sent.unit };
  const answer = await answerOf(() => commands.send(charger.chargerId, 'GetCompositeSchedule', request));
  if (answer === 'NotSupported') {
    await markUnsupported(db, snapshot, charger);
    return undefined;
  }
  if (typeof answer === 'string' || !answer.schedule) return undefined;
  const checkedAt = Date.now();
  const finding = findDrift(sent, answer.schedule, ctx.electrical, checkedAt);
  if (finding || ctx.previous?.profileDrift?.source === 'unknownProfile') {
    await askProfiles(db, commands, snapshot, charger, sent.portNumber);
  }
  if (!finding) return { checkedAt: new Date(checkedAt).toISOString(), drifted: false };
  const resent = await answerOf(() => commands.send(charger.chargerId, 'SetChargingProfile', sent));
  return {
    checkedAt: new Date(checkedAt).toISOString(),
    drifted: true,
    source: 'compositeSchedule',
    chargingRateUnit: finding.unit,
    plannedLimit: finding.plannedLimit,
    ...(finding.compositeLimit === undefined ? {} : { compositeLimit: finding.compositeLimit }),
    at: new Date(finding.at).toISOString(),
    resentStatus: resent,
  };
}

/**
 * Asks a station which profiles it holds on the port (2.0.1 GetChargingProfiles K09; a 1.6 charger
 * answers NotSupported without a CALL): its ReportChargingProfiles are stored on the charger as
 * they come (`recordChargingProfilesReport`) and read by the next allocation; `NoProfiles` forgets
 * the report stored before (1 UpdateItem).
 */
async function askProfiles(
  db: Db,
  commands: SmartChargingCommands,
  snapshot: SiteSnapshot,
  charger: ChargerItem,
  portNumber: number,
): Promise<void> {
  // Unique enough per charger: the reports of an earlier request are stored as they come anyway.
  const requestId = Date.now() % 2_000_000_000;
  const answer = await answerOf(() =>
    commands.send(charger.chargerId, 'GetChargingProfiles', { requestId, portNumber }),
  );
  if (answer !== 'NoProfiles' || !charger.chargingProfilesReport) return;
  await db.charger.patch({ chargerId: charger.chargerId }).remove(['chargingProfilesReport']).go();
  const { chargingProfilesReport: _, ...rest } = snapshot.chargers.get(charger.chargerId) ?? charger;
  snapshot.chargers.set(charger.chargerId, rest as ChargerItem);
}

/**
 * A profile the station reported on the port (or on the whole station) since it last booted that
 * this CSMS did not send: another `chargingLimitSource` than CSO, or an ID not ours.
 */
export function foreignProfile(
  charger: ChargerItem,
  portNumber: number,
): { id: number; source: string; receivedAt: string } | undefined {
  const report = charger.chargingProfilesReport;
  if (!report || (charger.lastBootAt && report.receivedAt < charger.lastBootAt)) return undefined;
  if (report.evseId !== 0 && report.evseId !== portNumber) return undefined;
  const foreign = report.profiles.find(
    (p) => report.chargingLimitSource !== 'CSO' || !isOurProfileId(p.id, portNumber),
  );
  return foreign && { id: foreign.id, source: report.chargingLimitSource, receivedAt: report.receivedAt };
}

/**
 * The port's drift to store: its composite check now, else the previous one of the session (a drift
 * stays raised until a later check matches); a composite drift first, else a profile the station
 * holds that this CSMS did not send ({@link foreignProfile}); an earlier unknown profile no longer
 * reported is no drift.
 */
export function portDrift(
  ctx: PortContext,
  checked: ProfileDriftLine | undefined,
  charger: ChargerItem,
): ProfileDriftLine | undefined {
  const previous =
    ctx.previous?.sessionId === ctx.allocation.sessionId
      ? (ctx.previous.profileDrift as ProfileDriftLine | undefined)
      : undefined;
  const composite = checked ?? previous;
  if (composite?.drifted && composite.source !== 'unknownProfile') return composite;
  const foreign = foreignProfile(charger, ctx.port.portNumber);
  if (foreign) {
    return {
      checkedAt: foreign.receivedAt,
      drifted: true,
      source: 'unknownProfile',
      unknownProfileId: foreign.id,
      unknownProfileSource: foreign.source,
    };
  }
  return composite?.drifted ? { checkedAt: composite.checkedAt, drifted: false } : composite;
}
