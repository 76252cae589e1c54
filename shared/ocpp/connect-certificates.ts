/**
 * `$connect`'s certificate side (OCPP security profile 3; docs/certificates.md "What `$connect`
 * checks"): the forwarded client certificate judged against the chargers' trust store and the
 * CAs' revocations, then the profile rule. `connection.ts` imports this module only when a charger
 * presents a certificate or is set to profile 3: the X.509 library it loads costs about 0.4 s of
 * module initialisation, which a charger connecting with a password never pays.
 *
 * The trust store is the PEM bundle in {@link CHARGER_TRUST_ANCHORS_ENV} (the CSMS CA, and an
 * operator's own CAs), parsed once per value. The revoked serials are read from the table
 * (`tableRevocationSource`: one GetItem per CA) and kept per instance for 60 s
 * (`CachedRevocationList`), so a warm instance adds no DynamoDB request to a connection with a
 * certificate.
 */
import {
  admitViewerCertificate,
  CachedRevocationList,
  type CertificateAdmission,
  type ConnectDecision,
  decideSecurityProfile,
  parseCertificateChain,
  readViewerCertificate,
  type SecurityProfile,
  TrustStore,
  tableRevocationSource,
} from '../certificates';
import type { Db } from '../db';

/**
 * Environment variable holding the chargers' trust store: the PEM certificates of the CAs that issue
 * their client certificates (on AWS the CSMS CA's certificate, as in CloudFront's trust store;
 * locally the local CA's, set by the local stack).
 */
export const CHARGER_TRUST_ANCHORS_ENV = 'CHARGER_TRUST_ANCHORS';

let trust: { pem: string; store: TrustStore } | undefined;
const revocationLists = new WeakMap<Db, CachedRevocationList>();

/** The trust store of {@link CHARGER_TRUST_ANCHORS_ENV}; empty when unset (every certificate is then `untrusted`). */
function chargerTrustStore(): TrustStore {
  const pem = process.env[CHARGER_TRUST_ANCHORS_ENV] ?? '';
  if (trust?.pem !== pem) trust = { pem, store: new TrustStore(parseCertificateChain(pem) ?? []) };
  return trust.store;
}

/** The instance's revocation list over `db`'s table (one per data layer, kept as long as it lives). */
function revocationList(db: Db): CachedRevocationList {
  let list = revocationLists.get(db);
  if (!list) {
    list = new CachedRevocationList(tableRevocationSource(db));
    revocationLists.set(db, list);
  }
  return list;
}

/** What the profile rule decided, and the certificate's judgement (for the logs). */
export interface CertificateConnectDecision {
  decision: ConnectDecision;
  certificate: CertificateAdmission;
}

/**
 * Judges the certificate in `headers` (CloudFront's, or the local TLS listener's: the caller passes
 * them only when they came through one) for the charger `ocppId` at `now`, then applies the
 * security profile rule (`decideSecurityProfile`). Never throws for a bad certificate: a refusal
 * carries its reason. Requests: none on a warm instance, else one GetItem of the issuer's revocations.
 * @param context.password the Basic-auth check's outcome (`accepted` for a profile 3 charger, whose password is not checked)
 */
export async function decideWithCertificate(
  db: Db,
  headers: Record<string, string | undefined> | undefined,
  context: { ocppId: string; securityProfile: SecurityProfile; password: 'accepted' | 'refused'; now: Date },
): Promise<CertificateConnectDecision> {
  const certificate = await admitViewerCertificate(readViewerCertificate(headers), {
    ocppId: context.ocppId,
    trustStore: chargerTrustStore(),
    revocation: revocationList(db),
    now: context.now,
  });
  const decision = decideSecurityProfile({
    securityProfile: context.securityProfile,
    password: context.password,
    certificate,
  });
  return { certificate, decision };
}
