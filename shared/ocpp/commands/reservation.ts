/**
 * Reservation commands (OCPP 1.6 Reservation profile §5.13 ReserveNow, §5.1 CancelReservation;
 * OCPP 2.0.1 functional block H, H01 ReserveNow, H02 CancelReservation), and learning whether a
 * charger supports reservations (1.6 GetConfiguration `SupportedFeatureProfiles` §9.1.29; 2.0.1
 * GetVariables `ReservationCtrlr.Enabled` / `Available`).
 */
import type { ReserveNowInput, ReserveNowStatus } from '../../charging';
import type { IdTokenEnumType } from '../types/v201';
import { defineCommand } from './command';
import { controllerEnabled, controllerVariables, supportsFeatureProfile } from './capability-readings';
import * as V16 from '../validators/v16';
import * as V201 from '../validators/v201';

/**
 * ReserveNow: 1.6 (connectorId, expiryDate, idTag, reservationId, parentIdTag?); 2.0.1 (id,
 * expiryDateTime, idToken, evseId). Result: the charger's status.
 */
export const reserveNow = defineCommand<ReserveNowInput, ReserveNowStatus, 'ReserveNow', 'ReserveNow'>({
  name: 'ReserveNow',
  'ocpp1.6': {
    call: V16.ReserveNow,
    request: (input) => ({
      connectorId: input.portNumber,
      expiryDate: input.expiryDate,
      idTag: input.idTag,
      reservationId: input.reservationId,
      ...(input.parentIdTag ? { parentIdTag: input.parentIdTag } : {}),
    }),
    result: (response) => response.status,
  },
  'ocpp2.0.1': {
    call: V201.ReserveNow,
    request: (input) => ({
      id: input.reservationId,
      expiryDateTime: input.expiryDate,
      idToken: { idToken: input.idTag, type: (input.idTokenType ?? 'Central') as IdTokenEnumType },
      evseId: input.portNumber,
    }),
    result: (response) => response.status,
  },
});

/** CancelReservation (both versions: reservationId). Result: Accepted | Rejected. */
export const cancelReservation = defineCommand<
  { reservationId: number },
  'Accepted' | 'Rejected',
  'CancelReservation',
  'CancelReservation'
>({
  name: 'CancelReservation',
  'ocpp1.6': {
    call: V16.CancelReservation,
    request: ({ reservationId }) => ({ reservationId }),
    result: (r) => r.status,
  },
  'ocpp2.0.1': {
    call: V201.CancelReservation,
    request: ({ reservationId }) => ({ reservationId }),
    result: (r) => r.status,
  },
});

/** Whether the charger supports reservations, as it reports it. */
export const reservationSupport = defineCommand<void, boolean, 'GetConfiguration', 'GetVariables'>({
  name: 'ReservationSupport',
  'ocpp1.6': {
    call: V16.GetConfiguration,
    request: () => ({ key: ['SupportedFeatureProfiles'] }),
    result: (response) => supportsFeatureProfile(response, 'Reservation'),
  },
  'ocpp2.0.1': {
    call: V201.GetVariables,
    request: () => ({ getVariableData: controllerVariables('ReservationCtrlr', ['Enabled', 'Available']) }),
    result: (response) => controllerEnabled(response, 'ReservationCtrlr'),
  },
});
