/**
 * Customers (spec §2.1): identified by name; wherever a customer name is submitted, an existing
 * customer with the same name (case-insensitive) is used, otherwise one is created. The item key
 * is the lower-cased name, so two customers differing only in case cannot exist. A new customer
 * gets a numeric `customerId` from the `customer` counter (the `customerIds[]` filter of charging
 * sessions): inside the request's transaction for a single request, as a block for a batch.
 */
import { allocateIds, batchGet, batchPut, type Db, type TransactionEntities, type TransactionWrite } from '../db';
import { customerKey, type CustomerItem } from './items';

export { customerKey } from './items';

/**
 * Finds or creates customers by name: one BatchGetItem, and for the new ones one UpdateItem (a
 * block of IDs) and BatchWriteItems of 25. Used by the access-ID batch, whose items succeed or fail
 * one by one. Two batches creating the same customer at the same moment write the same key: the
 * later write's ID stays (the other ID then names no customer).
 * @returns the stored display name of each submitted name, by {@link customerKey}
 */
export async function findOrCreateCustomers(
  db: Db,
  organizationId: number,
  names: string[],
): Promise<Map<string, string>> {
  const wanted = new Map<string, string>();
  for (const name of names) if (!wanted.has(customerKey(name))) wanted.set(customerKey(name), name.trim());
  const result = new Map<string, string>();
  if (wanted.size === 0) return result;
  const found = await batchGet(
    db.customer,
    [...wanted.keys()].map((nameKey) => ({ organizationId, nameKey })),
  );
  for (const customer of found) result.set(customer.nameKey, customer.name);
  const missing = [...wanted].filter(([key]) => !result.has(key));
  if (missing.length) {
    const createdAt = new Date().toISOString();
    const firstId = await allocateIds(db, 'customer', missing.length);
    await batchPut(
      db.customer,
      missing.map(([nameKey, name], i) => ({ organizationId, nameKey, name, customerId: firstId + i, createdAt })),
    );
    for (const [key, name] of missing) result.set(key, name);
  }
  return result;
}

/** A customer as a single request uses it: its stored name, and the item to create when it is new. */
export interface CustomerRef {
  /** The stored display name (the first spelling). */
  name: string;
  /** Set when the customer does not exist yet: create it in the request's transaction ({@link createCustomer}). */
  create?: Omit<CustomerItem, 'customerId'>;
}

/** The number of customer IDs a request needs (for `transactWithIds`): 1 for a new customer, else 0. */
export function customerIdsNeeded(ref: CustomerRef | undefined): number {
  return ref?.create ? 1 : 0;
}

/**
 * Looks a customer up by name (one GetItem) for a request that creates it, if new, in its own
 * transaction, so a refused request creates no customer.
 */
export async function customerRef(db: Db, organizationId: number, name: string): Promise<CustomerRef> {
  const nameKey = customerKey(name);
  const { data } = await db.customer.get({ organizationId, nameKey }).go({ consistent: true });
  if (data) return { name: data.name };
  return {
    name: name.trim(),
    create: { organizationId, nameKey, name: name.trim(), createdAt: new Date().toISOString() },
  };
}

/**
 * The transaction item creating a new customer of a {@link CustomerRef} with its ID (taken in the
 * same transaction, `transactWithIds` with {@link customerIdsNeeded}); label it `customer`: it
 * fails when the customer was created meanwhile, and the request is then run again.
 */
export function createCustomer(
  e: TransactionEntities,
  ref: CustomerRef | undefined,
  customerId: number | undefined,
): TransactionWrite | undefined {
  return ref?.create && customerId !== undefined
    ? e.customer.create({ ...ref.create, customerId }).commit()
    : undefined;
}
