/**
 * The `alertRecipients` route group: the people alerts are e-mailed to
 * (docs/alert-recipients.md), their bodies and answers
 * (`{ alertRecipient: { name, email, alertTypes, siteIds?, enabled? } }`) and routes.
 * Organization-scoped keys only: a recipient may span every site.
 */
import * as z from 'zod';
import { positiveId } from '../../charger-operations';
import { ALERT_TYPES } from '../../db/entities/alerts';
import { type AlertRecipient as AlertRecipientShape, MAX_RECIPIENT_NAME_LENGTH } from '../../alert-recipients';
import { conformsTo, Pagination, paginationQuery, text } from './common';
import { defineRoutes, idPath } from './define';

/** Longest e-mail address (RFC 5321's path limit less the brackets). */
const MAX_EMAIL_LENGTH = 254;

const fields = {
  name: text(MAX_RECIPIENT_NAME_LENGTH).meta({
    description: 'Who this is, 1–200 characters',
    example: 'Depot shift lead',
  }),
  email: z
    .email('must be an e-mail address')
    .max(MAX_EMAIL_LENGTH, `must be at most ${MAX_EMAIL_LENGTH} characters`)
    .meta({ description: 'Where the alerts are sent', example: 'shift-lead@fleet.example.com' }),
  alertTypes: z
    .array(z.enum(ALERT_TYPES))
    .min(1, 'must name at least one alert type')
    .max(ALERT_TYPES.length * 2)
    .meta({ description: 'The alert types this recipient is mailed' }),
  siteIds: z.array(positiveId).max(500, 'must be at most 500 sites').meta({
    description:
      "The sites whose alerts this recipient is mailed; empty or absent: every site (also sites created later). Each must be one of the organization's.",
  }),
  enabled: z.boolean().meta({ description: 'false: kept but mailed nothing. Default true' }),
};

/** `POST /api/alert-recipients` body. */
export const CreateAlertRecipientBody = z
  .strictObject({
    alertRecipient: z.strictObject({
      name: fields.name,
      email: fields.email,
      alertTypes: fields.alertTypes,
      siteIds: fields.siteIds.optional(),
      enabled: fields.enabled.optional(),
    }),
  })
  .meta({ id: 'CreateAlertRecipientBody' });

/** `PATCH /api/alert-recipients/{id}` body: the fields given change. */
export const PatchAlertRecipientBody = z
  .strictObject({
    alertRecipient: z
      .strictObject({
        name: fields.name.optional(),
        email: fields.email.optional(),
        alertTypes: fields.alertTypes.optional(),
        siteIds: fields.siteIds.optional(),
        enabled: fields.enabled.optional(),
      })
      .refine((body) => Object.keys(body).length > 0, 'give name, email, alertTypes, siteIds or enabled'),
  })
  .meta({ id: 'PatchAlertRecipientBody' });

/** An alert recipient. */
export const AlertRecipient = conformsTo<AlertRecipientShape>()(
  z
    .object({
      id: z.number().int(),
      name: z.string(),
      email: z.string(),
      alertTypes: z.array(z.enum(ALERT_TYPES)),
      siteIds: z.array(z.number().int()).meta({ description: 'Empty: every site' }),
      enabled: z.boolean(),
      createdAt: z.string().meta({ format: 'date-time' }),
      updatedAt: z.string().meta({ format: 'date-time' }),
    })
    .meta({ id: 'AlertRecipient' }),
);

/** `{ data: recipient }`. */
export const AlertRecipientResponse = z.object({ data: AlertRecipient }).meta({ id: 'AlertRecipientResponse' });

/** A page of recipients. */
export const AlertRecipientList = z
  .object({ data: z.array(AlertRecipient), pagination: Pagination })
  .meta({ id: 'AlertRecipientList' });

const SCOPE = 'Organization-scoped API keys only (a site-scoped key gets 400 naming headers.authorization).';

/** The routes, in the order the OpenAPI document lists them. */
export const alertRecipientRoutes = defineRoutes('alertRecipients', {
  'POST /api/alert-recipients': {
    fieldRoot: 'body.alertRecipient',
    organizationScopeOnly: true,
    summary: 'Create an alert recipient',
    description: `201 with the recipient. Each raised alert of a type it names, on a site it names (none: every site), is e-mailed to it once, while it is enabled; muted alerts are not. ${SCOPE} 400 naming the field (nothing stored): not an e-mail address, an unknown alert type, no alert type, a site that is not the organization's (siteIds), an unknown field.`,
    tags: ['Alert recipients'],
    request: { body: CreateAlertRecipientBody },
    responses: { 201: { description: 'Created', schema: AlertRecipientResponse } },
  },
  'GET /api/alert-recipients': {
    organizationScopeOnly: true,
    summary: 'List alert recipients',
    description: `By ID, up to 100 per page. ${SCOPE}`,
    tags: ['Alert recipients'],
    request: { queryStringParameters: paginationQuery },
    responses: { 200: { description: 'One page of recipients', schema: AlertRecipientList } },
  },
  'GET /api/alert-recipients/{id}': {
    organizationScopeOnly: true,
    summary: 'Get an alert recipient',
    description: `404 for an unknown recipient or another organization's. ${SCOPE}`,
    tags: ['Alert recipients'],
    request: { pathParameters: idPath },
    responses: { 200: { description: 'The recipient', schema: AlertRecipientResponse } },
  },
  'PATCH /api/alert-recipients/{id}': {
    fieldRoot: 'body.alertRecipient',
    organizationScopeOnly: true,
    summary: 'Change an alert recipient',
    description: `The fields given replace the stored ones (siteIds [] : every site). Same rules as creation; 404 for an unknown recipient or another organization's. ${SCOPE}`,
    tags: ['Alert recipients'],
    request: { pathParameters: idPath, body: PatchAlertRecipientBody },
    responses: { 200: { description: 'Changed', schema: AlertRecipientResponse } },
  },
  'DELETE /api/alert-recipients/{id}': {
    organizationScopeOnly: true,
    summary: 'Delete an alert recipient',
    description: `204 with an empty body; alerts already mailed keep its ID in their recipients. 404 for an unknown recipient or another organization's. ${SCOPE}`,
    tags: ['Alert recipients'],
    request: { pathParameters: idPath },
    responses: { 204: { description: 'Deleted' } },
  },
});
