/**
 * Organizations (tenants) and their API keys: operator CLI operations.
 */
import { z } from 'zod';
import { text } from '../validation';
import type { Db } from '../db';
import { allocateIds } from '../db';
import { NotFoundError } from '../api/errors';
import { generateApiKey, hashApiKey } from '../api/auth';
import { getSite } from '../chargers/sites';

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
export async function createOrganization(db: Db, input: z.infer<typeof createOrganizationSchema>): Promise<Organization> {
  const organizationId = await allocateIds(db, 'organization');
  const { data } = await db.organization.create({ organizationId, name: input.name, createdAt: new Date().toISOString() }).go();
  return { id: data.organizationId, name: data.name, createdAt: data.createdAt };
}

/** Every organization, by ID (operator use only: one Query on gsi2). */
export async function listOrganizations(db: Db): Promise<Organization[]> {
  const { data } = await db.organization.query.all({}).go({ pages: 'all' });
  return data.map((o) => ({ id: o.organizationId, name: o.name, createdAt: o.createdAt })).sort((a, b) => a.id - b.id);
}

/** Operator input for creating an API key. */
export const createApiKeySchema = z
  .strictObject({
    organizationId: z.number().int().positive(),
    scope: z.enum(['organization', 'site']),
    siteId: z.number().int().positive().optional(),
    name: z.string().trim().min(1).max(200).optional(),
  })
  .refine((k) => (k.scope === 'site') === (k.siteId !== undefined), {
    message: 'a site-scoped key needs siteId; an organization-scoped key takes none',
    path: ['siteId'],
  });

/** A newly created API key; `apiKey` is shown this once and never stored. */
export interface CreatedApiKey {
  id: number;
  apiKey: string;
  organizationId: number;
  scope: 'organization' | 'site';
  siteId: number | null;
  name: string | null;
  createdAt: string;
}

/**
 * Issues an API key (spec §5); only its SHA-256 is stored.
 * @throws NotFoundError when the organization, or the site of a site-scoped key, does not exist
 *   in that organization
 */
export async function createApiKey(db: Db, input: z.infer<typeof createApiKeySchema>): Promise<CreatedApiKey> {
  const { data: organization } = await db.organization.get({ organizationId: input.organizationId }).go();
  if (!organization) throw new NotFoundError(`Organization ${input.organizationId} not found`);
  if (input.siteId !== undefined) {
    const site = await getSite(db, input.siteId);
    if (!site || site.organizationId !== input.organizationId) throw new NotFoundError(`Site ${input.siteId} not found in organization ${input.organizationId}`);
  }
  const apiKey = generateApiKey();
  const apiKeyId = await allocateIds(db, 'apiKey');
  const createdAt = new Date().toISOString();
  await db.apiKey.create({ ...input, keyHash: hashApiKey(apiKey), apiKeyId, createdAt }).go();
  return { id: apiKeyId, apiKey, organizationId: input.organizationId, scope: input.scope, siteId: input.siteId ?? null, name: input.name ?? null, createdAt };
}

/**
 * Revokes an API key by its ID; later requests with it get 401. Revoking twice is harmless.
 * @throws NotFoundError when no key has that ID
 */
export async function revokeApiKey(db: Db, apiKeyId: number): Promise<{ id: number; revokedAt: string }> {
  const { data } = await db.apiKey.query.byId({ apiKeyId }).go();
  const key = data[0];
  if (!key) throw new NotFoundError(`API key ${apiKeyId} not found`);
  if (key.revokedAt) return { id: apiKeyId, revokedAt: key.revokedAt };
  const revokedAt = new Date().toISOString();
  await db.apiKey.patch({ keyHash: key.keyHash }).set({ revokedAt }).go();
  return { id: apiKeyId, revokedAt };
}
