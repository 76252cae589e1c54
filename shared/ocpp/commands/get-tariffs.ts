/**
 * GetTariffs (OCPP 2.1 I12): the tariffs a station holds, on every EVSE (`evseId` 0), each with its
 * kind (`DefaultTariff`, `DriverTariff`), EVSEs and idTokens. Only 2.1 has it: a 1.6 or 2.0.1
 * charger answers NotSupported without a CALL. The charger operation `getTariffs` sends it
 * (`shared/charger-operations/tariffs-kind.ts`).
 */
import type { ChargerOperationCommandCatalog } from '../../charger-operations';
import { defineCommand21 } from './command';
import * as V21 from '../validators/v21';

/** GetTariffs (2.1 I12): `{ evseId: 0 }`, answered `{ status, tariffAssignments? }`. */
export const getTariffs = defineCommand21<
  ChargerOperationCommandCatalog['GetTariffs']['input'],
  ChargerOperationCommandCatalog['GetTariffs']['result'],
  'GetTariffs'
>({
  name: 'GetTariffs',
  'ocpp2.1': {
    call: V21.GetTariffs,
    request: () => ({ evseId: 0 }),
    result: (response) => ({
      ocppStatus: response.status,
      tariffAssignments: (response.tariffAssignments ?? []) as unknown as Record<string, unknown>[],
      answer: response as unknown as Record<string, unknown>,
    }),
  },
});
