/**
 * Delivering an allocation to the chargers (spec §2.6 enforced; OCPP 1.6 SetChargingProfile /
 * ClearChargingProfile, OCPP 2.0.1 K01 / K10), through the command path ({@link SmartChargingCommands}:
 * each CALL logged with its answer, one CALL per charger at a time):
 * - each port with a session gets a `TxProfile` for its transaction carrying the next hours of its
 *   plan (kind Absolute, in the unit its charger takes, at most the charger's
 *   `ChargingScheduleMaxPeriods` / `PeriodsPerSchedule` periods: {@link sentSchedule}), so that a
 *   charger that loses its connection follows the plan;
 * - which ports get one, and in which order, is `profilesToSend` (`shared/smart-charging/profiles.ts`):
 *   only when the next hour changes beyond 5 % / 1 kW / 1 A, when the port holds no profile of
 *   ours, or when the limits kept would exceed the plan somewhere; **decreases first**: phase 1
 *   (every decrease, and the lower of old and new for a port that goes both ways) goes out to every
 *   charger and is answered before phase 2 (the increases) starts, and a phase 1 that is not
 *   accepted everywhere stops the delivery: the charger is counted as uncontrolled (at its maximum)
 *   and the site is allocated again, so an increase never relies on a decrease not in force;
 * - each controllable charger of a limited site holds a `TxDefaultProfile` on connector 0 for the
 *   vehicle that plugs in next: 0 under a capacity limit (it waits for its allocation, seconds
 *   later), else the minimum (8 A / 5 kW); a lower one goes out in phase 1, a higher one in phase 2;
 * - a site whose limits are gone gets its profiles cleared (`ClearChargingProfile`);
 * - every answer is recorded; a charger that refuses, fails or does not answer is uncontrolled
 *   until it reconnects (`smartChargingRefusedOn`), and the caller allocates again without it.
 */
import type { ChargingProfileInput, SmartChargingCommands } from './commands';
import type { Db } from '../db';
import type { PortItem } from '../chargers/items';
import { type AllocationResult, type PortProfileState, type ProfileSend, profilesToSend } from '../smart-charging';
import { defaultChanges, deliverDefaults, type DefaultProfileLine } from './default-profiles';
import {
  heldSchedule,
  line,
  portContexts,
  profileOf,
  scheduled,
  sentSchedule,
  type AllocatedPortLine,
  type PortContext,
} from './port-profiles';
import { answerOf, markRefused } from './profile-answers';
import { checkDrift, portDrift, type ProfileDriftLine } from './drift';
import type { SiteSnapshot } from './site-snapshot';

export type { AllocatedPortLine } from './port-profiles';
export type { DefaultProfileLine } from './default-profiles';

/** What a delivery did. */
export interface Delivery {
  ports: AllocatedPortLine[];
  defaultProfiles: DefaultProfileLine[];
  /** Chargers that refused or failed a command: the allocation must run again without them. */
  refused: number[];
}

/**
 * Learns, for every connected charger of the site whose support is not known on this boot,
 * whether it takes charging profiles, in which units and with how many periods (one
 * GetConfiguration / GetVariables each, in parallel), and stores it on the charger. A charger that
 * does not answer is uncontrolled until it reconnects.
 */
export async function learnSupport(db: Db, commands: SmartChargingCommands, snapshot: SiteSnapshot): Promise<void> {
  const unknown = [...snapshot.chargers.values()].filter(
    (c) =>
      c.connectionStatus?.status === 'Connected' &&
      !c.smartCharging &&
      c.smartChargingRefusedOn !== c.currentConnectionId,
  );
  await Promise.all(
    unknown.map(async (charger) => {
      const answer = await answerOf(() => commands.send(charger.chargerId, 'SmartChargingSupport', undefined));
      if (answer === 'Failed' || answer === 'NotConnected') return markRefused(db, snapshot, charger);
      const smartCharging =
        answer === 'NotSupported'
          ? { support: 'unsupported' as const, rateUnits: [] }
          : {
              support: answer.supported ? ('supported' as const) : ('unsupported' as const),
              rateUnits: answer.rateUnits,
              ...(answer.maxPeriods !== undefined ? { maxPeriods: answer.maxPeriods } : {}),
            };
      await db.charger.patch({ chargerId: charger.chargerId }).set({ smartCharging }).go();
      snapshot.chargers.set(charger.chargerId, { ...charger, smartCharging });
    }),
  );
}

/** Sends one phase's profiles (chargers in parallel, one CALL at a time each); returns the answers by port. */
async function sendPhase(
  commands: SmartChargingCommands,
  sends: readonly { ctx: PortContext; input: ChargingProfileInput }[],
): Promise<Map<number, { input: ChargingProfileInput; status: string; sentAt: string }>> {
  const answers = new Map<number, { input: ChargingProfileInput; status: string; sentAt: string }>();
  await Promise.all(
    sends.map(async ({ ctx, input }) => {
      const sentAt = new Date().toISOString();
      const status = await answerOf(() => commands.send(ctx.charger.chargerId, 'SetChargingProfile', input));
      answers.set(ctx.allocation.portId, { input, status, sentAt });
    }),
  );
  return answers;
}

/**
 * Sends the TxProfiles (and TxDefaultProfiles) an allocation needs, decreases first (see the
 * module's documentation), and returns every port's line and the defaults held.
 * @param refused filled with the chargers that did not accept a profile
 */
