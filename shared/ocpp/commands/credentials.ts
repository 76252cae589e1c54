/**
 * Charger credentials: setting a charger's HTTP Basic-auth password over OCPP (security profiles
 * 1 and 2). OCPP 1.6 security whitepaper (edition 3, §3.1): ChangeConfiguration of the key
 * `AuthorizationKey`, whose value is the password's bytes in hexadecimal; OCPP 2.0.1 A01 (Update
 * Charging Station Password for HTTP Basic Authentication): SetVariables of
 * `SecurityCtrlr.BasicAuthPassword`. The charger confirms with `Accepted` (or `RebootRequired`)
 * and connects with the new password from then on (it reconnects with it).
 */
import {
  confirmsPassword,
  type ChargerPasswordStatus,
  type CredentialsCommandName,
} from '../../charging/charger-commands';
import type { OcppProtocol } from '../../db/entities/common';
import type { CommandSet } from './charger-commands';
import { defineCommand } from './command';
import { validatePayload } from '../schemas';
import * as V16 from '../validators/v16';
import * as V201 from '../validators/v201';

/** The 1.6 configuration key of the Basic-auth password (security whitepaper). */
export const AUTHORIZATION_KEY = 'AuthorizationKey';
/** The 2.0.1 component and variable of the Basic-auth password (A01). */
export const BASIC_AUTH_PASSWORD = { component: 'SecurityCtrlr', variable: 'BasicAuthPassword' } as const;

/** A password as 1.6's `AuthorizationKey` carries it: its UTF-8 bytes in hexadecimal (security whitepaper). */
export function authorizationKeyOf(password: string): string {
  return Buffer.from(password, 'utf8').toString('hex');
}

/** SetChargerPassword: 1.6 ChangeConfiguration `AuthorizationKey`; 2.0.1 SetVariables `SecurityCtrlr.BasicAuthPassword`. */
export const setChargerPassword = defineCommand<
  { password: string },
  ChargerPasswordStatus,
  'ChangeConfiguration',
  'SetVariables'
>({
  name: 'SetChargerPassword',
  'ocpp1.6': {
    call: V16.ChangeConfiguration,
    request: ({ password }) => ({ key: AUTHORIZATION_KEY, value: authorizationKeyOf(password) }),
    result: (response) => response.status,
  },
  'ocpp2.0.1': {
    call: V201.SetVariables,
    request: ({ password }) => ({
      setVariableData: [
        {
          component: { name: BASIC_AUTH_PASSWORD.component },
          variable: { name: BASIC_AUTH_PASSWORD.variable },
          attributeValue: password,
        },
      ],
    }),
    // The one variable set: its status (an answer about another variable is no confirmation).
    result: (response) =>
      response.setVariableResult.find(
        (r) => r.component.name === BASIC_AUTH_PASSWORD.component && r.variable.name === BASIC_AUTH_PASSWORD.variable,
      )?.attributeStatus ?? 'Rejected',
  },
});

/** The credentials commands: what the HTTP function of charger passwords wires into `ocppChargerCommands`. */
export const CREDENTIALS_COMMANDS: CommandSet<CredentialsCommandName> = { SetChargerPassword: setChargerPassword };

/**
 * Whether a charger's CALLRESULT payload to {@link setChargerPassword} confirms the password, in
 * the OCPP version the CALL was sent in; a payload that breaks the action's schema does not.
 */
export function answerConfirmsPassword(protocol: OcppProtocol, payload: unknown): boolean {
  const mapping = setChargerPassword[protocol];
  try {
    validatePayload(mapping.call, 'conf', payload);
  } catch {
    return false;
  }
  return confirmsPassword(mapping.result(payload as never));
}
