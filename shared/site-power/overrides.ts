/**
 * Manual charging session overrides (spec §2.6: "it can be exceeded by a manual charging session
 * override"): `PUT /api/ports/{portId}/charging-override` lets the session in progress on one port
 * draw up to `limit` whatever the cost limit (never above the capacity limit or the port's
 * maximum), until `expiresAt` (at most 24 h ahead) or until the session ends;
 * `DELETE` removes it. Stored on the port (the allocation reads ports anyway); setting or removing
 * it re-allocates the site (`./triggers.ts`).
 */
import type { Db } from '../db';
import type { PortItem } from '../chargers/items';
import { isConditionalCheckFailure } from '../db/conditions';
import { visiblePort } from '../chargers/port-lookup';
import { NoSessionInProgressError } from '../charging/errors';
import type { AccessScope } from '../organizations/access-scope';
import { InvalidOverrideError } from './errors';

/** Longest an override may last: 24 hours. */
export const MAX_OVERRIDE_MS = 24 * 3_600_000;

/** An override to set: `limit` in `chargingRateUnit` (A per phase), until `expiresAt` (ISO 8601 with offset). */
export interface ChargingOverrideInput {
  limit: number;
  chargingRateUnit: 'W' | 'A';
  expiresAt: string;
}

/** An override as the API answers it. */
export interface ChargingOverride {
  portId: number;
  /** The session it applies to: it ends with it. */
  sessionId: number;
  limit: number;
  chargingRateUnit: 'W' | 'A';
  /** ISO 8601 UTC. */
  expiresAt: string;
  createdAt: string;
}

/**
 * Sets (or replaces) the override of a port's session in progress (1 Query + 2 GetItems + 1 UpdateItem).
 * @param now epoch ms
 * @throws PortNotFoundError; InvalidOverrideError (`expiresAt` not in the next 24 h, `A` on a DCFC
 *   port); NoSessionInProgressError (no session on the port, or it ended meanwhile)
 */
export async function setChargingOverride(
  db: Db,
  scope: AccessScope,
  portId: number,
  input: ChargingOverrideInput,
  now = Date.now(),
): Promise<ChargingOverride> {
  const expiresAt = Date.parse(input.expiresAt);
  if (!(expiresAt > now)) throw new InvalidOverrideError('expiresAt', 'must be in the future');
  if (expiresAt > now + MAX_OVERRIDE_MS) throw new InvalidOverrideError('expiresAt', 'must be at most 24 hours ahead');
  const { port, charger } = await visiblePort(db, scope, portId);
  if (input.chargingRateUnit === 'A' && charger.type === 'DCFC') {
    throw new InvalidOverrideError('chargingRateUnit', 'A is for Level 2 ports; use W on a DCFC port');
  }
  const session = port.currentChargingSession;
  if (!session) throw new NoSessionInProgressError(portId);
  const override = {
    limit: input.limit,
    chargingRateUnit: input.chargingRateUnit,
    expiresAt: new Date(expiresAt).toISOString(),
    sessionId: session.sessionId,
    siteId: charger.siteId,
    createdAt: new Date(now).toISOString(),
  };
  await setForSession(db, port, session.sessionId, { chargingOverride: override });
  const { siteId: _site, ...shown } = override;
  return { portId, ...shown };
}

/**
 * Removes a port's override; a port without one is left as it is (1 Query + 2 GetItems + 1 UpdateItem).
 * @throws PortNotFoundError
 */
export async function deleteChargingOverride(db: Db, scope: AccessScope, portId: number): Promise<void> {
  await removeFromPort(db, scope, portId, 'chargingOverride');
}

/** What is set on a port for its session in progress: its override, its driver's estimate, its forecast. */
type SessionInput = Partial<Pick<PortItem, 'chargingOverride' | 'driverEstimate' | 'forecast'>>;

/**
 * Sets an override, a driver's estimate or a forecast on a port while session `sessionId` is still its
 * session in progress (1 UpdateItem).
 * @throws NoSessionInProgressError when that session ended meanwhile
 */
export async function setForSession(
  db: Db,
  port: Pick<PortItem, 'chargerId' | 'portNumber' | 'portId'>,
  sessionId: number,
  values: SessionInput,
): Promise<void> {
  try {
    await db.port
      .patch({ chargerId: port.chargerId, portNumber: port.portNumber })
      .set(values)
      .where(({ currentChargingSession }, { eq }) => eq(currentChargingSession.sessionId, sessionId))
      .go();
  } catch (error) {
    if (isConditionalCheckFailure(error)) throw new NoSessionInProgressError(port.portId);
    throw error;
  }
}

/**
 * Removes a port's override or driver's estimate; a port without it is left as it is (1 Query +
 * 2 GetItems + 1 UpdateItem).
 * @throws PortNotFoundError
 */
export async function removeFromPort(
  db: Db,
  scope: AccessScope,
  portId: number,
  attribute: keyof SessionInput,
): Promise<void> {
  const { port } = await visiblePort(db, scope, portId);
  if (port[attribute] === undefined) return;
  await db.port.patch({ chargerId: port.chargerId, portNumber: port.portNumber }).remove([attribute]).go();
}
