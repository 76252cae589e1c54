/**
 * What an operation's API body may hold (docs/charger-operations.md): the zod schema of each kind's
 * body, by action, and the body fields they share (targets, firmware). The routes, the OpenAPI
 * document and the operator CLI validate with them; the kinds (`core-kinds.ts`, `firmware-kind.ts`,
 * `log-kind.ts`) take the bodies they describe. Apart from the kinds because a zod schema is built
 * when its module loads: the worker and the sweep, which read stored bodies and validate none, load
 * neither zod nor these schemas.
 */
import { X509Certificate } from 'node:crypto';
import * as z from 'zod';
import { LOG_TYPES } from '../db/entities/charger-logs';
import { MAX_FIRMWARE_LEAD_DAYS, type FirmwareRequestFields } from './firmware-kind';
import type { OperationAction } from './kinds';
import { MAX_OPERATION_TARGETS, type TargetFields } from './targets';
import {
  ALL_CERTIFICATE_ID_TYPES,
  ALL_INSTALL_CERTIFICATE_TYPES,
  ALL_RESET_TYPES,
  ALL_TRIGGER_MESSAGES,
} from './version-inputs';

/** A numeric ID in a body: a positive integer JSON numbers hold exactly. */
export const positiveId = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);

/**
 * A list of charger IDs in a body: 1 to `max` IDs, none repeated.
 * @param max most IDs (an operation's {@link MAX_OPERATION_TARGETS}, a campaign's chargers)
 */
export function chargerIdList(max: number) {
  return z
    .array(positiveId)
    .min(1, 'must name at least one charger')
    .max(max, `must name at most ${max} chargers`)
    .refine((ids) => new Set(ids).size === ids.length, 'must not repeat a charger');
}

/** Body fields addressing chargers: one, a list (bulk) or a site (bulk). */
export const chargerTargetFields = {
  chargerId: positiveId.optional().meta({ description: 'One charger' }),
  chargerIds: chargerIdList(MAX_OPERATION_TARGETS)
    .optional()
    .meta({ description: `Several chargers (bulk, at most ${MAX_OPERATION_TARGETS})` }),
  siteId: positiveId.optional().meta({ description: 'Every charger of this site (bulk)' }),
};

/** Body field addressing one port. */
const portTargetField = {
  portId: positiveId.optional().meta({ description: 'One port (its charger is addressed)' }),
};

/**
 * A zod check that exactly one of `fields` is given; the issue names the body (none given) or the
 * second field given.
 */
export function exactlyOneOf(fields: readonly (keyof TargetFields)[]) {
  return (body: TargetFields, context: z.RefinementCtx) => {
    const given = fields.filter((field) => body[field] !== undefined);
    if (given.length === 1) return;
    context.addIssue({
      code: 'custom',
      message: `give exactly one of ${fields.join(', ')}`,
      path: given.length > 1 ? [given[1]!] : [],
    });
  };
}

/** `POST /api/ocpp/reset` body. */
const ResetRequest = z
  .strictObject({
    ...chargerTargetFields,
    ...portTargetField,
    type: z.enum(ALL_RESET_TYPES).meta({
      description: "1.6: Soft or Hard; 2.0.1: OnIdle or Immediate (400 when the charger's version lacks it)",
    }),
  })
  .superRefine(exactlyOneOf(['chargerId', 'chargerIds', 'siteId', 'portId']))
  .meta({ id: 'ResetRequest' });

/** `POST /api/ocpp/unlock-connector` body. */
const UnlockConnectorRequest = z.strictObject({ portId: positiveId }).meta({ id: 'UnlockConnectorRequest' });

/** `POST /api/ocpp/change-availability` body. */
const ChangeAvailabilityRequest = z
  .strictObject({
    ...chargerTargetFields,
    ...portTargetField,
    operationalStatus: z
      .enum(['Operative', 'Inoperative'])
      .meta({ description: '1.6 `type`, 2.0.1 `operationalStatus`' }),
  })
  .superRefine(exactlyOneOf(['chargerId', 'chargerIds', 'siteId', 'portId']))
  .meta({ id: 'ChangeAvailabilityRequest' });

/** `POST /api/ocpp/trigger-message` body. */
const TriggerMessageRequest = z
  .strictObject({
    ...chargerTargetFields,
    ...portTargetField,
    requestedMessage: z.enum(ALL_TRIGGER_MESSAGES).meta({
      description: "A message of the charger's OCPP version (400 when its version lacks it)",
    }),
  })
  .superRefine(exactlyOneOf(['chargerId', 'chargerIds', 'siteId', 'portId']))
  .meta({ id: 'TriggerMessageRequest' });

