/**
 * Every OCPP 2.1 action a charging station may send to this CSMS: the 2.0.1 handlers, each
 * declared for 2.1 by the action's 2.1 validators (docs/ocpp.md, "OCPP 2.1"). The dispatcher
 * validates a 2.1 frame against 2.1's schema, the payload is mapped onto what the 2.0.1 handler
 * reads ({@link toOcpp201Request}), and the handler's response, a 2.0.1 one, is validated against
 * 2.1's response schema before it is sent: every 2.0.1 response the handlers give is a valid 2.1
 * one (2.1 only adds optional fields and values to them). The 2.1-only actions (V2X, DER control,
 * aFRR, battery swap, periodic event streams, tariffs and cost sent by the charger…) have no
 * handler: the dispatcher answers them `NotSupported`. A 2.1-only action the product answers has a
 * handler of its own ({@link ocpp21Only}), and so has a 2.0.1 action whose 2.1 fields the CSMS
 * reads ({@link ocpp21Overrides}).
 */
import { answerSignCertificate } from '../certificate-signing';
import { answerGetCertificateChainStatus } from '../certificate-status';
import { HandlerRegistry, type OcppHandler, ocpp21 } from '../handler';
import type { ActionValidators } from '../schemas';
import type * as Ocpp21 from '../types/v21';
import * as V21 from '../validators/v21';
import { ocpp201Registry } from '../v201';
import { toOcpp201Request } from './payloads';

const V21_ACTIONS = V21 as unknown as Readonly<Record<string, ActionValidators<'ocpp2.1'> | undefined>>;

/**
 * The 2.1 handler of a 2.0.1 handler's action.
 * @throws Error at start-up when OCPP 2.1 has no such action
 */
function adapt(handler: OcppHandler): OcppHandler<'ocpp2.1'> {
  const validators = Object.hasOwn(V21_ACTIONS, handler.action) ? V21_ACTIONS[handler.action] : undefined;
  if (!validators) throw new Error(`OCPP 2.1 has no ${handler.action}`);
  return {
    protocol: 'ocpp2.1',
    action: handler.action,
    validators,
    handle: (context, payload) => handler.handle(context, toOcpp201Request(handler.action, payload) as never),
  };
}

/**
 * The 2.0.1 actions whose 2.1 request carries what the 2.0.1 handler would drop, each with a 2.1
 * handler of its own: SignCertificate (A02/A03), whose 2.1 `requestId` is stored and sent back in
 * CertificateSigned, and whose `V2G20Certificate` use is refused like `V2GCertificate`
 * (`../certificate-signing.ts`). Its `hashRootCertificate` (the root the charger wants its
 * certificate under) is not read: the CSMS CA is the only issuer.
 */
const ocpp21Overrides = [
  ocpp21(V21.SignCertificate, async ({ db, connection, receivedAt }, { csr, certificateType, requestId }) => ({
    status: await answerSignCertificate(db, connection, {
      csr,
      receivedAt,
      ...(certificateType ? { certificateType } : {}),
      ...(requestId === undefined ? {} : { requestId }),
    }),
  })),
];

/**
 * The 2.1-only actions answered: GetCertificateChainStatus (M06, 2.1's OCSP check of a certificate
 * chain), through the code that answers 2.0.1's GetCertificateStatus (`../certificate-status.ts`).
 */
export const ocpp21Only = [
  ocpp21(
    V21.GetCertificateChainStatus,
    // One status per request: as many as the schema let in (1 to 4), which the tuple type spells out.
    async (_context, { certificateStatusRequests }) =>
      (await answerGetCertificateChainStatus(certificateStatusRequests)) as Ocpp21.GetCertificateChainStatusResponse,
  ),
];

const OWN = new Set<string>(ocpp21Overrides.map((handler) => handler.action));

/**
 * The OCPP 2.1 handler registry: every 2.0.1 handler's action, adapted (but those with a 2.1
 * handler of their own), and the 2.1-only ones.
 */
export const ocpp21Registry = new HandlerRegistry('ocpp2.1', [
  ...ocpp201Registry
    .actions()
    .filter((action) => !OWN.has(action))
    .map((action) => adapt(ocpp201Registry.get(action)!)),
  ...ocpp21Overrides,
  ...ocpp21Only,
]);
