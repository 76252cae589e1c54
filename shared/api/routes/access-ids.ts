/** Routes of the `accessIds` function: spec §4.1. */
import { defineRoutes, idPath } from './define';
import { paginationQuery } from '../schemas/common';
import {
  AccessIdListResponse,
  AccessIdResponse,
  BatchBody,
  BatchResponse,
  CreateAccessIdBody,
  PatchAccessIdBody,
} from '../schemas/access-ids';

/** The routes, in the order the OpenAPI document lists them. */
export const accessIdRoutes = defineRoutes('accessIds', {
  'GET /api/access-ids': {
    summary: 'List access IDs',
    description: 'Spec §4.1. 100 per page, by ID; items without customer.',
    tags: ['Access IDs'],
    request: { queryStringParameters: paginationQuery },
    responses: { 200: { description: 'One page', schema: AccessIdListResponse } },
  },
  'GET /api/access-ids/{id}': {
    summary: 'Get an access ID',
    tags: ['Access IDs'],
    request: { pathParameters: idPath },
    responses: { 200: { description: 'The access ID with its customer', schema: AccessIdResponse } },
  },
  'POST /api/access-ids': {
    fieldRoot: 'body.accessId',
    summary: 'Create an access ID',
    description: 'Spec §4.1. 201; 409 when the normalised ocppIdTag exists; 404 unknown vehicleId.',
    tags: ['Access IDs'],
    request: { body: CreateAccessIdBody },
    responses: { 201: { description: 'Created', schema: AccessIdResponse } },
  },
  'PATCH /api/access-ids/{id}': {
    fieldRoot: 'body.accessId',
    summary: 'Update an access ID',
    description:
      'Spec §4.1: name, authorizationStatus, vehicle, customer only (ocppIdTag and type are 400); null deletes an optional value.',
    tags: ['Access IDs'],
    request: { pathParameters: idPath, body: PatchAccessIdBody },
    responses: { 200: { description: 'Updated', schema: AccessIdResponse } },
  },
  'PUT /api/access-ids/batch': {
    summary: 'Create or update up to 1000 access IDs',
    description:
      'Spec §4.1 rules 1–6. More than 1000 items is a 400 for the whole request; a bad item is an error result and the others proceed; a tag given twice fails its later items.',
    tags: ['Access IDs'],
    request: { body: BatchBody },
    responses: { 200: { description: 'One result per item, in order', schema: BatchResponse } },
  },
});
