/**
 * API keys (spec §5): issued by the operator for an organization or one of its sites. A key is
 * `cnk_` followed by 43 base64url characters (32 random bytes); only its SHA-256 is stored, and
 * the key itself is shown once.
 */
import { createHash, randomBytes } from 'node:crypto';
import * as z from 'zod';
import { allocateIds, type Db } from '../db';
import { getSite, SiteNotFoundError } from '../chargers';
import {
  ApiKeyNotFoundError,
  DEFAULT_API_KEY_ROLE,
  OrganizationNotFoundError,
  ROLES,
  type Role,
} from '../organizations';

const KEY_PREFIX = 'cnk_';

/** Generates a new random API key (`cnk_…`, 47 characters). */
export function generateApiKey(): string {
  return KEY_PREFIX + randomBytes(32).toString('base64url');
}

/** SHA-256 (hex) of a key: the stored identity of the key. */
export function hashApiKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

/** Operator input for creating an API key. */
export const createApiKeySchema = z
  .strictObject({
    organizationId: z.number().int().positive(),
    scope: z.enum(['organization', 'site']),
    siteId: z.number().int().positive().optional(),
    name: z.string().trim().min(1).max(200).optional(),
    /** What the key may do (docs/people-and-roles.md). @default DEFAULT_API_KEY_ROLE (admin) */
    role: z.enum(ROLES).optional(),
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
  role: Role;
  createdAt: string;
}

/**
 * Issues an API key (spec §5) with its role (default `admin`, as keys made before roles have);
 * only its SHA-256 is stored.
 * @throws OrganizationNotFoundError; SiteNotFoundError when the site of a site-scoped key is not in
 *   that organization
 */
export async function createApiKey(db: Db, input: z.infer<typeof createApiKeySchema>): Promise<CreatedApiKey> {
  const { data: organization } = await db.organization.get({ organizationId: input.organizationId }).go();
  if (!organization) throw new OrganizationNotFoundError(input.organizationId);
  if (input.siteId !== undefined) {
    const site = await getSite(db, input.siteId);
    if (!site || site.organizationId !== input.organizationId)
      throw new SiteNotFoundError(input.siteId, input.organizationId);
  }
  const apiKey = generateApiKey();
  const apiKeyId = await allocateIds(db, 'apiKey');
  const createdAt = new Date().toISOString();
  const role = input.role ?? DEFAULT_API_KEY_ROLE;
  await db.apiKey.create({ ...input, role, keyHash: hashApiKey(apiKey), apiKeyId, createdAt }).go();
  return {
    id: apiKeyId,
    apiKey,
    organizationId: input.organizationId,
    scope: input.scope,
    siteId: input.siteId ?? null,
    name: input.name ?? null,
    role,
    createdAt,
  };
}

/**
 * Revokes an API key by its ID; later requests with it get 401. Revoking twice is harmless.
 * @throws ApiKeyNotFoundError when no key has that ID
 */
export async function revokeApiKey(db: Db, apiKeyId: number): Promise<{ id: number; revokedAt: string }> {
  const { data } = await db.apiKey.query.byId({ apiKeyId }).go();
  const key = data[0];
  if (!key) throw new ApiKeyNotFoundError(apiKeyId);
  if (key.revokedAt) return { id: apiKeyId, revokedAt: key.revokedAt };
  const revokedAt = new Date().toISOString();
  await db.apiKey.patch({ keyHash: key.keyHash }).set({ revokedAt }).go();
  return { id: apiKeyId, revokedAt };
}
