/**
 * Test support for the security features both OCPP versions share (certificates signed by the CSMS
 * CA, security events): a stack with the chargers' TLS listener, one tenant with one charger of
 * each version connected, another tenant, and the SignCertificate request of each version.
 */
import { join } from 'node:path';
import type { RPCClient } from 'ocpp-rpc';
import type { LocalStack } from '../../../lib/local/stack';
import { temporaryDirectory } from '../../unit/certificates/openssl';
import { checkedApi, type CheckedCall } from './checked-api';
import { connectCharger, type BaseProtocol } from './ocpp';
import { createTenant, startTestStack, uniqueOcppId, type Tenant } from './stack';

/** The versions of the tenant's chargers, in the order of `Tenant.chargers`. */
export const PROTOCOLS = ['ocpp1.6', 'ocpp2.0.1'] as const;

/**
 * The SignCertificateRequest a charger of `protocol` sends with `csr` (PEM): 1.6 (Security
 * Whitepaper) `{ csr }`; 2.0.1 (A02) also names `certificateType` ChargingStationCertificate.
 */
export function signCertificateRequest(protocol: BaseProtocol, csr: string) {
  return protocol === 'ocpp1.6' ? { csr } : { csr, certificateType: 'ChargingStationCertificate' };
}

/** What {@link startSecurityChargers} started. */
export interface SecurityChargers {
  /** The stack, with the chargers' TLS listener (its data in `dir/data`). */
  readonly stack: LocalStack;
  /** The tenant: a Level 2 charger (J1772) of each of {@link PROTOCOLS}, in that order, named by it. */
  readonly tenant: Tenant;
  /** Another organization, with one charger of its own (never connected). */
  readonly other: Tenant;
  /** A temporary directory for the test's files (CSRs, keys), deleted by `close`. */
  readonly dir: string;
  /** The tenant's chargers' strict clients, connected. */
  readonly clients: Record<BaseProtocol, RPCClient>;
  /** Calls the API under the tenant's key, checked against the OpenAPI document. */
  readonly call: CheckedCall;
  /** Closes the clients (a closed one again is harmless) and the stack, and deletes `dir`. */
  close(): Promise<void>;
}

/**
 * Starts the stack and connects the chargers (for `beforeAll`).
 * @param options.idPrefix start of the OCPP identities (`{idPrefix}16-…`, `{idPrefix}201-…`, the other tenant's `{idPrefix}X-…`)
 * @param options.alerts raise the stream-raised alerts, as `npm start` does @default false
 * @param options.handlers registers a charger's CALL handlers before it connects
 */
export async function startSecurityChargers(options: {
  idPrefix: string;
  alerts?: boolean;
  handlers?: (protocol: BaseProtocol, client: RPCClient) => void;
}): Promise<SecurityChargers> {
  const { dir, remove } = temporaryDirectory();
  const clients = {} as Record<BaseProtocol, RPCClient>;
  let stack: LocalStack | undefined;
  const close = async () => {
    for (const client of Object.values(clients)) await client.close({ force: true });
    await stack?.close();
    remove();
  };
  try {
    stack = await startTestStack({
      ...(options.alerts ? { alerts: true } : {}),
      tls: { dataDir: join(dir, 'data'), port: 0 },
    });
    const tenant = await createTenant(
      stack,
      PROTOCOLS.map((protocol) => ({
        ocppId: uniqueOcppId(`${options.idPrefix}${protocol === 'ocpp1.6' ? '16' : '201'}`),
        name: protocol,
        type: 'Level 2' as const,
        ports: [{ connectorType: 'J1772' as const }],
      })),
    );
    const other = await createTenant(stack, [
      { ocppId: uniqueOcppId(`${options.idPrefix}X`), name: 'x', type: 'Level 2', ports: [{ connectorType: 'J1772' }] },
    ]);
    for (const [i, protocol] of PROTOCOLS.entries()) {
      clients[protocol] = await connectCharger(stack, tenant.chargers[i]!.ocppId!, protocol, undefined, (c) =>
        options.handlers?.(protocol, c),
      );
    }
    const call = await checkedApi(stack, () => tenant.apiKey);
    return { stack, tenant, other, dir, clients, call, close };
  } catch (error) {
    await close();
    throw error;
  }
}
