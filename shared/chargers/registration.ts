/**
 * Charger registration and updates (operator CLI): a charger and its ports, its OCPP identity and
 * external ID claimed in the same transaction, and the spec §2.6 rule that a DCFC charger never
 * joins a site holding an amp limit.
 */
import * as z from 'zod';
import { text } from '../validation';
import { transact, transactWithIds, type Db } from '../db';
import { claimUnique, releaseUnique } from '../db/unique';
import { hashPassword } from './passwords';
import { CHARGER_CONSTRAINTS, portName } from './items';
import { getSite } from './sites';
import {
  ChargerNotFoundError,
  ExternalIdTakenError,
  NothingToUpdateError,
  OcppIdTakenError,
  SiteNotFoundError,
} from './errors';
import { getChargerView } from './chargers';
import { toCharger, type Charger } from './views';
import { OrganizationNotFoundError } from '../organizations/errors';
import { AmpLimitRuleError, dcfcChargerCount, dcfcChargerCountChange } from './amp-limit-rule';
import { BusyError } from '../errors';
import { CHARGER_TYPES } from '../smart-charging/types';

/**
 * OCPP identity (1.6's Charge Point identity, 2.0.1's Charging Station identity): 1–48 characters of the set OCPP 2.0.1 allows in an identity
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
  type: z.enum(CHARGER_TYPES),
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
  type: z.enum(CHARGER_TYPES).optional(),
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

/**
 * Registers a charger and its ports (1..N, each with a numeric port ID) in one transaction that
 * also claims its OCPP identity and external ID and takes the IDs (a refusal changes nothing).
 * @returns the charger in the spec §2.3 shape
 * @throws SiteNotFoundError; OrganizationNotFoundError
 * @throws OcppIdTakenError; ExternalIdTakenError (in the organization)
 * @throws AmpLimitRuleError when a DCFC charger would join a site holding an amp (A) power limit (spec §2.6)
 */
export async function registerCharger(db: Db, input: RegisterChargerInput): Promise<Charger> {
  const site = await getSite(db, input.siteId);
  if (!site) throw new SiteNotFoundError(input.siteId);
  const { data: organization } = await db.organization.get({ organizationId: site.organizationId }).go();
  if (!organization) throw new OrganizationNotFoundError(site.organizationId);
  const dcfc = input.type === 'DCFC';
  if (dcfc) await dcfcChargerCount(db, site);
  const now = new Date().toISOString();
  const { password, ports, ...fields } = input;
  const passwordHash = password ? await hashPassword(password) : undefined;
  const { outcome, ids } = await transactWithIds(db, { charger: 1, port: ports.length }, (ids, e) => ({
    charger: e.charger
      .create({
        ...fields,
        chargerId: ids.charger,
        organizationId: site.organizationId,
        organizationName: organization.name,
        siteId: site.siteId,
        siteName: site.name,
        siteAddress: site.address,
        siteTimezone: site.timezone,
        passwordHash,
        createdAt: now,
        updatedAt: now,
      })
      .commit(),
    ports: ports.map((port, i) =>
      e.port
        .create({
          chargerId: ids.charger,
          portNumber: i + 1,
          portId: ids.port + i,
          organizationId: site.organizationId,
          name: portName(i + 1),
          connectorType: port.connectorType,
          maximumPowerKw: port.maximumPowerKw ?? undefined,
          createdAt: now,
        })
        .commit(),
    ),
    portLocations: ports.map((_, i) =>
      e.portLocation.create({ portId: ids.port + i, chargerId: ids.charger, portNumber: i + 1 }).commit(),
    ),
    ocppId: claimUnique(e, CHARGER_CONSTRAINTS.ocppId(), input.ocppId, ids.charger),
    externalId:
      input.externalId !== undefined &&
      claimUnique(e, CHARGER_CONSTRAINTS.externalId(site.organizationId), input.externalId, ids.charger),
    ...(dcfc ? dcfcChargerCountChange(e, site.siteId, 1) : {}),
  }));
  if (outcome.failed('ocppId')) throw new OcppIdTakenError(input.ocppId);
  if (outcome.failed('externalId')) throw new ExternalIdTakenError(input.externalId!);
  if (outcome.failed('ampLimitRule')) throw new AmpLimitRuleError(site.siteId, 'charger');
  if (!outcome.ok) throw new BusyError(`Site ${site.siteId} changed while the charger was registered; retry`);
  const view = await getChargerView(db, ids.charger);
  return toCharger(view!.charger, view!.ports);
}

/** The item changes of an update: attributes to set and to remove. */
async function updateChanges(input: UpdateChargerInput): Promise<{ set: Record<string, unknown>; remove: string[] }> {
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
  return { set, remove };
}

/**
 * Updates a registered charger (operator CLI). Changing the external ID moves its uniqueness
 * claim in the same transaction; a type change moves the site's DCFC count.
 * @throws NothingToUpdateError when no field is given; ChargerNotFoundError
 * @throws ExternalIdTakenError when the new external ID is taken in the organization
 * @throws AmpLimitRuleError when the charger would become DCFC on a site holding an amp (A) limit (spec §2.6)
 */
export async function updateCharger(db: Db, chargerId: number, input: UpdateChargerInput): Promise<Charger> {
  if (Object.values(input).every((v) => v === undefined)) throw new NothingToUpdateError();
  const view = await getChargerView(db, chargerId);
  if (!view) throw new ChargerNotFoundError(chargerId);
  const old = view.charger;
  const { set, remove } = await updateChanges(input);
  const externalIdChanges = input.externalId !== undefined && (input.externalId ?? undefined) !== old.externalId;
  const constraint = CHARGER_CONSTRAINTS.externalId(old.organizationId);
  const typeDelta = input.type === undefined || input.type === old.type ? 0 : input.type === 'DCFC' ? 1 : -1;
  if (typeDelta) {
    const site = await getSite(db, old.siteId);
    if (site) await dcfcChargerCount(db, site);
  }
  const outcome = await transact(db, (e) => {
    const patch = e.charger
      .patch({ chargerId })
      .set(set as never)
      .remove(remove as never);
    return {
      charger: (typeDelta ? patch.where(({ type }, { eq }) => eq(type, old.type)) : patch).commit(),
      oldExternalId:
        externalIdChanges && old.externalId !== undefined && releaseUnique(e, constraint, old.externalId, chargerId),
      externalId:
        externalIdChanges && input.externalId != null && claimUnique(e, constraint, input.externalId, chargerId),
      ...(typeDelta ? dcfcChargerCountChange(e, old.siteId, typeDelta > 0 ? 1 : -1) : {}),
    };
  });
  if (outcome.failed('ampLimitRule')) throw new AmpLimitRuleError(old.siteId, 'charger');
  if (outcome.failed('externalId')) throw new ExternalIdTakenError(input.externalId!);
  if (!outcome.ok) throw new BusyError(`Charger ${chargerId} changed while it was updated; retry`);
  const updated = await getChargerView(db, chargerId);
  return toCharger(updated!.charger, updated!.ports);
}