/** `POST /api/ocpp/clear-cache` body. */
const ClearCacheRequest = z
  .strictObject(chargerTargetFields)
  .superRefine(exactlyOneOf(['chargerId', 'chargerIds', 'siteId']))
  .meta({ id: 'ClearCacheRequest' });

/** How far in the past a `retrieveDate`/`installDate` may be (clocks differ), ms. */
const CLOCK_SLACK_MS = 5 * 60_000;

/** URL schemes a charger may download firmware from. */
const FIRMWARE_URL_SCHEMES = ['https:', 'ftp:', 'ftps:'];

/** One PEM `CERTIFICATE` block. */
const PEM_CERTIFICATE = /^-----BEGIN CERTIFICATE-----\r?\n[A-Za-z0-9+/=\r\n]+-----END CERTIFICATE-----\s*$/;

/**
 * Whether `text` is one X.509 certificate in PEM: one `CERTIFICATE` block that Node's X.509 parser
 * (OpenSSL, `node:crypto`) reads: a root to install, or a firmware signing certificate (checked for
 * shape only: the charger verifies the chain). Node's parser rather than `@peculiar/x509`: the HTTP function
 * that validates this body would carry 174 KiB of ASN.1 schemas even for that library's parsing
 * layer alone, past its 800 KiB ceiling (docs/certificates.md, "Certificate management").
 */
export function isPemCertificate(text: string): boolean {
  if (!PEM_CERTIFICATE.test(text)) return false;
  try {
    new X509Certificate(text);
    return true;
  } catch {
    return false;
  }
}

/** An ISO 8601 date-time with its offset. */
const dateTime = z.iso.datetime({ offset: true });

/** The firmware fields of a body (the update-firmware kind's and a firmware campaign's). */
export const firmwareFields = {
  location: z
    .string()
    .max(512)
    .refine((value) => {
      try {
        return FIRMWARE_URL_SCHEMES.includes(new URL(value).protocol);
      } catch {
        return false;
      }
    }, 'must be an https, ftp or ftps URL')
    .meta({
      description: 'Where the charger downloads the firmware: an https, ftp or ftps URL (2.0.1 at most 512 characters)',
    }),
  retrieveDate: dateTime.optional().meta({
    description: 'When the charger downloads it, ISO 8601 (default now; not in the past, at most 30 days ahead)',
  }),
  installDate: dateTime.optional().meta({
    description:
      'When the charger installs it, ISO 8601 (installDateTime: 2.0.1, and 1.6 with signed firmware; else 400 for a 1.6 charger)',
  }),
  retries: z.number().int().min(0).max(100).optional().meta({ description: 'Download attempts before giving up' }),
  retryInterval: z.number().int().min(0).max(86_400).optional().meta({ description: 'Seconds between attempts' }),
  signingCertificate: z
    .string()
    .min(1)
    .max(5500)
    .refine(isPemCertificate, 'must be one X.509 certificate in PEM (-----BEGIN CERTIFICATE-----)')
    .optional()
    .meta({
      description:
        'PEM certificate that signed the firmware (2.0.1 UpdateFirmware; 1.6 SignedUpdateFirmware, with signature)',
    }),
  signature: z.base64('must be base64').min(1).max(800).optional().meta({
    description:
      'Base64 signature of the firmware (2.0.1 UpdateFirmware; 1.6 SignedUpdateFirmware, with signingCertificate)',
  }),
};

/** A zod check that the dates are neither in the past nor too far ahead, and install after retrieve. */
export function checkFirmwareDates(body: FirmwareRequestFields, context: z.RefinementCtx): void {
  const now = Date.now();
  for (const field of ['retrieveDate', 'installDate'] as const) {
    const value = body[field];
    if (value === undefined) continue;
    const at = Date.parse(value);
    if (at < now - CLOCK_SLACK_MS)
      context.addIssue({ code: 'custom', message: 'must not be in the past', path: [field] });
    if (at > now + MAX_FIRMWARE_LEAD_DAYS * 86_400_000) {
      context.addIssue({
        code: 'custom',
        message: `must be at most ${MAX_FIRMWARE_LEAD_DAYS} days ahead`,
        path: [field],
      });
    }
  }
  if (body.installDate && body.retrieveDate && Date.parse(body.installDate) < Date.parse(body.retrieveDate)) {
    context.addIssue({ code: 'custom', message: 'must not be before retrieveDate', path: ['installDate'] });
  }
}

