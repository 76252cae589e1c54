/**
 * Organizations (tenants): operator CLI operations. Their API keys are in `./api-keys.ts`.
 */
import * as z from 'zod';
import { text } from '../validation';
import type { Db } from '../db';
import { allocateIds } from '../db';

/** An organization as the CLI prints it. */
export interface Organization {
  id: number;
  name: string;
  createdAt: string;
}

/** Operator input for creating an organization. */
export const createOrganizationSchema = z.strictObject({
  name: text(),
});

/** Creates an organization. */
export async function createOrganization(
  db: Db,
  input: z.infer<typeof createOrganizationSchema>,
): Promise<Organization> {
  const organizationId = await allocateIds(db, 'organization');
  const { data } = await db.organization
    .create({ organizationId, name: input.name, createdAt: new Date().toISOString() })
    .go();
  return { id: data.organizationId, name: data.name, createdAt: data.createdAt };
}

/** Every organization, by ID (operator use only: one Query on gsi2). */
export async function listOrganizations(db: Db): Promise<Organization[]> {
  const { data } = await db.organization.query.all({}).go({ pages: 'all' });
  return data.map((o) => ({ id: o.organizationId, name: o.name, createdAt: o.createdAt })).sort((a, b) => a.id - b.id);
}
