/**
 * A port's session and its readings, stored apart (the port in `gsi1` for the organization's
 * lists, the readings in no index, so that a MeterValues rewrites 1 WRU instead of the port's 2:
 * docs/cost-and-scale.md) and joined here for every reader that shows or uses readings (spec §2.3
 * `latestReadings`, `energyDeliveredKwh`; smart charging's measured power and delivered energy).
 */
import type { Db, TransactionEntities } from '../db';
import { batchGet } from '../db';
import type { ChargerItem, PortItem, PortReadingsItem, SessionReadings, StoredPortItem } from './items';
import type { PortLocation } from './port-lookup';

/** The session in progress on a port, with its readings. */
export type CurrentSession = NonNullable<PortItem['currentChargingSession']>;

/**
 * The readings of a session's open 15-minute slot, kept in its `portReadings` item until they move
 * to the session's `sessionSlot` item (`shared/history/readings.ts`).
 */
export interface OpenSlot {
  sessionId: number;
  /** Start of the slot, ISO 8601 UTC. */
  slot: string;
  readings: NonNullable<PortReadingsItem['slotReadings']>;
}

/** The open slot held by a readings item, if it holds one with readings. */
export function openSlotOf(readings: PortReadingsItem | undefined): OpenSlot | undefined {
  if (!readings?.slot || !readings.slotReadings?.length) return undefined;
  return { sessionId: readings.sessionId, slot: readings.slot, readings: readings.slotReadings };
}

/**
 * The fields of a {@link CurrentSession} that live in its `portReadings` item (a record, so that
 * `tsc` fails when the entity gains a reading this list does not name).
 */
const READING_FIELDS = Object.keys({
  meterStartWh: true,
  energyRegisterWh: true,
  socStartPercent: true,
  powerKw: true,
  currentA: true,
  socPercent: true,
  voltage: true,
  readingAt: true,
} satisfies Record<keyof SessionReadings, true>) as (keyof SessionReadings)[];

/**
 * The port with the readings of its session in progress; readings of another session (or none)
 * leave the session without readings.
 */
function withReadings(port: StoredPortItem, readings: PortReadingsItem | undefined): PortItem {
  const session = port.currentChargingSession;
  if (!session || readings?.sessionId !== session.sessionId) return port;
  return { ...port, currentChargingSession: { ...session, ...readingValues(readings) } };
}

/** The readings (the {@link READING_FIELDS}) a session snapshot or a readings item has set. */
function readingValues(from: Partial<SessionReadings>): Partial<SessionReadings> {
  const values: Partial<SessionReadings> = {};
  for (const field of READING_FIELDS) if (from[field] !== undefined) Object.assign(values, { [field]: from[field] });
  return values;
}

/** Ports joined with the readings read alongside them (the `chargerView` collection's items). */
export function joinReadings(ports: readonly StoredPortItem[], readings: readonly PortReadingsItem[]): PortItem[] {
  const key = (p: PortLocation) => `${p.chargerId}/${p.portNumber}`;
  const byPort = new Map(readings.map((r) => [key(r), r]));
  return ports.map((port) => withReadings(port, byPort.get(key(port))));
}

/**
 * Ports with their sessions' readings: one BatchGetItem per 100 ports with a session in progress
 * (none when no port has one).
 */
async function readingsOfPorts(db: Db, ports: readonly StoredPortItem[]): Promise<PortItem[]> {
  const charging = ports.filter((p) => p.currentChargingSession);
  const readings = charging.length
    ? await batchGet(
        db.portReadings,
        charging.map((p) => ({ chargerId: p.chargerId, portNumber: p.portNumber })),
      )
    : [];
  return joinReadings(ports, readings);
}

/**
 * The chargers of an organization's view (the `organizationView` collection's items) that `keep`
 * selects, and their ports with readings: 1 BatchGetItem per 100 of those ports charging.
 */
export async function selectChargers(
  db: Db,
  view: { charger: ChargerItem[]; port: StoredPortItem[] },
  keep: (charger: ChargerItem) => boolean,
): Promise<{ chargers: ChargerItem[]; ports: PortItem[] }> {
  const chargers = view.charger.filter(keep);
  const chargerIds = new Set(chargers.map((c) => c.chargerId));
  return {
    chargers,
    ports: await readingsOfPorts(
      db,
      view.port.filter((p) => chargerIds.has(p.chargerId)),
    ),
  };
}

/**
 * A port with its session's readings, and that session's open slot (none when the readings item
 * is another session's, like the readings): 2 GetItems in parallel.
 * @param options.consistent strongly consistent reads (default: eventually consistent)
 * @returns `port` undefined when there is no such port
 */
export async function readPortAndReadings(
  db: Db,
  key: PortLocation,
  options: { consistent?: boolean } = {},
): Promise<{ port?: PortItem; openSlot?: OpenSlot }> {
  const [{ data: port }, { data: readings }] = await Promise.all([
    db.port.get(key).go(options),
    db.portReadings.get(key).go(options),
  ]);
  const ofSession = readings && readings.sessionId === port?.currentChargingSession?.sessionId;
  return {
    port: port ? withReadings(port, readings ?? undefined) : undefined,
    openSlot: ofSession ? openSlotOf(readings) : undefined,
  };
}

/**
 * A port with its session's readings: the port and its readings, 2 GetItems in parallel.
 * @param options.consistent strongly consistent reads (default: eventually consistent)
 * @returns undefined when there is no such port
 */
export async function getPortWithReadings(
  db: Db,
  key: PortLocation,
  options: { consistent?: boolean } = {},
): Promise<PortItem | undefined> {
  return (await readPortAndReadings(db, key, options)).port;
}

/**
 * A session in progress split into what the port stores and its `portReadings` item.
 * @param key the port it runs on
 */
export function splitSession(
  key: PortLocation,
  session: CurrentSession,
): { stored: NonNullable<StoredPortItem['currentChargingSession']>; readings: PortReadingsItem } {
  const stored = { ...session };
  for (const field of READING_FIELDS) delete stored[field];
  const { sessionId, ocppTransactionId } = session;
  return { stored, readings: { ...key, sessionId, ocppTransactionId, ...readingValues(session) } };
}

/**
 * The write, inside a session end's transaction, that marks a port's readings ended at `at` (ISO
 * 8601 UTC): MeterValues no longer change them. Their open slot is removed: the same transaction
 * moves it to the session's time series (`flushOpenSlot`). Not a delete: the charger-facing
 * function holds no DeleteItem on a charger's partition. The transaction's condition on the port
 * makes them the ending session's readings, or none (a session started before readings had their
 * own item: then only the mark is written).
 */
export function endReadings(e: TransactionEntities, key: PortLocation, at: string) {
  return e.portReadings.update(key).set({ endedAt: at }).remove(['slot', 'slotReadings']).commit();
}
