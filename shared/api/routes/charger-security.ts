/**
 * The `chargerSecurity` route group, served by the `commands` function beside a charger's password
 * (docs/certificates.md): a charger's OCPP security profile. Its shapes are ours (the contract is
 * silent); the field is OCPP's name, `securityProfile`.
 */
import * as z from 'zod';
import { securityProfileSchema } from '../../chargers';
import { ChargerResponse } from './charger-views';
import { defineRoutes, idPath } from './define';

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
});
