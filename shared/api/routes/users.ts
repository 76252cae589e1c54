/**
 * The `users` route group: the organization's people and their roles (docs/people-and-roles.md),
 * `{ user: { email, role, siteId? } }` bodies, and `GET /api/me` (who the caller is). Managing
 * people is the owner's (role `owner`), with an organization-scoped key or person.
 */
import * as z from 'zod';
import { positiveId } from '../../charger-operations';
import { ROLES } from '../../organizations';
import { Pagination, paginationQuery } from './common';
import { defineRoutes, idPath } from './define';

/** Longest e-mail address (RFC 5321's path limit less the brackets). */
const MAX_EMAIL_LENGTH = 254;

const role = z.enum(ROLES).meta({
  description:
    'owner: people (and everything below); admin: limits, tariffs, firmware, webhooks, chargers, vehicles; operator: remote commands, charger operations, maintenance windows, alert acknowledgement, access IDs; viewer: reads only',
});

/** A person as the API answers it. */
export const User = z
  .object({
    id: z.number().int(),
    email: z.string(),
    role: z.enum(ROLES),
    siteId: z.number().int().nullable().meta({ description: 'The one site the person sees; null: every site' }),
    status: z
      .enum(['invited', 'active'])
      .meta({ description: 'invited when stored; active is reserved for the first sign-in, not recorded yet' }),
    invitedBy: z.string().nullable().meta({ description: "Who invited: a person's e-mail or an API key's name" }),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'User' });

/** `POST /api/users` body. */
export const InviteUserBody = z
  .strictObject({
    user: z.strictObject({
      email: z
        .email('must be an e-mail address')
        .max(MAX_EMAIL_LENGTH, `must be at most ${MAX_EMAIL_LENGTH} characters`)
        .meta({ example: 'shift-lead@fleet.example.com' }),
      role,
      siteId: positiveId.optional().meta({ description: 'Confine the person to this site (not for an owner)' }),
    }),
  })
  .meta({ id: 'InviteUserBody' });

/** `PATCH /api/users/{id}` body: the fields given change. */
export const PatchUserBody = z
  .strictObject({
    user: z
      .strictObject({
        role: role.optional(),
        siteId: positiveId.nullable().optional().meta({ description: 'null: every site again' }),
      })
      .refine((u) => u.role !== undefined || u.siteId !== undefined, 'must change role or siteId'),
  })
  .meta({ id: 'PatchUserBody' });

/** `{ data: user }`. */
export const UserResponse = z.object({ data: User }).meta({ id: 'UserResponse' });

/** A page of people. */
export const UserList = z.object({ data: z.array(User), pagination: Pagination }).meta({ id: 'UserList' });

/** `GET /api/me`: who the caller is and what it may do. */
export const MeResponse = z
  .object({
    data: z.object({
      kind: z.enum(['apiKey', 'user']),
      email: z.string().nullable().meta({ description: "The person's e-mail; null for an API key" }),
      userId: z.number().int().nullable(),
      apiKeyId: z.number().int().nullable(),
      name: z.string().meta({ description: 'What the audit trail records (userEmail): the e-mail, or the key name' }),
      role: z.enum(ROLES),
      organizationId: z.number().int(),
      siteId: z.number().int().nullable(),
    }),
  })
  .meta({ id: 'MeResponse' });

const OWNER = 'Role owner; organization-scoped callers only (a site-scoped one gets 400 naming headers.authorization).';

/** The routes, in the order the OpenAPI document lists them. */
export const userRoutes = defineRoutes('users', {
  'GET /api/me': {
    summary: 'Who is calling',
    description: "The caller's kind (API key or person), e-mail, role and scope. Every role.",
    tags: ['Users'],
    responses: { 200: { description: 'The caller', schema: MeResponse } },
  },
  'POST /api/users': {
    role: 'owner',
    organizationScopeOnly: true,
    fieldRoot: 'body.user',
    summary: 'Invite a person',
    description: `201 with the person, status invited: the identity provider's account is created and the invitation e-mailed (a temporary password). 400 naming the field (nothing stored): not an e-mail address, an unknown role, an owner confined to a site, a site not the organization's. 409: the address is already a person's (here or in another organization). ${OWNER}`,
    tags: ['Users'],
    request: { body: InviteUserBody },
    responses: { 201: { description: 'Invited', schema: UserResponse } },
    errors: { 409: 'The address is already a user' },
  },
  'GET /api/users': {
    role: 'owner',
    organizationScopeOnly: true,
    summary: "List the organization's people",
    description: `By ID, up to 100 per page. ${OWNER}`,
    tags: ['Users'],
    request: { queryStringParameters: paginationQuery },
    responses: { 200: { description: 'One page of people', schema: UserList } },
  },
  'GET /api/users/{id}': {
    role: 'owner',
    organizationScopeOnly: true,
    summary: 'Get a person',
    description: `404 for an unknown person or another organization's. ${OWNER}`,
    tags: ['Users'],
    request: { pathParameters: idPath },
    responses: { 200: { description: 'The person', schema: UserResponse } },
  },
  'PATCH /api/users/{id}': {
    role: 'owner',
    organizationScopeOnly: true,
    fieldRoot: 'body.user',
    summary: "Change a person's role or site",
    description: `The fields given change (siteId null: every site). 409 when it would leave the organization without an owner (nothing stored). 404 for an unknown person or another organization's. ${OWNER}`,
    tags: ['Users'],
    request: { pathParameters: idPath, body: PatchUserBody },
    responses: { 200: { description: 'Changed', schema: UserResponse } },
    errors: { 409: "The organization's last owner cannot be given another role" },
  },
  'DELETE /api/users/{id}': {
    role: 'owner',
    organizationScopeOnly: true,
    summary: 'Remove a person',
    description: `204 with an empty body; the identity provider's account is deleted, and the person's tokens stop working within a minute. 409 for the organization's last owner (nothing removed). 404 for an unknown person or another organization's. ${OWNER}`,
    tags: ['Users'],
    request: { pathParameters: idPath },
    responses: { 204: { description: 'Removed' } },
    errors: { 409: "The organization's last owner cannot be removed" },
  },
});
