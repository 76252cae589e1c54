/**
 * Delivering an allocation to the chargers (spec §2.6 enforced; OCPP 1.6 SetChargingProfile /
 * ClearChargingProfile, OCPP 2.0.1 K01 / K10), through the command path ({@link SmartChargingCommands}:
 * each CALL logged with its answer, one CALL per charger at a time):
 * - each port with a session gets a `TxProfile` for its transaction, in the unit its charger takes,
 *   only when its limit changed by at least 5 % or 1 kW / 1 A (`profilesToSend`), after a
 *   reconnection or boot of its charger, or when the previous one failed; decreases go first;
 * - each controllable charger of a limited site holds a `TxDefaultProfile` on connector 0 for the
 *   vehicle that plugs in next: 0 under a capacity limit (it waits for its allocation, seconds
 *   later), else the minimum (8 A / 5 kW);
 * - a site whose limits are gone gets its profiles cleared (`ClearChargingProfile`);
 * - every answer is recorded; a charger that refuses, fails or does not answer is uncontrolled
 *   until it reconnects (`smartChargingRefusedOn`), and the caller allocates again without it.
 */
import type { Db } from '../db';
import type { ChargerItem, PortItem } from '../chargers/items';
import type { ChargingProfileInput, ChargingRateUnit, SmartChargingCommands } from '../charging/charger-commands';
import { logger } from '../logger';
import {
  floorAmps,
  profilesToSend,
  type AllocationResult,
  type PortAllocation,
  type PortProfileState,
} from '../smart-charging';
import { phasesAndVoltage, profileUnit, toWatts } from './demand';
import type { SiteAllocationItem, SiteSnapshot } from './site-snapshot';

/** One port's line of a stored allocation. */
export type AllocatedPortLine = SiteAllocationItem['ports'][number];
/** One charger's TxDefaultProfile of a stored allocation. */
export type DefaultProfileLine = NonNullable<SiteAllocationItem['defaultProfiles']>[number];

/** What a delivery did. */
export interface Delivery {
  ports: AllocatedPortLine[];
  defaultProfiles: DefaultProfileLine[];
  /** Chargers that refused or failed a command: the allocation must run again without them. */
  refused: number[];
}

/** The answer recorded for a command that did not get a result. */
type Unanswered = 'NotSupported' | 'Failed' | 'NotConnected';

/** Sends one command, turning every failure into a recorded status. */
async function answerOf<T>(
  send: () => Promise<{ ok: true; result: T } | { ok: false; unsupported: boolean }>,
): Promise<T | Unanswered> {
  try {
    const answer = await send();
    return answer.ok ? answer.result : answer.unsupported ? 'NotSupported' : 'Failed';
  } catch (error) {
    logger.warn('charging profile not delivered', { error: String(error) });
    return (error as Error).name === 'ChargerNotConnectedError' ? 'NotConnected' : 'Failed';
  }
}

/** Marks a charger uncontrolled until it reconnects (1 UpdateItem), in the store and in the snapshot. */
async function markRefused(db: Db, snapshot: SiteSnapshot, charger: ChargerItem): Promise<void> {
  if (!charger.currentConnectionId) return;
  await db.charger
    .patch({ chargerId: charger.chargerId })
    .set({ smartChargingRefusedOn: charger.currentConnectionId })
    .go();
  snapshot.chargers.set(charger.chargerId, { ...charger, smartChargingRefusedOn: charger.currentConnectionId });
}

/**
 * Learns, for every connected charger of the site whose support is not known on this boot,
 * whether it takes charging profiles and in which units (one GetConfiguration / GetVariables each,
 * in parallel), and stores it on the charger. A charger that does not answer is uncontrolled until
 * it reconnects.
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
            };
      await db.charger.patch({ chargerId: charger.chargerId }).set({ smartCharging }).go();
      snapshot.chargers.set(charger.chargerId, { ...charger, smartCharging });
    }),
  );
}

/** The profile a port's allocation becomes, in its charger's unit (A per phase, rounded down). */
function portProfile(port: PortItem, charger: ChargerItem, allocation: PortAllocation): ChargingProfileInput {
  const session = port.currentChargingSession!;
  const electrical = phasesAndVoltage(session, charger.type);
  const unit = profileUnit(charger);
  const limit =
    unit === 'W'
      ? Math.floor(allocation.limitW)
      : floorAmps(allocation.limitW / (electrical.voltageV * electrical.phases));
  return {
    portNumber: port.portNumber,
    purpose: 'TxProfile',
    transactionKey: session.transactionKey,
    unit,
    limit,
    ...(unit === 'A' && charger.type === 'Level 2' ? { numberPhases: electrical.phases } : {}),
  };
}

