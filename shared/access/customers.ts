/**
 * Customers (spec §2.1): identified by name; wherever a customer name is submitted, an existing
 * customer with the same name (case-insensitive) is used, otherwise one is created. The item key
 * is the lower-cased name, so two customers differing only in case cannot exist.
 */
import { batchGet, batchPut, type Db, type TransactionEntities, type TransactionWrite } from '../db';
import { customerKey, type CustomerItem } from './items';

export { customerKey } from './items';

/**
 * Finds or creates customers by name: one BatchGetItem, and for the new ones BatchWriteItems of
 * 25 (a concurrent creation of the same customer writes the same key, so puts are safe). Used by
 * the access-ID batch, whose items succeed or fail one by one.
 * @returns the stored display name of each submitted name, by {@link customerKey}
 */
export async function findOrCreateCustomers(db: Db, organizationId: number, names: string[]): Promise<Map<string, string>> {
  const wanted = new Map<string, string>();
  for (const name of names) if (!wanted.has(customerKey(name))) wanted.set(customerKey(name), name.trim());
  const result = new Map<string, string>();
  if (wanted.size === 0) return result;
  const found = await batchGet(db.customer, [...wanted.keys()].map((nameKey) => ({ organizationId, nameKey })));
  for (const customer of found) result.set(customer.nameKey, customer.name);
  const missing = [...wanted].filter(([key]) => !result.has(key));
  if (missing.length) {
    const createdAt = new Date().toISOString();
    await batchPut(db.customer, missing.map(([nameKey, name]) => ({ organizationId, nameKey, name, createdAt })));
    for (const [key, name] of missing) result.set(key, name);
  }
  return result;
}

/** A customer as a single request uses it: its stored name, and the item to create when it is new. */
export interface CustomerRef {
  /** The stored display name (the first spelling). */
  name: string;
  /** Set when the customer does not exist yet: create it in the request's transaction ({@link createCustomer}). */
  create?: CustomerItem;
}

/**
 * Looks a customer up by name (one GetItem) for a request that creates it, if new, in its own
 * transaction, so a refused request creates no customer.
 */
export async function customerRef(db: Db, organizationId: number, name: string): Promise<CustomerRef> {
  const nameKey = customerKey(name);
  const { data } = await db.customer.get({ organizationId, nameKey }).go({ consistent: true });
  if (data) return { name: data.name };
  return { name: name.trim(), create: { organizationId, nameKey, name: name.trim(), createdAt: new Date().toISOString() } };
}

/**
 * The transaction item creating a new customer of a {@link CustomerRef} (label it `customer`; it
 * fails when the customer was created meanwhile, and the request is then run again).
 */
export function createCustomer(e: TransactionEntities, ref: CustomerRef | undefined): TransactionWrite | undefined {
  return ref?.create ? e.customer.create(ref.create).commit() : undefined;
}
