/**
 * The certificate function (docs/certificates.md "Renewal over OCPP"): the chargers' CSRs that
 * `$default` accepted in SignCertificate (`shared/ocpp/certificate-signing.ts`), from the table's
 * stream (new `certificateSigningRequest` items). Each CSR is first claimed (its item deleted, the
 * deleted item returned: a record handed over again finds nothing and is skipped, so no CSR is
 * signed twice), then checked (`checkCsr`: PKCS #10, key type and size, its signature, CN = the
 * charger's `ocppId`); a V2G certificate's is not served (no V2G issuer); one that passes gets a charging station
 * certificate issued by the CSMS CA (one signature: one `kms:Sign` on AWS) for the configured
 * lifetime, sent to the charger in CertificateSigned through the command path (its answer logged),
 * and stored with the charger's answer (`recordChargerCertificate`: the charger's certificates);
 * a refused one is a security event, logged (warning) and stored (`InvalidCsr`, with the reason:
 * critical, so it raises a `securityEvent` alert), and nothing is signed or sent. CertificateSigned
 * leaves `certificateType` out when the CSR did (both uses) and carries 2.1's `requestId`.
 *
 * The CA: on AWS the KMS key `CA_KMS_KEY_ID` with the CA certificate (and its chain) in
 * `CA_CERTIFICATE` (PEM); locally the CA of the data directory `LOCAL_CA_DIR` (`npm start`'s, set by
 * the local stack). The lifetime: `CERTIFICATE_LIFETIME_DAYS` (default 365, 1–825).
 */
import {
  caIssuer,
  caKeyId,
  checkCsr,
  DEFAULT_LIFETIME_SETTINGS,
  importCaCertificate,
  kmsCaSigner,
  lifetimeSettingsProblem,
  localCertificateAuthority,
  summarizeCertificate,
  type CertificateLifetimeSettings,
  type CertificateSummary,
  type SigningAuthority,
} from '../../shared/certificates';
import type { DynamoDBBatchItemFailure, DynamoDBBatchResponse, DynamoDBStreamEvent } from 'aws-lambda';
import type { CertificateSigningUse } from '../../shared/charging';
import { type Db, getDb } from '../../shared/db';
import { isConditionalCheckFailure } from '../../shared/db/conditions';
import { recordSecurityEvent } from '../../shared/history';
import { recordChargerCertificate } from '../../shared/chargers';
import { entityOf, tableChangesOf } from '../../shared/db/table-changes';
import { logger } from '../../shared/logger';
import { CA_ENV, CERTIFICATE_SIGNING_ENTITIES } from '../../shared/ocpp/certificate-signing';
import { CERTIFICATE_COMMANDS } from '../../shared/ocpp/commands/certificates';
import { ocppChargerCommands } from '../../shared/ocpp/commands/charger-commands';

let authority: { key: string; ca: Promise<SigningAuthority> } | undefined;

/** The CSMS CA of the environment, loaded once per instance and configuration; undefined when none is configured. */
function certificateAuthority(env: NodeJS.ProcessEnv = process.env): Promise<SigningAuthority> | undefined {
  const keyId = env[CA_ENV.kmsKeyId];
  const pem = env[CA_ENV.certificate];
  const dir = env[CA_ENV.localDir];
  const key = `${keyId}|${pem}|${dir}`;
  if (authority?.key === key) return authority.ca;
  let ca: Promise<SigningAuthority> | undefined;
  if (keyId && pem) ca = importCaCertificate(pem, kmsCaSigner(keyId));
  else if (dir) ca = localCertificateAuthority(dir);
  if (!ca) return undefined;
  authority = { key, ca };
  return ca;
}

/**
 * The lifetime settings of the environment.
 * @throws Error when `CERTIFICATE_LIFETIME_DAYS` is out of range: configuration to fix
 */
function lifetimeSettings(env: NodeJS.ProcessEnv = process.env): CertificateLifetimeSettings {
  const days = env[CA_ENV.lifetimeDays];
  const settings = {
    ...DEFAULT_LIFETIME_SETTINGS,
    ...(days ? { certificateLifetimeDays: Number(days) } : {}),
  };
  const problem = lifetimeSettingsProblem(settings);
  if (problem) throw new Error(`${CA_ENV.lifetimeDays}: ${problem}`);
  return settings;
}

/** A stored CSR, as the stream hands it. */
interface SigningRequest {
  chargerId: number;
  requestId: string;
  ocppId: string;
  csr: string;
  /** Omitted: both uses (2.0.1 A02). */
  certificateType?: CertificateSigningUse;
  /** OCPP 2.1's `requestId` of the SignCertificate. */
  ocppRequestId?: number;
}

