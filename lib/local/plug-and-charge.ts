/**
 * Plug & Charge on the local stack (docs/certificates.md "The test PKI"): the V2G test PKI, its
 * OCSP responder on 127.0.0.1, and the certificate status function configured with them, as a
 * roaming hub's PKI, its responders and a contract certificate provider would be on AWS:
 * `PNC_TRUST_ANCHORS` is the V2G and MO roots, `OCSP_TRUSTED_RESPONDERS` the responder's origin
 * (on 127.0.0.1, which the OCSP client otherwise refuses), and the test PKI's provider answers
 * `Get15118EVCertificate`.
 */
import { join } from 'node:path';
import {
  type ContractCertificateProvider,
  generateV2gTestPki,
  loadOrCreateV2gTestPki,
  testPkiContractProvider,
  toPemChain,
  useContractCertificateProvider,
  type V2gTestPki,
} from '../../shared/certificates';
import { PLUG_AND_CHARGE_ENV } from '../../shared/ocpp/certificate-status';
import { type LocalOcspResponder, startLocalOcspResponder } from './ocsp-responder';

/** Plug & Charge's local parts. */
export interface LocalPlugAndCharge {
  pki: V2gTestPki;
  responder: LocalOcspResponder;
  /** The contract certificate provider `Get15118EVCertificate` reaches (its `issued` lists what it issued). */
  provider: ContractCertificateProvider & { issued: { contract: { emaid: string } }[] };
  close(): Promise<void>;
}

/**
 * Starts the responder and makes the PKI (kept in `<dataDir>/certificates/v2g-test-pki/` when
 * `dataDir` is given, else in memory; made again when the responder's URL changed), and configures
 * the certificate status function with them.
 * @param options.emaids the eMAIDs the test provider issues contract certificates for, in turn
 */
export async function startLocalPlugAndCharge(options: {
  dataDir?: string;
  port?: number;
  emaids?: readonly string[];
}): Promise<LocalPlugAndCharge> {
  let pki: V2gTestPki | undefined;
  // The responder first: the PKI's certificates carry its URL (a fixed port keeps a stored PKI valid).
  const responder = await startLocalOcspResponder(() => pki, { port: options.port ?? 0 });
  const pkiOptions = { ocspUrl: responder.url };
  pki = options.dataDir
    ? await loadOrCreateV2gTestPki(join(options.dataDir, 'certificates', 'v2g-test-pki'), pkiOptions)
    : await generateV2gTestPki(pkiOptions);
  const provider = testPkiContractProvider(pki, options.emaids);
  process.env[PLUG_AND_CHARGE_ENV.trustAnchors] = toPemChain([pki.v2gRoot.certificate, pki.moRoot.certificate]);
  // The responder is on 127.0.0.1, an address the OCSP client asks only when the deployment says so.
  process.env[PLUG_AND_CHARGE_ENV.trustedResponders] = new URL(responder.url).origin;
  useContractCertificateProvider(provider);
  return {
    pki,
    responder,
    provider,
    async close() {
      useContractCertificateProvider(undefined);
      delete process.env[PLUG_AND_CHARGE_ENV.trustAnchors];
      delete process.env[PLUG_AND_CHARGE_ENV.trustedResponders];
      await responder.close();
    },
  };
}
