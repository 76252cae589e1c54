/**
 * Chargers and their ports: registration and updates (operator CLI), and the spec §2.3 read
 * model served by `GET /api/chargers/…` and `GET /api/sites`.
 */
import { z } from 'zod';
import { text } from '../validation';
import type { EntityItem } from 'electrodb';
import type { Db } from '../db';
import { allocateIds } from '../db';
import { ConflictError, NotFoundError, BadRequestError } from '../api/errors';
import { canAccess, type ApiPrincipal } from '../api/auth';
import { hashPassword } from './passwords';
import type { Charger, CurrentChargingSession, Port } from '../api/schemas/chargers';
import { energyDeliveredKwh } from '../charging/sessions';
import { getSite } from './sites';
import { writeTransaction } from '../db/retries';
import { dcfcChargerCount, dcfcChargerCountChange, dcfcOnAmpLimitedSiteError, refusedByAmpLimit } from '../site-power/limits';

/** A stored charger item. */
export type ChargerItem = EntityItem<Db['charger']>;
/** A stored port item. */
export type PortItem = EntityItem<Db['port']>;

/**
 * OCPP identity (chargePointId): 1–48 characters of the set OCPP 2.0.1 allows in an identity
 * (letters, digits and `*-_=:+|@.`), so it is safe as the last URL segment.
 */
export const ocppIdSchema = z
  .string()
  .regex(/^[A-Za-z0-9*\-_=:+|@.]{1,48}$/, 'must be 1-48 characters of A-Z a-z 0-9 * - _ = : + | @ .');


/** A port to create: OCPP connector/EVSE `portNumber` is its position, 1..N. */
export const portInputSchema = z.strictObject({
  connectorType: z.enum(['CCS1', 'J1772', 'NACS']),
  maximumPowerKw: z.number().positive().max(1000).nullable().optional(),
});

/** Operator input for registering a charger. */
export const registerChargerSchema = z.strictObject({
  siteId: z.number().int().positive(),
  ocppId: ocppIdSchema,
  name: text(200),
  type: z.enum(['DCFC', 'Level 2']),
  ports: z.array(portInputSchema).min(1, 'a charger has at least one port').max(32),
  externalId: text(255).optional(),
  manufacturer: text(50).optional(),
  model: text(50).optional(),
  serialNumber: text(50).optional(),
  latitude: z.number().min(-90).max(90).optional(),
  longitude: z.number().min(-180).max(180).optional(),
  /** OCPP Basic-auth password (OCPP 1.6 security profile 1/2: 16–40 characters recommended; we accept 8–64). */
  password: z.string().min(8).max(64).optional(),
});
/** Operator input for registering a charger. */
export type RegisterChargerInput = z.infer<typeof registerChargerSchema>;

/** Operator input for updating a charger: given fields change, `null` clears an optional one. */
export const updateChargerSchema = z.strictObject({
  name: text(200).optional(),
  type: z.enum(['DCFC', 'Level 2']).optional(),
  externalId: text(255).nullable().optional(),
  manufacturer: text(50).nullable().optional(),
  model: text(50).nullable().optional(),
  serialNumber: text(50).nullable().optional(),
  latitude: z.number().min(-90).max(90).nullable().optional(),
  longitude: z.number().min(-180).max(180).nullable().optional(),
  password: z.string().min(8).max(64).nullable().optional(),
});
/** Operator input for updating a charger. */
export type UpdateChargerInput = z.infer<typeof updateChargerSchema>;

/** Uniqueness constraints of chargers (see `uniqueValue` in the data layer). */
export const CHARGER_CONSTRAINTS = {
  /** OCPP identity: unique across the whole deployment (it is the WebSocket URL). */
  ocppId: () => 'chargerOcppId',
  /** External ID: unique per organization. */
  externalId: (organizationId: number) => `chargerExternalId:${organizationId}`,
} as const;

/**
 * Registers a charger and its ports (1..N, each with a numeric port ID) in one transaction that
 * also claims its OCPP identity and external ID.
 * @returns the charger in the spec §2.3 shape
 * @throws NotFoundError when the site does not exist
 * @throws ConflictError when the OCPP identity or (in the organization) the external ID is taken
 * @throws BadRequestError when a DCFC charger would join a site holding an amp (A) power limit
 *   (spec §2.6; the message is `ampLimitRule` of `./site-limits`, as in the API's 400 for an amp limit)
 */