/** The chain issued for the request's CSR, or undefined when it is refused (a security event, logged and stored). */
async function sign(db: Db, request: SigningRequest): Promise<Issued | undefined> {
  const context = { ocppId: request.ocppId, chargerId: request.chargerId, certificateType: request.certificateType };
  if (request.certificateType === 'V2GCertificate') {
    // `$default` refuses these (no V2G issuer is configured); one stored all the same is not signed by the CSMS CA.
    logger.warn('SignCertificate not served: no V2G (CPO sub-CA) issuer is configured', context);
    return undefined;
  }
  const checked = await checkCsr(request.csr, { ocppId: request.ocppId });
  if (!checked.ok) {
    const techInfo = `SignCertificate refused (${checked.reason}): ${checked.detail}`.slice(0, 255);
    logger.warn('security event', { ...context, type: 'InvalidCsr', reason: checked.reason, techInfo: checked.detail });
    const now = new Date().toISOString();
    await recordSecurityEvent(db, {
      chargerId: request.chargerId,
      timestamp: now,
      type: 'InvalidCsr',
      techInfo,
      source: 'csms',
      receivedAt: now,
    });
    return undefined;
  }
  const ca = certificateAuthority();
  if (!ca) {
    logger.error('SignCertificate not served: no CA is configured', context);
    return undefined;
  }
  const signing = await ca;
  const issued = await caIssuer(signing, lifetimeSettings()).issue(checked, new Date());
  const summary = await summarizeCertificate(issued.certificate);
  logger.info('certificate issued', { ...context, serialNumber: summary.serialNumber });
  return {
    chain: issued.certificateChainPem,
    summary,
    caKeyId: await caKeyId(signing.certificate),
    issuedAt: new Date().toISOString(),
  };
}

/** A certificate issued for a CSR: the chain to send, what the API shows of the leaf, its CA's key ID (revocations). */
interface Issued {
  chain: string;
  summary: CertificateSummary;
  caKeyId: string;
  issuedAt: string;
}

/**
 * CertificateSigned sent, the charger's answer logged; a charger gone or silent asks again later.
 * @returns the charger's answer (`Accepted`, `Rejected`), or `NotDelivered`
 */
async function deliver(db: Db, request: SigningRequest, certificateChain: string): Promise<string> {
  const { chargerId, certificateType, ocppRequestId } = request;
  try {
    const commands = ocppChargerCommands(db, CERTIFICATE_COMMANDS);
    const answer = await commands.send(chargerId, 'CertificateSigned', {
      certificateChain,
      ...(certificateType ? { certificateType } : {}),
      ...(ocppRequestId === undefined ? {} : { requestId: ocppRequestId }),
    });
    if (answer.ok) logger.info('CertificateSigned answered', { chargerId, certificateType, status: answer.result });
    else logger.warn('CertificateSigned refused', { chargerId, certificateType, error: answer.errorDescription });
    return answer.ok ? answer.result : 'NotDelivered';
  } catch (error) {
    // Not connected, or no answer: the charger asks again (2.0.1 A02: after CertSigningWaitMinimum).
    logger.warn('CertificateSigned not delivered', { chargerId, certificateType, error: String(error) });
    return 'NotDelivered';
  }
}

/**
 * Claims a stored CSR by deleting its item on the condition that it is there (one DeleteItem,
 * `ReturnValues: ALL_OLD`): of two runs deleting it at once, the condition lets one through and
 * refuses the other, so only one gets the CSR (a retried batch, a bisected one, a record delivered
 * twice). A plain delete is not enough: DynamoDB Local answered the old item to both of two
 * concurrent deletes.
 * @returns the CSR, or undefined when another run already claimed it
 */
async function claim(db: Db, request: SigningRequest): Promise<SigningRequest | undefined> {
  try {
    const { data } = await db.certificateSigningRequest
      .remove({ chargerId: request.chargerId, requestId: request.requestId })
      .go({ response: 'all_old' });
    return data ?? undefined;
  } catch (error) {
    if (isConditionalCheckFailure(error)) return undefined;
    throw error;
  }
}

/**
 * One stored CSR: claimed, then signed and delivered, or refused; skipped when already claimed.
 * A failure after the claim is not retried (the CSR is gone): the charger asks again (2.0.1 A02,
 * after `CertSigningWaitMinimum`; 1.6 likewise).
 * @throws the claim's error (nothing signed: the record is retried) or a later step's (logged)
 */
async function serve(db: Db, stored: SigningRequest): Promise<void> {
  const request = await claim(db, stored);
  if (!request) {
    logger.info('CSR already served', { chargerId: stored.chargerId, requestId: stored.requestId });
    return;
  }
  const issued = await sign(db, request);
  if (!issued) return;
  const deliveryStatus = await deliver(db, request, issued.chain);
  await recordChargerCertificate(db, {
    chargerId: request.chargerId,
    ...issued.summary,
    ...(request.certificateType ? { certificateType: request.certificateType } : {}),
    caKeyId: issued.caKeyId,
    issuedAt: issued.issuedAt,
    deliveryStatus,
  });
}

/**
 * DynamoDB Streams event source (with `ReportBatchItemFailures`): each new CSR item served, one
 * after another; a record that failed is reported by its sequence number, and Lambda retries from
 * the first one reported. Served twice, a CSR is signed once ({@link claim}).
 */
export async function handler(event: DynamoDBStreamEvent): Promise<DynamoDBBatchResponse & { requests: number }> {
  const db = getDb();
  const requests = tableChangesOf(event).filter(
    (change) => !change.oldImage && change.newImage && CERTIFICATE_SIGNING_ENTITIES.includes(entityOf(change) as never),
  );
  const batchItemFailures: DynamoDBBatchItemFailure[] = [];
  for (const change of requests) {
    const request = change.newImage as unknown as SigningRequest;
    try {
      await serve(db, request);
    } catch (error) {
      logger.error('CSR not served', {
        chargerId: request.chargerId,
        requestId: request.requestId,
        error: String(error),
      });
      if (change.sequenceNumber) batchItemFailures.push({ itemIdentifier: change.sequenceNumber });
    }
  }
  return { requests: requests.length, batchItemFailures };
}
