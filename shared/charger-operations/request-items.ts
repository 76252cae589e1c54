/**
 * The request an operation writes before its CALL when the charger's answers come later in
 * messages of their own that name our `requestId` (customer information N09/N10, display message
 * lists O04, publish firmware L03): a `requestId` from the counter of the request's entity, then
 * the request in the charger's partition, so that a report or notification that arrives at once
 * finds it.
 */
import type { EntityItem } from 'electrodb';
import { allocateIds, type Db } from '../db';
import type { PerformContext } from './kinds';

/** The request entities written before their CALL; each has a counter of the same name. */
export type RequestEntity = 'customerInformationRequest' | 'displayMessagesRequest' | 'publishFirmwareRequest';

/** What every request holds: whose it is and when it was asked. */
type CommonFields = 'chargerId' | 'requestId' | 'organizationId' | 'operationId' | 'requestedAt';

/** A request's own fields (its empty pages, its checksum, …). */
export type RequestFields<E extends RequestEntity> = Omit<EntityItem<Db[E]>, CommonFields>;

/**
 * Takes a `requestId` from the counter `entity` (1 UpdateItem) and writes the request with it
 * (1 UpdateItem: an upsert, as the charger's partition is written with updates, its IAM grant).
 * @returns the requestId, to send in the CALL
 */
export async function storeRequestBeforeCall<E extends RequestEntity>(
  {
    db,
    target,
    organizationId,
    operationId,
  }: Pick<PerformContext<unknown>, 'db' | 'target' | 'organizationId' | 'operationId'>,
  entity: E,
  fields: RequestFields<E>,
): Promise<number> {
  const requestId = await allocateIds(db, entity);
  const item = {
    chargerId: target.chargerId,
    requestId,
    organizationId,
    operationId,
    requestedAt: new Date().toISOString(),
    ...fields,
  };
  // The three entities share the keys and the common fields; TypeScript cannot call a union of their upserts.
  const requests = db[entity] as unknown as { upsert(item: object): { go(): Promise<unknown> } };
  await requests.upsert(item).go();
  return requestId;
}