export async function registerCharger(db: Db, input: RegisterChargerInput): Promise<Charger> {
  const site = await getSite(db, input.siteId);
  if (!site) throw new NotFoundError(`Site ${input.siteId} not found`);
  const { data: organization } = await db.organization.get({ organizationId: site.organizationId }).go();
  if (!organization) throw new NotFoundError(`Organization ${site.organizationId} not found`);
  const [chargerId, firstPortId] = await Promise.all([allocateIds(db, 'charger'), allocateIds(db, 'port', input.ports.length)]);
  const now = new Date().toISOString();
  const { password, ports, ...fields } = input;
  const chargerItem = {
    ...fields,
    chargerId,
    organizationId: site.organizationId,
    organizationName: organization.name,
    siteId: site.siteId,
    siteName: site.name,
    siteAddress: site.address,
    siteTimezone: site.timezone,
    passwordHash: password ? await hashPassword(password) : undefined,
    createdAt: now,
    updatedAt: now,
  };
  const portItems = ports.map((port, i) => ({
    chargerId,
    portNumber: i + 1,
    portId: firstPortId + i,
    organizationId: site.organizationId,
    name: portName(i + 1),
    connectorType: port.connectorType,
    maximumPowerKw: port.maximumPowerKw ?? undefined,
    createdAt: now,
  }));
  // Spec §2.6: a DCFC charger joins a site only while the site holds no amp limit (checked in the transaction).
  const dcfc = input.type === 'DCFC';
  if (dcfc) await dcfcChargerCount(db, site);
  const ocppIdIndex = 1 + portItems.length;
  const ruleIndex = ocppIdIndex + (input.externalId ? 2 : 1);
  const result = await writeTransaction(() =>
    db.service.transaction
      .write((entities) => [
        entities.charger.create(chargerItem).commit(),
        ...portItems.map((item) => entities.port.create(item).commit()),
        entities.uniqueValue.create({ constraint: CHARGER_CONSTRAINTS.ocppId(), value: input.ocppId, targetId: chargerId }).commit(),
        ...(input.externalId
          ? [entities.uniqueValue.create({ constraint: CHARGER_CONSTRAINTS.externalId(site.organizationId), value: input.externalId, targetId: chargerId }).commit()]
          : []),
        ...(dcfc ? dcfcChargerCountChange(entities, site.siteId, 1) : []),
      ])
      .go(),
  );
  if (result.canceled) {
    const rejected = result.data.map((r, i) => (r.rejected ? i : -1)).filter((i) => i >= 0);
    if (rejected.includes(ocppIdIndex)) throw new ConflictError(`OCPP identity ${input.ocppId} is already registered`, [{ path: 'ocppId', message: 'already registered' }]);
    if (input.externalId && rejected.includes(ocppIdIndex + 1)) {
      throw new ConflictError(`External ID ${input.externalId} is already used in this organization`, [{ path: 'externalId', message: 'already used' }]);
    }
    if (dcfc && refusedByAmpLimit(result.data, ruleIndex)) throw dcfcOnAmpLimitedSiteError(site.siteId);
    throw new ConflictError(`Site ${site.siteId} changed while the charger was registered; retry`);
  }
  const view = await getChargerView(db, chargerId);
  return toCharger(view!.charger, view!.ports);
}

/**
 * Updates a registered charger (operator CLI). Changing the external ID moves its uniqueness
 * claim in the same transaction.
 * @throws NotFoundError when the charger does not exist
 * @throws ConflictError when the new external ID is taken in the organization
 * @throws BadRequestError when the charger would become DCFC on a site holding an amp (A) power
 *   limit (spec §2.6, the same message)
 */