/** `POST /api/ocpp/update-firmware` body. */
const UpdateFirmwareRequest = z
  .strictObject({ ...chargerTargetFields, ...firmwareFields })
  .superRefine(exactlyOneOf(['chargerId', 'chargerIds', 'siteId']))
  .superRefine(checkFirmwareDates)
  .meta({ id: 'UpdateFirmwareRequest' });

/** ISO 8601 date-time with offset, not in the future (a log holds what has happened). */
const pastDateTime = z.iso
  .datetime({ offset: true, message: 'must be an ISO 8601 date-time with offset, e.g. 2026-11-21T18:00:00Z' })
  .refine((v) => Date.parse(v) <= Date.now(), 'must not be in the future');

/** `POST /api/ocpp/get-log` body. */
const GetLogRequest = z
  .strictObject({
    ...chargerTargetFields,
    logType: z.enum(LOG_TYPES).meta({
      description:
        'DiagnosticsLog (1.6 GetDiagnostics, 2.0.1 GetLog) or SecurityLog (GetLog: 2.0.1, and the 1.6 security extension)',
    }),
    oldestTimestamp: pastDateTime
      .optional()
      .meta({ description: 'Oldest log entry to include (1.6 startTime, 2.0.1 log.oldestTimestamp)' }),
    latestTimestamp: pastDateTime
      .optional()
      .meta({ description: 'Latest log entry to include (1.6 stopTime, 2.0.1 log.latestTimestamp)' }),
    retries: z.number().int().min(0).max(100).optional().meta({ description: 'Upload attempts the charger may make' }),
    retryInterval: z
      .number()
      .int()
      .min(0)
      .max(86_400)
      .optional()
      .meta({ description: 'Seconds between upload attempts' }),
  })
  .superRefine(exactlyOneOf(['chargerId', 'chargerIds', 'siteId']))
  .superRefine((body, context) => {
    if (
      body.oldestTimestamp &&
      body.latestTimestamp &&
      Date.parse(body.oldestTimestamp) > Date.parse(body.latestTimestamp)
    ) {
      context.addIssue({ code: 'custom', message: 'must not be before oldestTimestamp', path: ['latestTimestamp'] });
    }
  })
  .meta({ id: 'GetLogRequest' });

/** Longest composite schedule asked for, s: a day, the plan's horizon. */
export const MAX_COMPOSITE_SCHEDULE_SECONDS = 86_400;

/** `POST /api/ocpp/get-composite-schedule` body. */
const GetCompositeScheduleRequest = z
  .strictObject({
    ...chargerTargetFields,
    ...portTargetField,
    // Seconds from now; without a unit, the charger's choice.
    duration: z.number().int().min(1).max(MAX_COMPOSITE_SCHEDULE_SECONDS),
    chargingRateUnit: z.enum(['A', 'W']).optional(),
  })
  .superRefine(exactlyOneOf(['chargerId', 'chargerIds', 'siteId', 'portId']))
  .meta({ id: 'GetCompositeScheduleRequest' });

/** OCPP 2.0.1 IdTokenEnumType: how a charger knows the token a customer request names. */
const ID_TOKEN_ENUM = [
  'Central',
  'eMAID',
  'ISO14443',
  'ISO15693',
  'KeyCode',
  'Local',
  'MacAddress',
  'NoAuthorization',
] as const;

/** A hexadecimal string of OCPP's CertificateHashDataType, at most `max` characters. */
const hex = (max: number) =>
  z
    .string()
    .regex(/^[0-9a-fA-F]+$/, 'must be hexadecimal')
    .max(max);

/** A certificate named by its hash data (OCPP CertificateHashDataType, both versions). */
const certificateHashData = z.strictObject({
  hashAlgorithm: z.enum(['SHA256', 'SHA384', 'SHA512']),
  issuerNameHash: hex(128).meta({ description: "Hash of the issuer's DER name" }),
  issuerKeyHash: hex(128).meta({ description: "Hash of the issuer's public key" }),
  serialNumber: hex(40).meta({ description: 'The serial number, without leading zeros' }),
});

