/**
 * Charger credentials: setting a charger's HTTP Basic-auth password over OCPP (security profiles
 * 1 and 2). OCPP 1.6 security whitepaper (security profiles): ChangeConfiguration of the key
 * `AuthorizationKey`, whose value is the password's bytes in hexadecimal; OCPP 2.0.1 A01 (Update
 * Charging Station Password for HTTP Basic Authentication): SetVariables of
 * `SecurityCtrlr.BasicAuthPassword`. The charger confirms with `Accepted` (or `RebootRequired`)
 * and connects with the new password from then on (it reconnects with it).
 */
import type { ChargerPasswordStatus, CredentialsCommandCatalog } from '../../charging';
import type { CommandSet } from './charger-commands';
import { defineCommand } from './command';
import { AUTHORIZATION_KEY, BASIC_AUTH_PASSWORD, passwordStatus16, passwordStatus201 } from './password-answer';
import * as V16 from '../validators/v16';
import * as V201 from '../validators/v201';

/** A password as 1.6's `AuthorizationKey` carries it: its UTF-8 bytes in hexadecimal (security whitepaper). */
function authorizationKeyOf(password: string): string {
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
    result: passwordStatus16,
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
    result: passwordStatus201,
  },
});

/** The credentials commands: what the HTTP function of charger passwords wires into `ocppChargerCommands`. */
export const CREDENTIALS_COMMANDS: CommandSet<CredentialsCommandCatalog> = { SetChargerPassword: setChargerPassword };