/** Whether the previous line's profile is in force: accepted for this session, on the current connection, after the last boot. */
function inForce(line: AllocatedPortLine | undefined, port: PortItem, charger: ChargerItem): boolean {
  if (line?.profileStatus !== 'Accepted' || line.sessionId !== port.currentChargingSession?.sessionId) return false;
  if (line.profileConnectionId !== charger.currentConnectionId) return false;
  return !(charger.lastBootAt && line.sentAt && charger.lastBootAt > line.sentAt);
}

/** A stored line for a port: the allocation, with the profile in force carried over (or none). */
function carriedLine(
  allocation: PortAllocation,
  port: PortItem,
  previous: AllocatedPortLine | undefined,
  kept: boolean,
): AllocatedPortLine {
  const { portId, chargerId, sessionId, limitW, limitA, reason } = allocation;
  const base = {
    portId,
    chargerId,
    portNumber: port.portNumber,
    sessionId,
    limitW,
    ...(limitA !== undefined ? { limitA } : {}),
    reason,
  };
  if (!kept || !previous)
    return {
      ...base,
      profileStatus:
        reason === 'uncontrolled'
          ? 'Uncontrolled'
          : previous?.sessionId === sessionId
            ? previous.profileStatus
            : undefined,
    };
  const { profileUnit: unit, profileLimit, profileConnectionId, profileStatus, sentAt } = previous;
  return { ...base, profileUnit: unit, profileLimit, profileConnectionId, profileStatus, sentAt };
}

/** The previous allocation's line of a port, by port ID. */
function previousLines(snapshot: SiteSnapshot): Map<number, AllocatedPortLine> {
  return new Map((snapshot.previous?.ports ?? []).map((line) => [line.portId, line]));
}

/**
 * Which ports get a new TxProfile: those `profilesToSend` picks from the limits in force, plus
 * those whose profile is not in force (never sent, refused, charger reconnected or rebooted).
 * @returns port IDs, decreases first
 */
function portsToSend(snapshot: SiteSnapshot, result: AllocationResult, byPort: Map<number, PortItem>): number[] {
  const previous = previousLines(snapshot);
  const states: PortProfileState[] = [];
  const notInForce: number[] = [];
  for (const allocation of result.ports) {
    const port = byPort.get(allocation.portId)!;
    const charger = snapshot.chargers.get(port.chargerId)!;
    if (allocation.reason === 'uncontrolled') continue;
    const line = previous.get(port.portId);
    if (!inForce(line, port, charger)) notInForce.push(port.portId);
    const electrical = phasesAndVoltage(port.currentChargingSession!, charger.type);
    const limitW =
      line?.profileLimit !== undefined && line.profileUnit
        ? toWatts(line.profileLimit, line.profileUnit, electrical)
        : undefined;
    states.push({
      portId: port.portId,
      rateUnit: profileUnit(charger),
      ...(inForce(line, port, charger) && limitW !== undefined ? { inForce: { limitW } } : {}),
    });
  }
  const chosen = new Set([...profilesToSend(states, result), ...notInForce]);
  const limitBefore = (portId: number) => states.find((s) => s.portId === portId)?.inForce?.limitW ?? Infinity;
  const next = new Map(result.ports.map((p) => [p.portId, p.limitW]));
  return [...chosen].sort((a, b) => next.get(a)! - limitBefore(a) - (next.get(b)! - limitBefore(b)) || a - b);
}

/** Sends one port's TxProfile and returns its stored line. */
async function sendPortProfile(
  db: Db,
  commands: SmartChargingCommands,
  snapshot: SiteSnapshot,
  port: PortItem,
  allocation: PortAllocation,
  refused: Set<number>,
): Promise<AllocatedPortLine> {
  const charger = snapshot.chargers.get(port.chargerId)!;
  const profile = portProfile(port, charger, allocation);
  const sentAt = new Date().toISOString();
  const status = await answerOf(() => commands.send(charger.chargerId, 'SetChargingProfile', profile));
  if (status !== 'Accepted') {
    refused.add(charger.chargerId);
    await markRefused(db, snapshot, charger);
  }
  return {
    ...carriedLine(allocation, port, undefined, false),
    profileUnit: profile.unit,
    profileLimit: profile.limit,
    profileStatus: status,
    sentAt,
    ...(charger.currentConnectionId ? { profileConnectionId: charger.currentConnectionId } : {}),
  };
}

