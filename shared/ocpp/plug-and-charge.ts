/**
 * Plug & Charge's charger CALLs in both versions (docs/certificates.md "Plug & Charge over OCPP"):
 * OCPP 2.0.1 `Authorize` with a contract certificate (C07), and the 1.6 mapping of the OCA
 * whitepaper "Using ISO 15118 Plug & Charge with OCPP 1.6": a `DataTransfer` with vendorId
 * `org.openchargealliance.iso15118pnc` whose `messageId` is `Authorize`, `GetCertificateStatus` or
 * `Get15118EVCertificate` and whose `data` is that 2.0.1 request as a JSON string, answered with
 * `Accepted` and the 2.0.1 response as a JSON string in `data`. Both versions reach the same code
 * (`./certificate-status.ts`: the certificate status function).
 */
import type { OcppContext } from './handler';
import { validatePayload } from './schemas';
import type * as Ocpp16 from './types/v16';
import type * as Ocpp201 from './types/v201';
import * as V201 from './validators/v201';
import { idTagOfToken } from '../access';
import { authorizeIdTag } from '../charging';
import { answerGet15118EvCertificate, answerGetCertificateStatus, contractAuthorization } from './certificate-status';

/** The vendorId of the 1.6 whitepaper's Plug & Charge messages. */
export const PNC_VENDOR_ID = 'org.openchargealliance.iso15118pnc';

/**
 * 2.0.1 Authorize (C01, and C07 for a contract): the idToken from the access IDs; an `eMAID`
 * token with `iso15118CertificateHashData` or the contract `certificate` also has its certificate
 * checked (both asked at once). `certificateStatus` is the certificate's; anything but `Accepted`
 * makes the token `Invalid` whatever its access ID says (C07.FR.16 for a revoked one).
 */
export async function answerAuthorize(
  { db, connection }: Pick<OcppContext, 'db' | 'connection'>,
  { idToken, certificate, iso15118CertificateHashData }: Ocpp201.AuthorizeRequest,
): Promise<Ocpp201.AuthorizeResponse> {
  const contract =
    idToken.type === 'eMAID' && (certificate !== undefined || iso15118CertificateHashData !== undefined)
      ? contractAuthorization({
          emaid: idToken.idToken,
          ...(certificate !== undefined ? { certificate } : {}),
          ...(iso15118CertificateHashData ? { iso15118CertificateHashData } : {}),
        })
      : undefined;
  const [tag, checked] = await Promise.all([authorizeIdTag(db, connection, idTagOfToken(idToken)), contract]);
  if (!checked) return { idTokenInfo: { status: tag.status } };
  const status = checked.certificateStatus === 'Accepted' ? tag.status : 'Invalid';
  return { idTokenInfo: { status }, certificateStatus: checked.certificateStatus };
}

/** The whitepaper's messages: the 2.0.1 action's validators and what answers it. */
const PNC_MESSAGES: Record<
  string,
  {
    validators: Parameters<typeof validatePayload>[0];
    answer: (context: OcppContext, request: never) => Promise<object>;
  }
> = {
  Authorize: { validators: V201.Authorize, answer: answerAuthorize },
  GetCertificateStatus: {
    validators: V201.GetCertificateStatus,
    answer: async (_context, request: Ocpp201.GetCertificateStatusRequest) =>
      answerGetCertificateStatus(request.ocspRequestData, 'ocpp1.6'),
  },
  Get15118EVCertificate: {
    validators: V201.Get15118EVCertificate,
    answer: async (_context, { iso15118SchemaVersion, action, exiRequest }: Ocpp201.Get15118EVCertificateRequest) =>
      answerGet15118EvCertificate({ iso15118SchemaVersion, action, exiRequest }),
  },
};

/**
 * A 1.6 DataTransfer of the Plug & Charge vendorId (module doc): `UnknownMessageId` for another
 * messageId; `Rejected` when `data` is not the 2.0.1 request as JSON (not JSON, or not valid against
 * the action's official schema), nothing asked; else `Accepted` with the 2.0.1 response as JSON.
 */
export async function answerPlugAndChargeDataTransfer(
  context: OcppContext,
  { messageId, data }: Ocpp16.DataTransferRequest,
): Promise<Ocpp16.DataTransferResponse> {
  const message =
    messageId !== undefined && Object.hasOwn(PNC_MESSAGES, messageId) ? PNC_MESSAGES[messageId] : undefined;
  if (!message) return { status: 'UnknownMessageId' };
  let request: unknown;
  try {
    request = JSON.parse(data ?? '');
    await validatePayload(message.validators, 'req', request);
  } catch {
    return { status: 'Rejected' };
  }
  return { status: 'Accepted', data: JSON.stringify(await message.answer(context, request as never)) };
}
