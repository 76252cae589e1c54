/**
 * OCPP 2.0.1 functional block C, Authorization: Authorize (C01) from the one authorization lookup,
 * and with a contract certificate (C07, Plug & Charge): an idToken of type `eMAID` with
 * `iso15118CertificateHashData` or the contract `certificate` chain is authorized from its access
 * ID (type `eMAID`) and its certificate's OCSP status, both asked at once. The answer's
 * `certificateStatus` is the certificate's (`../certificate-status.ts`); anything but `Accepted`
 * makes the token `Invalid` whatever its access ID says (C07.FR.16 for a revoked one).
 */
import { ocpp201 } from '../handler';
import * as V201 from '../validators/v201';
import { idTagOfToken } from '../../access';
import { authorizeIdTag } from '../../charging';
import { contractAuthorization } from '../certificate-status';

/** OCPP 2.0.1 Authorize handler. */
export const authorization = [
  ocpp201(V201.Authorize, async ({ db, connection }, { idToken, certificate, iso15118CertificateHashData }) => {
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
  }),
];
