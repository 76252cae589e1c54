/**
 * Client certificates for security profile 3 tests: a charger's key and certificate issued by a
 * CA from an openssl-made CSR, and the TLS listener's WebSocket handshake with it.
 */
import { readFileSync } from 'node:fs';
import { RPCClient } from 'ocpp-rpc';
import type { LocalStack } from '../../../lib/local/stack';
import { caIssuer, type IssuedCertificate, type SigningAuthority } from '../../../shared/certificates/authority';
import { checkCsr } from '../../../shared/certificates/csr';
import { DEFAULT_LIFETIME_SETTINGS } from '../../../shared/certificates/lifetime';
import { opensslCsr } from '../../unit/certificates/openssl';
import { handshakeStatus, type OcppProtocol } from './ocpp';

/** A client's key and certificate chain (PEM), and the certificate's serial number in OCPP's form. */
export interface ClientIdentity {
  key: string;
  cert: string;
  serialNumber: string;
}

/**
 * A certificate for `ocppId` (subject `/O=Test Operator/CN=<ocppId>`) issued by `ca` at `issuedAt`
 * from a CSR openssl makes in `dir`, with its private key.
 * @throws Error when the CSR does not pass `checkCsr`
 */
export async function issueClientIdentity(
  dir: string,
  ocppId: string,
  ca: SigningAuthority,
  issuedAt = new Date(),
): Promise<ClientIdentity & { issued: IssuedCertificate }> {
  const { csr, keyFile } = opensslCsr(dir, `/O=Test Operator/CN=${ocppId}`);
  const checked = await checkCsr(csr, { ocppId });
  if (!checked.ok) throw new Error(checked.detail);
  const issued = await caIssuer(ca, DEFAULT_LIFETIME_SETTINGS).issue(checked, issuedAt);
  return {
    key: readFileSync(keyFile, 'utf8'),
    cert: issued.certificateChainPem,
    serialNumber: issued.certificate.serialNumber,
    issued,
  };
}

/** The CA certificate (PEM) a client of the stack's TLS listener trusts. */
export const listenerCaPem = (stack: LocalStack) => stack.tls!.ca.certificate.toString('pem');

/**
 * A strict OCPP client (ocpp-rpc, no reconnect) of the stack's TLS listener as `ocppId`, presenting
 * `client`'s certificate chain and key (PEM): a security profile 3 charger, not connected yet.
 */
export function tlsOcppClient(
  stack: LocalStack,
  ocppId: string,
  client: { cert: string; key: string | Buffer },
  protocol: OcppProtocol = 'ocpp2.0.1',
): RPCClient {
  return new RPCClient({
    endpoint: stack.tls!.ocppUrl,
    identity: ocppId,
    protocols: [protocol],
    strictMode: true,
    reconnect: false,
    wsOpts: { ca: listenerCaPem(stack), cert: client.cert, key: client.key },
  } as unknown as ConstructorParameters<typeof RPCClient>[0]);
}

/** A charger's connection status as stored (strongly consistent read). */
export async function connectionStatusOf(stack: LocalStack, chargerId: number): Promise<string | undefined> {
  const { data } = await stack.db.charger.get({ chargerId }).go({ consistent: true });
  return data?.connectionStatus?.status;
}

/**
 * The status of an OCPP 2.0.1 WebSocket handshake as `ocppId` with the TLS listener (101 accepted,
 * then closed at once; else the refusal's), with `client`'s certificate when given.
 */
export async function tlsHandshake(
  stack: LocalStack,
  ocppId: string,
  options: { client?: ClientIdentity; baseUrl?: string; authorization?: string; headers?: Record<string, string> } = {},
): Promise<number> {
  const { status } = await handshakeStatus(stack, ocppId, {
    protocols: ['ocpp2.0.1'],
    baseUrl: options.baseUrl ?? stack.tls!.ocppUrl,
    tls: {
      ca: listenerCaPem(stack),
      ...(options.client ? { cert: options.client.cert, key: options.client.key } : {}),
    },
    ...(options.authorization ? { authorization: options.authorization } : {}),
    ...(options.headers ? { headers: options.headers } : {}),
  });
  return status;
}
