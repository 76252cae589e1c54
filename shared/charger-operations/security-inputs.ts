/**
 * The API bodies of the charger operations of OCPP's security and data-protection blocks
 * (docs/certificates.md "Certificate management", docs/charger-operations.md "Customer
 * information"): InstallCertificate, GetInstalledCertificateIds, DeleteCertificate and
 * CustomerInformation, and the PEM check they share with signed firmware (`inputs.ts`).
 */
import { X509Certificate } from 'node:crypto';
import * as z from 'zod';
import { chargerTargetFields, exactlyOneOf } from './target-inputs';
import { ALL_CERTIFICATE_ID_TYPES, ALL_INSTALL_CERTIFICATE_TYPES } from './version-inputs';

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
export const CustomerInformationRequest = z
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
export const InstallCertificateRequest = z
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
export const GetInstalledCertificateIdsRequest = z
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
export const DeleteCertificateRequest = z
  .strictObject({
    ...chargerTargetFields,
    certificateHashData: certificateHashData.meta({
      description: 'As GetInstalledCertificateIds reported it (OCPP CertificateHashDataType)',
    }),
  })
  .superRefine(exactlyOneOf(['chargerId', 'chargerIds', 'siteId']))
  .meta({ id: 'DeleteCertificateRequest' });

/** `POST /api/ocpp/upgrade-security-profile` body. */
export const UpgradeSecurityProfileRequest = z
  .strictObject({
    ...chargerTargetFields,
    ocppCsmsUrl: z
      .string()
      .max(512)
      .refine((value) => {
        try {
          return new URL(value).protocol === 'wss:';
        } catch {
          return false;
        }
      }, 'must be a wss URL')
      .meta({
        description:
          "The CSMS's URL the charger connects to with its certificate, without its identity (wss://<domain>/ocpp; at most 512 characters): 2.0.1 SetNetworkProfile's ocppCsmsUrl. A 1.6 charger keeps its URL.",
      }),
    configurationSlot: z.number().int().min(1).max(10).default(2).meta({
      description:
        '2.0.1: the slot the profile 3 connection profile is stored in, then made the first of NetworkConfigurationPriority (default 2)',
    }),
  })
  .superRefine(exactlyOneOf(['chargerId', 'chargerIds', 'siteId']))
  .meta({ id: 'UpgradeSecurityProfileRequest' });