/**
 * Sends the TxProfiles an allocation needs (decreases, then increases; chargers in parallel, one
 * CALL at a time each) and returns every port's line.
 */
export async function deliverPortProfiles(
  db: Db,
  commands: SmartChargingCommands,
  snapshot: SiteSnapshot,
  result: AllocationResult,
  refused: Set<number>,
): Promise<AllocatedPortLine[]> {
  const byPort = new Map(snapshot.ports.map((p) => [p.portId, p]));
  const previous = previousLines(snapshot);
  const sending = portsToSend(snapshot, result, byPort);
  const lines = new Map<number, AllocatedPortLine>();
  const decreasing = sending.filter(
    (id) => (previous.get(id)?.limitW ?? Infinity) > result.ports.find((p) => p.portId === id)!.limitW,
  );
  for (const group of [decreasing, sending.filter((id) => !decreasing.includes(id))]) {
    await Promise.all(
      group.map(async (portId) => {
        const port = byPort.get(portId)!;
        const allocation = result.ports.find((p) => p.portId === portId)!;
        lines.set(portId, await sendPortProfile(db, commands, snapshot, port, allocation, refused));
      }),
    );
  }
  return result.ports.map((allocation) => {
    const port = byPort.get(allocation.portId)!;
    return (
      lines.get(allocation.portId) ??
      carriedLine(
        allocation,
        port,
        previous.get(allocation.portId),
        inForce(previous.get(allocation.portId), port, snapshot.chargers.get(port.chargerId)!),
      )
    );
  });
}

/** The TxDefaultProfile limit of a charger of a limited site: 0 under a capacity limit, else the minimum. */
function defaultLimit(charger: ChargerItem, underCapacity: boolean): { unit: ChargingRateUnit; limit: number } {
  const unit = profileUnit(charger);
  if (underCapacity) return { unit, limit: 0 };
  if (unit === 'A') return { unit, limit: 8 };
  return { unit, limit: charger.type === 'DCFC' ? 5000 : Math.floor(8 * 240) };
}

/**
 * Gives every controllable charger of a limited site this CSMS's TxDefaultProfile (connector 0),
 * unless it holds the same one on its current connection.
 */
export async function deliverDefaultProfiles(
  db: Db,
  commands: SmartChargingCommands,
  snapshot: SiteSnapshot,
  refused: Set<number>,
): Promise<DefaultProfileLine[]> {
  const held = new Map((snapshot.previous?.defaultProfiles ?? []).map((d) => [d.chargerId, d]));
  const underCapacity = snapshot.limits.capacity !== undefined;
  const lines = await Promise.all(
    [...snapshot.chargers.values()].map(async (charger): Promise<DefaultProfileLine | undefined> => {
      if (
        charger.smartCharging?.support !== 'supported' ||
        !charger.currentConnectionId ||
        refused.has(charger.chargerId)
      )
        return undefined;
      if (
        charger.smartChargingRefusedOn === charger.currentConnectionId ||
        charger.connectionStatus?.status !== 'Connected'
      )
        return undefined;
      const { unit, limit } = defaultLimit(charger, underCapacity);
      const current = held.get(charger.chargerId);
      if (
        current &&
        current.connectionId === charger.currentConnectionId &&
        current.unit === unit &&
        current.limit === limit
      )
        return current;
      const profile: ChargingProfileInput = { portNumber: 0, purpose: 'TxDefaultProfile', unit, limit };
      const status = await answerOf(() => commands.send(charger.chargerId, 'SetChargingProfile', profile));
      if (status === 'Accepted')
        return { chargerId: charger.chargerId, unit, limit, connectionId: charger.currentConnectionId };
      refused.add(charger.chargerId);
      await markRefused(db, snapshot, charger);
      return undefined;
    }),
  );
  return lines.filter((line): line is DefaultProfileLine => line !== undefined);
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
