/**
 * The `chargerSecurity` route group, served by the `commands` function beside a charger's password
 * (docs/certificates.md): a charger's OCPP security profile, and the revocation of a certificate the
 * CSMS CA issued to it (a write, and closing its connection, which this function may do). Its
 * shapes are ours (the contract is silent); the field is OCPP's name, `securityProfile`.
 */
import * as z from 'zod';
import { certificateSerialSchema, securityProfileSchema } from '../../chargers';
import { ChargerResponse } from './charger-views';
import { ChargerCertificate } from './chargers';
import { numericIdParam } from './common';
import { defineRoutes, idPath } from './define';

/** `POST /api/chargers/{id}/certificates/{serialNumber}/revoke` path. */
const ChargerCertificatePath = z.strictObject({ id: numericIdParam, serialNumber: certificateSerialSchema });

/** `PUT /api/chargers/{id}/security-profile` body. */
export const SecurityProfileBody = z
  .strictObject({
    securityProfile: securityProfileSchema.meta({
      description:
        '1 or 2: the charger connects with its Basic-auth password; 3: with a client certificate the CSMS trusts, ' +
        'whose CN is its ocppId, and its password alone is refused (docs/certificates.md)',
    }),
  })
  .meta({ id: 'SecurityProfileRequest' });

/** The routes, in the order the OpenAPI document lists them. */
export const chargerSecurityRoutes = defineRoutes('commands', {
  'PUT /api/chargers/{id}/security-profile': {
    summary: "Set a charger's OCPP security profile",
    description:
      'From its next connection on, a profile 3 charger must present a client certificate that chains to the ' +
      "chargers' trust store, is within its validity, is not revoked and names the charger (CN = its ocppId); its " +
      'password alone no longer opens the connection. A connection open now is kept. 404 unknown charger. Moving ' +
      'a fleet from profile 2 to 3: docs/certificates.md.',
    tags: ['OCPP commands'],
    request: { pathParameters: idPath, body: SecurityProfileBody },
    responses: { 200: { description: 'The charger', schema: ChargerResponse } },
  },
  'POST /api/chargers/{id}/certificates/{serialNumber}/revoke': {
    summary: "Revoke a charger's certificate",
    description:
      'Revokes a certificate the CSMS CA issued to the charger (one of GET /api/chargers/{id}/certificates): its ' +
      "serial joins its CA's revocation list, and $connect refuses it from the charger's next connection (each " +
      '$connect instance reads the list again within 60 s). A profile 3 charger connected now has its connection ' +
      'closed. Answers the certificate as the listing shows it (revoked: true, revokedAt). Idempotent: a ' +
      'certificate revoked already is answered the same, 200, nothing written again (a profile 3 connection is ' +
      'closed again: one admitted within those 60 s is cut). 404 unknown charger (or ' +
      "another organization's or site's) or a serial that is none of its certificates; 409 a certificate stored " +
      "without its CA's key ID. See docs/certificates.md.",
    tags: ['Chargers'],
    request: { pathParameters: ChargerCertificatePath },
    responses: {
      200: { description: 'The certificate, revoked', schema: z.object({ data: ChargerCertificate }) },
    },
    errors: { 409: "The certificate was stored without its CA's key ID: it cannot be revoked here" },
  },
});