/** `POST /api/ocpp/customer-information` body (OCPP 2.0.1 CustomerInformation N09/N10). */
const CustomerInformationRequest = z
  .strictObject({
    ...chargerTargetFields,
    report: z
      .boolean()
      .default(true)
      .meta({ description: 'Ask for a report of what the charger holds (default true)' }),
    clear: z.boolean().default(false).meta({ description: 'Clear what the charger holds (default false)' }),
    customerIdentifier: z
      .string()
      .min(1)
      .max(64)
      .optional()
      .meta({ description: 'A customer identifier of the charger vendor (CiString64)' }),
    idToken: z
      .strictObject({
        idToken: z.string().min(1).max(36),
        type: z.enum(ID_TOKEN_ENUM),
      })
      .optional()
      .meta({ description: 'An ID token, as OCPP 2.0.1 IdTokenType' }),
    customerCertificate: certificateHashData
      .optional()
      .meta({ description: "A customer certificate's hash data (OCPP 2.0.1 CertificateHashDataType)" }),
  })
  .superRefine(exactlyOneOf(['chargerId', 'chargerIds', 'siteId']))
  .superRefine((body, context) => {
    if (!body.report && !body.clear) {
      context.addIssue({
        code: 'custom',
        message: 'report or clear must be true: the request would ask nothing',
        path: ['report'],
      });
    }
    if (body.customerIdentifier === undefined && body.idToken === undefined && body.customerCertificate === undefined) {
      context.addIssue({
        code: 'custom',
        message: 'name the customer: customerIdentifier, idToken or customerCertificate',
        path: ['customerIdentifier'],
      });
    }
  })
  .meta({ id: 'CustomerInformationRequest' });

/** `POST /api/ocpp/install-certificate` body. */
const InstallCertificateRequest = z
  .strictObject({
    ...chargerTargetFields,
    certificateType: z.enum(ALL_INSTALL_CERTIFICATE_TYPES).meta({
      description:
        "1.6: CentralSystemRootCertificate or ManufacturerRootCertificate; 2.0.1: CSMSRootCertificate, ManufacturerRootCertificate, V2GRootCertificate or MORootCertificate (CSMSRootCertificate and CentralSystemRootCertificate are the same type: each charger gets its version's name; 400 for a type the charger's version lacks)",
    }),
    certificate: z
      .string()
      .max(5_500)
      .refine(isPemCertificate, 'must be one X.509 certificate in PEM (-----BEGIN CERTIFICATE-----)')
      .meta({ description: 'The certificate, PEM, at most 5,500 characters (OCPP)' }),
  })
  .superRefine(exactlyOneOf(['chargerId', 'chargerIds', 'siteId']))
  .meta({ id: 'InstallCertificateRequest' });

/** `POST /api/ocpp/get-installed-certificate-ids` body. */
const GetInstalledCertificateIdsRequest = z
  .strictObject({
    ...chargerTargetFields,
    certificateTypes: z
      .array(z.enum(ALL_CERTIFICATE_ID_TYPES))
      .min(1)
      .max(ALL_CERTIFICATE_ID_TYPES.length)
      .refine((types) => new Set(types).size === types.length, 'must not repeat a type')
      .optional()
      .meta({
        description:
          "The types to list (default every type of the charger's version): 1.6 CentralSystemRootCertificate, ManufacturerRootCertificate (one request each); 2.0.1 also V2GRootCertificate, MORootCertificate, CSMSRootCertificate, V2GCertificateChain",
      }),
  })
  .superRefine(exactlyOneOf(['chargerId', 'chargerIds', 'siteId']))
  .meta({ id: 'GetInstalledCertificateIdsRequest' });

/** `POST /api/ocpp/delete-certificate` body. */
const DeleteCertificateRequest = z
  .strictObject({
    ...chargerTargetFields,
    certificateHashData: certificateHashData.meta({
      description: 'As GetInstalledCertificateIds reported it (OCPP CertificateHashDataType)',
    }),
  })
  .superRefine(exactlyOneOf(['chargerId', 'chargerIds', 'siteId']))
  .meta({ id: 'DeleteCertificateRequest' });

/** The body of each operation kind, by its action (`registry.ts` has the kind of each). */
export const OPERATION_INPUTS = {
  reset: ResetRequest,
  unlockConnector: UnlockConnectorRequest,
  changeAvailability: ChangeAvailabilityRequest,
  triggerMessage: TriggerMessageRequest,
  clearCache: ClearCacheRequest,
  updateFirmware: UpdateFirmwareRequest,
  getLog: GetLogRequest,
  getCompositeSchedule: GetCompositeScheduleRequest,
  customerInformation: CustomerInformationRequest,
  installCertificate: InstallCertificateRequest,
  getInstalledCertificateIds: GetInstalledCertificateIdsRequest,
  deleteCertificate: DeleteCertificateRequest,
} satisfies Record<OperationAction, z.ZodType>;

/** The validated body of an operation of `action`. */
export type OperationInput<A extends OperationAction> = z.output<(typeof OPERATION_INPUTS)[A]>;
