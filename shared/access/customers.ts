/**
 * Customers (spec §2.1): identified by name; wherever a customer name is submitted, an existing
 * customer with the same name (case-insensitive) is used, otherwise one is created. The item key
 * is the lower-cased name, so two customers differing only in case cannot exist.
 */
import type { Db } from '../db';

/** The key of a customer name: trimmed, lower-cased. */
export function customerKey(name: string): string {
  return name.trim().toLowerCase();
}

/**
 * Finds or creates customers by name in one BatchGet and, for the new ones, one BatchWrite per 25.
 * @returns the stored display name of each submitted name, by {@link customerKey}
 */
export async function findOrCreateCustomers(db: Db, organizationId: number, names: string[]): Promise<Map<string, string>> {
  const wanted = new Map<string, string>();
  for (const name of names) if (!wanted.has(customerKey(name))) wanted.set(customerKey(name), name.trim());
  const result = new Map<string, string>();
  if (wanted.size === 0) return result;
  const { data } = await db.customer.get([...wanted.keys()].map((nameKey) => ({ organizationId, nameKey }))).go();
  for (const customer of data) result.set(customer.nameKey, customer.name);
  const missing = [...wanted].filter(([key]) => !result.has(key));
  if (missing.length) {
    const createdAt = new Date().toISOString();
    // Keyed by the lower-cased name: a concurrent creation of the same customer writes the same item.
    await db.customer.put(missing.map(([nameKey, name]) => ({ organizationId, nameKey, name, createdAt }))).go();
    for (const [key, name] of missing) result.set(key, name);
  }
  return result;
}

/** Finds or creates one customer; returns its stored display name. */
export async function findOrCreateCustomer(db: Db, organizationId: number, name: string): Promise<string> {
  return (await findOrCreateCustomers(db, organizationId, [name])).get(customerKey(name))!;
}
