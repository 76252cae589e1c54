/**
 * How a charger's answer to a new Basic-auth password reads (`credentials.ts`), apart from the
 * command's declaration so that `$connect` (`../connection.ts`) can read a stored answer without
 * the command path: 1.6 ChangeConfiguration `AuthorizationKey` answers a ConfigurationStatus, 2.0.1
 * SetVariables `SecurityCtrlr.BasicAuthPassword` a SetVariableStatus for that variable.
 */
import { type ChargerPasswordStatus, confirmsPassword } from '../../charging';
import type { OcppProtocol } from '../../db/entities/common';
import { validatePayload } from '../schemas';
import type * as Ocpp16 from '../types/v16';
import type * as Ocpp201 from '../types/v201';
import * as V16 from '../validators/v16';
import * as V201 from '../validators/v201';

/** The 1.6 configuration key of the Basic-auth password (security whitepaper). */
export const AUTHORIZATION_KEY = 'AuthorizationKey';
/** The 2.0.1 component and variable of the Basic-auth password (A01). */
export const BASIC_AUTH_PASSWORD = { component: 'SecurityCtrlr', variable: 'BasicAuthPassword' } as const;

/** The status of a 1.6 ChangeConfiguration answer. */
export function passwordStatus16(response: Ocpp16.Actions['ChangeConfiguration']['response']): ChargerPasswordStatus {
  return response.status;
}

/** The status a 2.0.1 SetVariables answer gives the password variable (none: Rejected, no confirmation). */
export function passwordStatus201(response: Ocpp201.Actions['SetVariables']['response']): ChargerPasswordStatus {
  return (
    response.setVariableResult.find(
      (r) => r.component.name === BASIC_AUTH_PASSWORD.component && r.variable.name === BASIC_AUTH_PASSWORD.variable,
    )?.attributeStatus ?? 'Rejected'
  );
}

/**
 * Whether a charger's CALLRESULT payload to the password CALL confirms the password, in the OCPP
 * version the CALL was sent in; a payload that breaks the action's schema does not.
 */
export async function answerConfirmsPassword(protocol: OcppProtocol, payload: unknown): Promise<boolean> {
  try {
    if (protocol === 'ocpp1.6') {
      await validatePayload(V16.ChangeConfiguration, 'conf', payload);
      return confirmsPassword(passwordStatus16(payload as Ocpp16.Actions['ChangeConfiguration']['response']));
    }
    await validatePayload(V201.SetVariables, 'conf', payload);
    return confirmsPassword(passwordStatus201(payload as Ocpp201.Actions['SetVariables']['response']));
  } catch {
    return false;
  }
}
