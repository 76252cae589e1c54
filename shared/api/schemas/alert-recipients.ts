/**
 * Bodies and answers of alert recipients (issue 27 item 4; docs/alert-recipients.md):
 * `{ alertRecipient: { name, email, alertTypes, siteIds?, enabled? } }`.
 */
import * as z from 'zod';
import { positiveId } from '../../charger-operations/inputs';
import { ALERT_TYPES } from '../../db/entities/alerts';
import {
  MAX_RECIPIENT_NAME_LENGTH,
  type AlertRecipient as AlertRecipientShape,
} from '../../alert-recipients/recipients';
import { conformsTo, Pagination, text } from './common';

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