export async function deliverProfiles(
  db: Db,
  commands: SmartChargingCommands,
  snapshot: SiteSnapshot,
  result: AllocationResult,
  refused: Set<number>,
  now: number,
): Promise<Pick<Delivery, 'ports' | 'defaultProfiles'>> {
  const contexts = portContexts(snapshot, result);
  const controllable = contexts.filter((c) => c.allocation.reason !== 'uncontrolled');
  const states: PortProfileState[] = controllable.map((ctx) => {
    const { schedule, held } = heldSchedule(ctx, snapshot, now);
    const next = sentSchedule(ctx, now).map((p) => scheduled(ctx, p.start, p.limit));
    return { portId: ctx.allocation.portId, rateUnit: ctx.unit, inForce: schedule, held, next };
  });
  const sends = profilesToSend(states, now);
  const byPort = new Map(controllable.map((c) => [c.allocation.portId, c]));
  const phase = (n: 1 | 2) =>
    sends
      .filter((s: ProfileSend) => s.phase === n)
      .map((s) => ({ ctx: byPort.get(s.portId)!, input: profileOf(byPort.get(s.portId)!, s.schedule, now) }));
  const defaults = defaultChanges(snapshot);
  const lower = defaults.filter((d) => d.lower);
  const [answers, heldDefaults] = await Promise.all([
    sendPhase(commands, phase(1)),
    deliverDefaults(db, commands, snapshot, refused, lower),
  ]);
  await markUnaccepted(db, snapshot, answers, refused);
  if (refused.size === 0) {
    const increases = await sendPhase(commands, phase(2));
    await markUnaccepted(db, snapshot, increases, refused);
    for (const [portId, answer] of increases) answers.set(portId, answer);
    heldDefaults.push(
      ...(await deliverDefaults(
        db,
        commands,
        snapshot,
        refused,
        defaults.filter((d) => !d.lower),
      )),
    );
  }
  const drifts = await checkAccepted(db, commands, snapshot, byPort, answers);
  return {
    ports: contexts.map((ctx) => {
      const charger = snapshot.chargers.get(ctx.charger.chargerId) ?? ctx.charger;
      const drift = portDrift(ctx, drifts.get(ctx.allocation.portId), charger);
      return { ...line(ctx, answers.get(ctx.allocation.portId)), ...(drift ? { profileDrift: drift } : {}) };
    }),
    defaultProfiles: [...heldDefaults, ...defaults.filter((d) => d.unchanged).map((d) => d.current!)],
  };
}

/**
 * The drift check of every TxProfile accepted now (`./drift.ts`): one GetCompositeSchedule per
 * profile, none for a charger that does not answer it.
 * @returns each checked port's result, by port
 */
async function checkAccepted(
  db: Db,
  commands: SmartChargingCommands,
  snapshot: SiteSnapshot,
  byPort: Map<number, PortContext>,
  answers: Map<number, { input: ChargingProfileInput; status: string }>,
): Promise<Map<number, ProfileDriftLine>> {
  const drifts = new Map<number, ProfileDriftLine>();
  await Promise.all(
    [...answers]
      .filter(([, answer]) => answer.status === 'Accepted')
      .map(async ([portId, { input }]) => {
        const drift = await checkDrift(db, commands, snapshot, byPort.get(portId)!, input);
        if (drift) drifts.set(portId, drift);
      }),
  );
  return drifts;
}

/**
 * Marks every charger with a profile not accepted as refused (uncontrolled until it reconnects),
 * except a TxProfile `Rejected` for a transaction that ended while it was on its way (the charger
 * rightly refuses a profile for a transaction it no longer has: OCPP 1.6 §5.16, 2.0.1 K01.FR.09).
 */
async function markUnaccepted(
  db: Db,
  snapshot: SiteSnapshot,
  answers: Map<number, { input: ChargingProfileInput; status: string }>,
  refused: Set<number>,
): Promise<void> {
  const ports = new Map(snapshot.ports.map((p) => [p.portId, p]));
  for (const [portId, { input, status }] of answers) {
    if (status === 'Accepted') continue;
    const port = ports.get(portId)!;
    const charger = snapshot.chargers.get(port.chargerId)!;
    if (refused.has(charger.chargerId)) continue;
    if (status === 'Rejected' && (await transactionEnded(db, port, input))) continue;
    refused.add(charger.chargerId);
    await markRefused(db, snapshot, charger);
  }
}

/** Whether the transaction a TxProfile was sent for is no longer the port's (1 consistent GetItem). */
async function transactionEnded(db: Db, port: PortItem, input: ChargingProfileInput): Promise<boolean> {
  const { data } = await db.port
    .get({ chargerId: port.chargerId, portNumber: port.portNumber })
    .go({ consistent: true });
  return data?.currentChargingSession?.ocppTransactionId !== input.ocppTransactionId;
}

/**
 * Clears this CSMS's profiles (TxProfile and TxDefaultProfile) from the chargers that hold them on
 * their current connection: the site's limits are gone.
 */
export async function clearProfiles(commands: SmartChargingCommands, snapshot: SiteSnapshot): Promise<void> {
  const holding = new Set<number>([
    ...(snapshot.previous?.ports ?? []).filter((l) => l.profileStatus === 'Accepted').map((l) => l.chargerId),
    ...(snapshot.previous?.defaultProfiles ?? []).map((d) => d.chargerId),
  ]);
  await Promise.all(
    [...holding].map(async (chargerId) => {
      const charger = snapshot.chargers.get(chargerId);
      if (charger?.connectionStatus?.status !== 'Connected') return;
      for (const purpose of ['TxProfile', 'TxDefaultProfile'] as const) {
        await answerOf(() => commands.send(chargerId, 'ClearChargingProfile', { purpose }));
      }
    }),
  );
}

/** The stored lines of an allocation on a site without limits: no profiles. */
export function unlimitedLines(snapshot: SiteSnapshot, result: AllocationResult): AllocatedPortLine[] {
  return portContexts(snapshot, result).map((ctx) => ({ ...line(ctx), profileStatus: 'None' }));
}
