/**
 * Uniqueness markers: one `uniqueValue` item per (constraint, value), claimed in the same
 * transaction as the item that owns the value, so the database itself refuses a duplicate
 * (a charger's OCPP identity, an external ID, a vehicle's name or VIN per organization).
 */
import type { TransactionEntities, TransactionWrite } from './transactions';

/**
 * A transaction item that claims `value` under `constraint` for `targetId`; its condition fails
 * when another owner holds it (use its label with `outcome.failed(label)`).
 * @param constraint e.g. `vehicleVin:<organizationId>`
 * @param value the normalised value (upper-cased VIN, lower-cased name)
 * @param targetId the numeric ID of the owner
 */
export function claimUnique(
  entities: TransactionEntities,
  constraint: string,
  value: string,
  targetId: number,
): TransactionWrite {
  return entities.uniqueValue.create({ constraint, value, targetId }).commit();
}

/**
 * A transaction item that releases `value` under `constraint`, only if `targetId` holds it (a
 * marker already gone is fine); its condition fails when another owner holds the value, which
 * means the caller's view is stale.
 */
export function releaseUnique(
  entities: TransactionEntities,
  constraint: string,
  value: string,
  targetId: number,
): TransactionWrite {
  return entities.uniqueValue
    .delete({ constraint, value })
    .where(({ targetId: owner }, { notExists, eq }) => `${notExists(owner)} OR ${eq(owner, targetId)}`)
    .commit();
}
