/**
 * Chargers' certificates (docs/certificates.md): what adapters and entry points use of this folder.
 *
 * - The CSMS CA: a {@link CaSigner} (KMS key on AWS: {@link kmsCaSigner}; a file locally:
 *   {@link localCertificateAuthority}), a {@link SigningAuthority} ({@link importCaCertificate} for
 *   the CA certificate the stack keeps), and the {@link ChargingStationCertificateIssuer} that
 *   `SignCertificate` → `CertificateSigned` uses ({@link caIssuer}), after {@link checkCsr}.
 * - `$connect` (security profile 3): {@link readViewerCertificate} (CloudFront's headers),
 *   {@link admitViewerCertificate} with a {@link TrustStore} and a {@link CachedRevocationList},
 *   then {@link decideSecurityProfile}; the revoked serials in the table ({@link tableRevocationSource},
 *   {@link revokeSerial}).
 * - Plug & Charge: the {@link CertificateStatusService} of the certificate status function, with
 *   an {@link OcspChecker} (`Authorize`, `GetCertificateStatus`) and a
 *   {@link ContractCertificateProvider} (`Get15118EVCertificate`), eMAIDs; the local V2G test PKI
 *   ({@link generateV2gTestPki}) and its OCSP answers ({@link answerOcspRequest}).
 */
export {
  type AdmissionContext,
  admitViewerCertificate,
  type CertificateAdmission,
  type CertificateRefusal,
  type ConnectDecision,
  type ConnectEvidence,
  decideSecurityProfile,
  type ProfileRefusal,
  type SecurityProfile,
} from './admission';
export {
  caCertificateRequest,
  caIssuer,
  issueCertificate,
  type ChargingStationCertificateIssuer,
  createCaCertificate,
  importCaCertificate,
  type IssuedCertificate,
  issuedChain,
  type SigningAuthority,
} from './authority';
export {
  type CaCertificateProfile,
  type CaCertificateStore,
  ensureCaCertificate,
  TRUST_STORE_OBJECTS,
} from './ca-certificate';
export { type CaSigner, fileCaSigner } from './ca-signer';
export {
  type CertificateChainEntryStatus,
  type CertificateChainStatusAnswer,
  type CertificateStatusAnswer,
  type CertificateStatusAnswers,
  type CertificateStatusCall,
  type CertificateStatusRequestInfo,
  CertificateStatusService,
  type ContractAuthorization,
  type ContractCertificateStatus,
  registeredContractCertificateProvider,
  useContractCertificateProvider,
} from './certificate-status';
export {
  type ContractCertificateProvider,
  type ContractCertificateRequest,
  type ContractCertificateResponse,
  emaidOfContractCertificate,
  emaidOfHashData,
  testPkiContractProvider,
} from './contract-certificates';
export { normalizeEmaid } from './emaid';
export { type CheckedCsr, type CsrExpectations, type CsrRejection, type CsrRejectionReason, checkCsr } from './csr';
export { kmsCaSigner } from './kms-signer';
export {
  type CertificateLifetimeSettings,
  DEFAULT_LIFETIME_SETTINGS,
  lifetimeSettingsProblem,
  renewalDue,
  renewalDueAt,
} from './lifetime';
export { type LocalCertificateAuthority, localCertificateAuthority } from './local-authority';
export {
  type CertificateHashData,
  certificateHashData,
  normalizeHashData,
  type OcspCertStatus,
  type OcspHashAlgorithm,
  type OcspRequestData,
  issuerKeyHash,
  ocspResponderUrl,
} from './ocsp';
export {
  memoryOcspCache,
  type OcspCache,
  OcspChecker,
  type OcspCheckerOptions,
  type OcspStatusResult,
} from './ocsp-client';
export {
  answerOcspRequest,
  type OcspResponderConfig,
  requestedCertificates,
  type ResponderStatus,
} from './ocsp-responder';
export {
  CachedRevocationList,
  caKeyId,
  type RevocationSource,
  RevocationUnavailableError,
  staticRevocationSource,
} from './revocation';
export { revokeSerial, revokeSerialOfCa, tableRevocationSource } from './revocation-store';
export { type ChainFailure, type ChainResult, TrustStore } from './trust-store';
export { generateV2gTestPki, type TestContract, type V2gTestPki } from './v2g-test-pki';
export { loadOrCreateV2gTestPki } from './v2g-test-pki-files';
export {
  readViewerCertificate,
  VIEWER_CERT_HEADERS,
  type ViewerCertificate,
  viewerCertificateHeaders,
} from './viewer-certificate';
export {
  type CertificateSummary,
  parseCertificate,
  parseCertificateChain,
  summarizeCertificate,
  toPemChain,
  x509,
} from './x509';
