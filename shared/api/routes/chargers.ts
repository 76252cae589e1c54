/**
 * The `chargers` route group: spec §4.5 charger reads (the answer's shape, `./charger-views.ts`,
 * is shared with the sites), and a charger's security events (ours, docs/certificates.md).
 */
import * as z from 'zod';
import type { ChargerCertificate as ChargerCertificateShape } from '../../chargers';
import type { SecurityEvent as SecurityEventShape } from '../../history';
import { conformsTo, Pagination, paginationQuery } from './common';
import { defineRoutes, idPath, textIdPath } from './define';
import { ChargerResponse } from './charger-views';

/** A charger's security event (`GET /api/chargers/{id}/security-events`). */
export const SecurityEvent = conformsTo<SecurityEventShape>()(
  z
    .object({
      timestamp: z.string().meta({ format: 'date-time', description: "When it happened (the charger's clock)" }),
      type: z.string().meta({
        description:
          "OCPP's security event type (the 2.0.1 appendix's or the 1.6 whitepaper's, or a vendor's); InvalidCsr: a CSR the CSMS refused",
        example: 'TamperDetectionActivated',
      }),
      techInfo: z.string().nullable().meta({ description: "OCPP's techInfo, or the CSMS's reason" }),
      source: z.enum(['charger', 'csms']).meta({
        description: 'charger: its SecurityEventNotification; csms: recorded by the CSMS (a CSR it refused)',
      }),
      critical: z
        .boolean()
        .meta({ description: 'Whether it raised a securityEvent alert (docs/certificates.md lists the types)' }),
      receivedAt: z.string().meta({ format: 'date-time', description: 'When the CSMS received it' }),
    })
    .meta({ id: 'SecurityEvent' }),
);

/** A certificate the CSMS CA issued to a charger (`GET /api/chargers/{id}/certificates`). */
export const ChargerCertificate = conformsTo<ChargerCertificateShape>()(
  z
    .object({
      serialNumber: z.string().meta({ description: 'Hexadecimal, lowercase, no leading zeros' }),
      subject: z.string().meta({ description: 'RFC 4514, e.g. CN=CP-1,O=Acme' }),
      issuer: z.string(),
      notBefore: z.string().meta({ format: 'date-time' }),
      notAfter: z.string().meta({ format: 'date-time' }),
      sha256: z.string().meta({ description: 'SHA-256 of the DER certificate, hexadecimal' }),
      certificateType: z.enum(['ChargingStationCertificate', 'V2GCertificate']).optional().meta({
        description:
          'What the charger asked it for; omitted when it asked for both uses (OCPP 2.0.1: certificateType omitted)',
      }),
      source: z
        .enum(['signed'])
        .meta({ description: "signed: issued by the CSMS CA for the charger's SignCertificate" }),
      issuedAt: z.string().meta({ format: 'date-time' }),
      deliveryStatus: z.string().meta({
        description: "The charger's answer to CertificateSigned (Accepted, Rejected), or NotDelivered",
      }),
      revoked: z.boolean().meta({
        description:
          "Whether its CA's revocation list holds it ($connect refuses it); false for one stored without its CA's key ID",
      }),
      revokedAt: z
        .string()
        .optional()
        .meta({ format: 'date-time', description: 'When it was revoked through the API; omitted otherwise' }),
    })
    .meta({ id: 'ChargerCertificate' }),
);

/** `GET /api/chargers/{id}/security-events` answer. */
export const SecurityEventList = z.object({ data: z.array(SecurityEvent), pagination: Pagination });

/** The routes, in the order the OpenAPI document lists them. */
export const chargerRoutes = defineRoutes('chargers', {
  'GET /api/chargers/{id}': {
    summary: 'Get a charger by its internal ID',
    description: 'Spec §4.5. The charger with its ports, connection status and ongoing sessions.',
    tags: ['Chargers'],
    request: { pathParameters: idPath },
    responses: { 200: { description: 'The charger', schema: ChargerResponse } },
  },
  'GET /api/chargers/by-external-id/{id}': {
    summary: 'Get a charger by its external ID (network station ID)',
    tags: ['Chargers'],
    request: { pathParameters: textIdPath },
    responses: { 200: { description: 'The charger', schema: ChargerResponse } },
  },
  'GET /api/chargers/by-ocpp-id/{id}': {
    summary: 'Get a charger by its OCPP identity (ocppId)',
    tags: ['Chargers'],
    request: { pathParameters: textIdPath },
    responses: { 200: { description: 'The charger', schema: ChargerResponse } },
  },
  'GET /api/chargers/{id}/certificates': {
    summary: "A charger's certificates",
    description:
      "The certificates the CSMS CA issued to the charger (its SignCertificate answered with CertificateSigned), latest end first, with the charger's answer and whether it is revoked; kept 400 days past their end. Not paginated (a certificate a year or so). A signed certificate within renewalLeadDays of its end raises certificateExpiring. 404 unknown charger (or another organization's or site's).",
    tags: ['Chargers'],
    request: { pathParameters: idPath },
    responses: {
      200: { description: "The charger's certificates", schema: z.object({ data: z.array(ChargerCertificate) }) },
    },
  },
  'GET /api/chargers/{id}/security-events': {
    summary: "A charger's security events",
    description:
      "Every SecurityEventNotification the charger sent (both OCPP versions) and what the CSMS recorded about it (InvalidCsr: a CSR that SignCertificate refused), newest first by the event's time, 100 per page; kept 400 days. A critical one (critical: true) also raised a securityEvent alert. 404 unknown charger (or another organization's or site's).",
    tags: ['Chargers'],
    request: { pathParameters: idPath, queryStringParameters: paginationQuery },
    responses: { 200: { description: 'One page of security events', schema: SecurityEventList } },
  },
});