export async function updateCharger(db: Db, chargerId: number, input: UpdateChargerInput): Promise<Charger> {
  const view = await getChargerView(db, chargerId);
  if (!view) throw new NotFoundError(`Charger ${chargerId} not found`);
  const { password, ...fields } = input;
  const set: Record<string, unknown> = { updatedAt: new Date().toISOString() };
  const remove: string[] = [];
  for (const [key, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    if (value === null) remove.push(key);
    else set[key] = value;
  }
  if (password === null) remove.push('passwordHash');
  else if (password !== undefined) set.passwordHash = await hashPassword(password);

  const old = view.charger;
  const externalIdChanges = input.externalId !== undefined && (input.externalId ?? undefined) !== old.externalId;
  const constraint = CHARGER_CONSTRAINTS.externalId(old.organizationId);
  // A type change moves the site's DCFC count (spec §2.6 rule: retyping to DCFC is refused on a site with an amp limit).
  const typeDelta = input.type === undefined || input.type === old.type ? 0 : input.type === 'DCFC' ? 1 : -1;
  if (typeDelta) {
    const site = await getSite(db, old.siteId);
    if (site) await dcfcChargerCount(db, site);
  }
  const releasesExternalId = externalIdChanges && old.externalId !== undefined;
  const claimsExternalId = externalIdChanges && input.externalId !== undefined && input.externalId !== null;
  const ruleIndex = 1 + Number(releasesExternalId) + Number(claimsExternalId);
  const result = await writeTransaction(() =>
    db.service.transaction
      .write((entities) => {
        const patch = entities.charger.patch({ chargerId }).set(set as never).remove(remove as never);
        return [
          (typeDelta ? patch.where(({ type }, { eq }) => eq(type, old.type)) : patch).commit(),
          ...(releasesExternalId ? [entities.uniqueValue.delete({ constraint, value: old.externalId! }).commit()] : []),
          ...(claimsExternalId ? [entities.uniqueValue.create({ constraint, value: input.externalId!, targetId: chargerId }).commit()] : []),
          ...(typeDelta ? dcfcChargerCountChange(entities, old.siteId, typeDelta > 0 ? 1 : -1) : []),
        ];
      })
      .go(),
  );
  if (result.canceled) {
    if (typeDelta > 0 && refusedByAmpLimit(result.data, ruleIndex)) throw dcfcOnAmpLimitedSiteError(old.siteId);
    if (claimsExternalId && result.data[ruleIndex - 1]?.rejected) {
      throw new ConflictError(`External ID ${input.externalId} is already used in this organization`, [{ path: 'externalId', message: 'already used' }]);
    }
    throw new ConflictError(`Charger ${chargerId} changed while it was updated; retry`);
  }
  const updated = await getChargerView(db, chargerId);
  return toCharger(updated!.charger, updated!.ports);
}

/** The items one charger read needs. */
export interface ChargerView {
  charger: ChargerItem;
  /** Ordered by `portNumber`. */
  ports: PortItem[];
}

/**
 * Reads a charger with its ports: one Query on the `chargerView` collection.
 * @returns undefined when there is no such charger
 */
export async function getChargerView(db: Db, chargerId: number): Promise<ChargerView | undefined> {
  const { data } = await db.service.collections.chargerView({ chargerId }).go({ pages: 'all' });
  const charger = data.charger[0];
  if (!charger) return undefined;
  return { charger, ports: [...data.port].sort((a, b) => a.portNumber - b.portNumber) };
}

/** Finds the charger ID claimed by a uniqueness constraint (one GetItem), if any. */
async function chargerIdByConstraint(db: Db, constraint: string, value: string): Promise<number | undefined> {
  const { data } = await db.uniqueValue.get({ constraint, value }).go();
  return data?.targetId;
}

/** How `GET /api/chargers/…` identifies the charger (spec §4.5). */
export type ChargerLookup = { by: 'id'; chargerId: number } | { by: 'externalId'; externalId: string } | { by: 'ocppId'; ocppId: string };

/**
 * Spec §4.5: reads one charger for an API key. A charger of another organization (or, for a
 * site-scoped key, of another site) is reported exactly like an unknown one.
 * Requests: 1 Query by ID; 1 GetItem + 1 Query by external ID or OCPP identity.
 * @throws NotFoundError (404) when no charger the key may see matches
 */
export async function readCharger(db: Db, principal: ApiPrincipal, lookup: ChargerLookup): Promise<Charger> {
  const chargerId =
    lookup.by === 'id'
      ? lookup.chargerId
      : lookup.by === 'externalId'
        ? await chargerIdByConstraint(db, CHARGER_CONSTRAINTS.externalId(principal.organizationId), lookup.externalId)
        : await chargerIdByConstraint(db, CHARGER_CONSTRAINTS.ocppId(), lookup.ocppId);
  const view = chargerId === undefined ? undefined : await getChargerView(db, chargerId);
  if (!view || !canAccess(principal, view.charger.organizationId, view.charger.siteId)) {
    const value = lookup.by === 'id' ? lookup.chargerId : lookup.by === 'externalId' ? lookup.externalId : lookup.ocppId;
    throw new NotFoundError(`Charger ${JSON.stringify(value)} not found`);
  }
  return toCharger(view.charger, view.ports);
}

/** Name of a port by number: `Port 1`, `Port 2`, … */
export function portName(portNumber: number): string {
  return `Port ${portNumber}`;
}

/** Spec §2.3 Port from its stored item; absent optional values become null. */
export function toPort(item: PortItem): Port {
  return {
    id: item.portId,
    name: item.name,
    portNumber: item.portNumber,
    maximumPowerKw: item.maximumPowerKw ?? null,
    connectorType: item.connectorType,
    ocppStatus: item.ocppStatus
      ? {
          status: item.ocppStatus.status,
          timestamp: item.ocppStatus.timestamp,
          errorCode: item.ocppStatus.errorCode,
          vendorErrorCode: item.ocppStatus.vendorErrorCode ?? null,
          info: item.ocppStatus.info ?? null,
        }
      : null,
    currentChargingSession: item.currentChargingSession ? toCurrentChargingSession(item.currentChargingSession) : null,
  };
}

/**
 * Spec §2.3 "Current charging session" from a port's session snapshot. `ocppTransactionId` is the
 * OCPP transactionId when it is an integer (always for 1.6; for 2.0.1 only when the charger's
 * string is numeric), else null.
 */
export function toCurrentChargingSession(session: NonNullable<PortItem['currentChargingSession']>): CurrentChargingSession {
  const reading = (r: { value: number; timestamp: string } | undefined) => (r ? { value: r.value, timestamp: r.timestamp } : null);
  return {
    id: session.sessionId,
    startTime: session.startTime,
    socStartPercent: session.socStartPercent ?? null,
    energyDeliveredKwh: energyDeliveredKwh(session),
    ocppIdTag: session.idTag ?? null,
    ocppTransactionId: /^[0-9]{1,15}$/.test(session.transactionKey) ? Number(session.transactionKey) : null,
    latestReadings: {
      powerKw: reading(session.powerKw),
      currentA: reading(session.currentA),
      socPercent: reading(session.socPercent),
      voltage: reading(session.voltage),
    },
    vehicle: session.vehicle
      ? { id: session.vehicle.id, make: session.vehicle.make ?? null, model: session.vehicle.model ?? null, name: session.vehicle.name ?? null, vin: session.vehicle.vin ?? null }
      : null,
    rfid: session.rfid ? { id: session.rfid.id, name: session.rfid.name } : null,
    customer: session.customerName ? { name: session.customerName } : null,
  };
}

/** Spec §2.3 Charger from its stored items; absent optional values become null. */
export function toCharger(item: ChargerItem, ports: PortItem[]): Charger {
  return {
    id: item.chargerId,
    name: item.name,
    manufacturer: item.manufacturer ?? null,
    model: item.model ?? null,
    serialNumber: item.serialNumber ?? null,
    firmwareVersion: item.firmwareVersion ?? null,
    latitude: item.latitude ?? null,
    longitude: item.longitude ?? null,
    externalId: item.externalId ?? null,
    ocppId: item.ocppId ?? null,
    type: item.type,
    powerSharing: ports.length > 1,
    connectionStatus: item.connectionStatus ? { status: item.connectionStatus.status, timestamp: item.connectionStatus.timestamp } : null,
    numberOfPorts: ports.length,
    ports: ports.map(toPort),
    site: { id: item.siteId, name: item.siteName, address: item.siteAddress ?? null, timezone: item.siteTimezone },
    organization: { id: item.organizationId, name: item.organizationName },
  };
}

/**
 * Every charger of an organization with its ports (operator CLI `chargers list`).
 * @param siteId only this site's chargers, when given
 */
export async function listChargers(db: Db, organizationId: number, siteId?: number): Promise<Charger[]> {
  const { data } = await db.service.collections.organizationView({ organizationId }).go({ pages: 'all' });
  return groupChargers(data.charger, data.port).filter((c) => siteId === undefined || c.site.id === siteId);
}

/** Groups ports under their chargers, both ordered by ID / port number. */
export function groupChargers(chargers: ChargerItem[], ports: PortItem[]): Charger[] {
  const byCharger = new Map<number, PortItem[]>();
  for (const port of ports) byCharger.set(port.chargerId, [...(byCharger.get(port.chargerId) ?? []), port]);
  return [...chargers]
    .sort((a, b) => a.chargerId - b.chargerId)
    .map((c) => toCharger(c, (byCharger.get(c.chargerId) ?? []).sort((a, b) => a.portNumber - b.portNumber)));
}

/** Rejects a charger update that changes nothing. */
export function assertSomethingToUpdate(input: UpdateChargerInput): void {
  if (Object.values(input).every((v) => v === undefined)) throw new BadRequestError('Nothing to update: give at least one field');
}
