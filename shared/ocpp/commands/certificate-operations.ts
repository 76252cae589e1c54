/**
 * The certificate management commands of charger operations (docs/certificates.md, "Certificate
 * management"): InstallCertificate (2.0.1 M05; 1.6 security whitepaper "Install CA certificate"),
 * GetInstalledCertificateIds (2.0.1 M03; 1.6 "Retrieve list of available certificates") and
 * DeleteCertificate (2.0.1 M04; 1.6 "Delete a certificate"). 1.6 names one certificate type per
 * GetInstalledCertificateIds, which the operation kind sends once per type; its answer's hash
 * data are of that type.
 */
import type {
  CertificateHashData,
  ChargerOperationCommandCatalog,
  InstalledCertificate,
  InstalledCertificatesAnswer,
  OperationAnswer,
} from '../../charger-operations';
import type { CertificateUseEnumType } from '../types/v16';
import type { GetCertificateIdUseEnumType, InstallCertificateUseEnumType } from '../types/v201';
import { defineCommand } from './command';
import * as V16 from '../validators/v16';
import * as V201 from '../validators/v201';

type Input<K extends keyof ChargerOperationCommandCatalog> = ChargerOperationCommandCatalog[K]['input'];

/** The answer of a response with a `status`. */
const answerOf = (response: { status: string }): OperationAnswer => ({
  ocppStatus: response.status,
  answer: response as unknown as Record<string, unknown>,
});

/** OCPP's hash data without anything else a charger sent beside it (2.0.1 `customData`). */
const hashDataOf = ({ hashAlgorithm, issuerNameHash, issuerKeyHash, serialNumber }: CertificateHashData) => ({
  hashAlgorithm,
  issuerNameHash,
  issuerKeyHash,
  serialNumber,
});

/** InstallCertificate, both versions: `{ certificateType, certificate }` (PEM). */
export const installCertificate = defineCommand<
  Input<'InstallCertificate'>,
  OperationAnswer,
  'InstallCertificate',
  'InstallCertificate'
>({
  name: 'InstallCertificate',
  'ocpp1.6': {
    call: V16.InstallCertificate,
    request: ({ certificateType, certificate }) => ({
      certificateType: certificateType as CertificateUseEnumType,
      certificate,
    }),
    result: answerOf,
  },
  'ocpp2.0.1': {
    call: V201.InstallCertificate,
    request: ({ certificateType, certificate }) => ({
      certificateType: certificateType as InstallCertificateUseEnumType,
      certificate,
    }),
    result: answerOf,
  },
});

/** GetInstalledCertificateIds: 1.6 `{ certificateType }` (the one asked; its hash data carry no type); 2.0.1 `{ certificateType?: [...] }`. */
export const getInstalledCertificateIds = defineCommand<
  Input<'GetInstalledCertificateIds'>,
  InstalledCertificatesAnswer,
  'GetInstalledCertificateIds',
  'GetInstalledCertificateIds'
>({
  name: 'GetInstalledCertificateIds',
  'ocpp1.6': {
    call: V16.GetInstalledCertificateIds,
    request: ({ certificateTypes }) => ({ certificateType: certificateTypes?.[0] as CertificateUseEnumType }),
    result: (response) => ({
      ...answerOf(response),
      installedCertificates: (response.certificateHashData ?? []).map(hashDataOf),
    }),
  },
  'ocpp2.0.1': {
    call: V201.GetInstalledCertificateIds,
    request: ({ certificateTypes }) =>
      certificateTypes?.length
        ? { certificateType: certificateTypes as [GetCertificateIdUseEnumType, ...GetCertificateIdUseEnumType[]] }
        : {},
    result: (response) => ({
      ...answerOf(response),
      installedCertificates: (response.certificateHashDataChain ?? []).map(
        (chain): InstalledCertificate => ({
          certificateType: chain.certificateType,
          ...hashDataOf(chain.certificateHashData),
          ...(chain.childCertificateHashData
            ? { childCertificateHashData: chain.childCertificateHashData.map(hashDataOf) }
            : {}),
        }),
      ),
    }),
  },
});

/** DeleteCertificate, both versions: `{ certificateHashData }`. */
export const deleteCertificate = defineCommand<
  Input<'DeleteCertificate'>,
  OperationAnswer,
  'DeleteCertificate',
  'DeleteCertificate'
>({
  name: 'DeleteCertificate',
  'ocpp1.6': {
    call: V16.DeleteCertificate,
    request: ({ certificateHashData }) => ({ certificateHashData: hashDataOf(certificateHashData) }),
    result: answerOf,
  },
  'ocpp2.0.1': {
    call: V201.DeleteCertificate,
    request: ({ certificateHashData }) => ({ certificateHashData: hashDataOf(certificateHashData) }),
    result: answerOf,
  },
});
