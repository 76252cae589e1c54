/**
 * A charger's certificates (docs/certificates.md): CertificateSigned delivers the chain the CSMS CA
 * issued for the CSR the charger sent in SignCertificate (OCPP 2.0.1 A02/A03; 1.6 security
 * whitepaper, "Update Charge Point Certificate"). 1.6 has no `certificateType`: its only use is
 * the Charge Point's own certificate. 2.0.1 and 2.1 carry it when the CSR named one (omitted: both
 * uses); 2.1 adds the `requestId` of the SignCertificate it answers.
 */
import type { CertificateCommandCatalog } from '../../charging';
import type { CommandSet } from './charger-commands';
import { defineCommand } from './command';
import * as V16 from '../validators/v16';
import * as V201 from '../validators/v201';
import * as V21 from '../validators/v21';

/** CertificateSigned, every version: the chain (PEM, leaf first); the charger's `status`. */
export const certificateSigned = defineCommand<
  CertificateCommandCatalog['CertificateSigned']['input'],
  'Accepted' | 'Rejected',
  'CertificateSigned',
  'CertificateSigned',
  'CertificateSigned'
>({
  name: 'CertificateSigned',
  'ocpp1.6': {
    call: V16.CertificateSigned,
    request: ({ certificateChain }) => ({ certificateChain }),
    result: (response) => response.status,
  },
  'ocpp2.0.1': {
    call: V201.CertificateSigned,
    request: ({ certificateChain, certificateType }) => ({
      certificateChain,
      ...(certificateType ? { certificateType } : {}),
    }),
    result: (response) => response.status,
  },
  'ocpp2.1': {
    call: V21.CertificateSigned,
    request: ({ certificateChain, certificateType, requestId }) => ({
      certificateChain,
      ...(certificateType ? { certificateType } : {}),
      ...(requestId === undefined ? {} : { requestId }),
    }),
    result: (response) => response.status,
  },
});

/** The certificate commands: what the certificate function wires into `ocppChargerCommands`. */
export const CERTIFICATE_COMMANDS: CommandSet<CertificateCommandCatalog> = { CertificateSigned: certificateSigned };
