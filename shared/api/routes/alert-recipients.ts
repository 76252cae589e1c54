/**
 * Routes of the `alertRecipients` function: the people alerts are e-mailed to
 * (docs/alert-recipients.md). Organization-scoped keys only: a recipient may span every site.
 */
import { defineRoutes, idPath } from './define';
import { paginationQuery } from '../schemas/common';
import {
  AlertRecipientList,
  AlertRecipientResponse,
  CreateAlertRecipientBody,
  PatchAlertRecipientBody,
} from '../schemas/alert-recipients';

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
