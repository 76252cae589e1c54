/**
 * OCPP 1.6-J adapter of the simulator: the Core, Reservation, SmartCharging, RemoteTrigger,
 * LocalAuthListManagement and FirmwareManagement messages a charge point sends and answers, one
 * module per feature profile.
 *
 * @module
 */
import type { MeterSample, Session } from '../charge-point';
import type {
  AuthorizationResult,
  CommandTable,
  ProtocolAdapter,
  StartRequest,
  StationApi,
  StopReason,
} from '../protocol';
import { isoNow } from '../protocol';
import { configurationCommands } from './configuration';
import { coreCommands } from './core';
import { managementCommands } from './management';
import { firmwareUpdateCommands } from './firmware';
import { createMessages, meterValue, type Context16 } from './messages';
import { reservationCommands } from './reservation';
import { smartChargingCommands } from './smart-charging';

/** The integer transaction id the CSMS assigned in the StartTransaction answer. */
function transactionIdOf(session: Session): number {
  if (typeof session.transactionId !== 'number') throw new Error('the transaction has no id from the CSMS yet');
  return session.transactionId;
}

/** Authorize, StartTransaction, MeterValues and StopTransaction. */
function transactionMessages({
  messages: { call },
}: Context16): Pick<ProtocolAdapter, 'authorize' | 'startTransaction' | 'meterValues' | 'stopTransaction'> {
  return {
    authorize: async (request: StartRequest): Promise<AuthorizationResult> => {
      const conf = await call('Authorize', { idTag: request.idTag });
      return { accepted: conf.idTagInfo.status === 'Accepted', status: conf.idTagInfo.status };
    },

    startTransaction: async (connectorId: number, session: Session): Promise<AuthorizationResult> => {
      const conf = await call('StartTransaction', {
        connectorId,
        idTag: session.idTag,
        meterStart: session.meterStartWh,
        ...(session.reservationId === undefined ? {} : { reservationId: session.reservationId }),
        timestamp: isoNow(session.startedAt),
      });
      session.transactionId = conf.transactionId;
      return { accepted: conf.idTagInfo.status === 'Accepted', status: conf.idTagInfo.status };
    },

    meterValues: async (connectorId: number, session: Session, sample: MeterSample) => {
      await call('MeterValues', {
        connectorId,
        transactionId: transactionIdOf(session),
        meterValue: [meterValue(sample, 'Sample.Periodic')],
      });
    },

    stopTransaction: async (_connectorId: number, session: Session, sample: MeterSample, reason: StopReason) => {
      await call('StopTransaction', {
        transactionId: transactionIdOf(session),
        // A remote stop has no idTag: the CSMS asked, not a user (1.6 §6.49).
        ...(reason === 'Remote' ? {} : { idTag: session.idTag }),
        meterStop: sample.energyWh,
        timestamp: isoNow(sample.timestamp),
        reason,
        transactionData: [meterValue(sample, 'Transaction.End')],
      });
    },
  };
}

/**
 * Creates the OCPP 1.6 adapter.
 *
 * Session flow: StatusNotification Preparing → Authorize → StartTransaction (transactionId from
 * the reply) → StatusNotification Charging → MeterValues every interval → StopTransaction (with
 * the last sample as `transactionData`) → StatusNotification Finishing → Available.
 */
export function createOcpp16Adapter(station: StationApi): ProtocolAdapter {
  const messages = createMessages(station);
  const context: Context16 = { station, messages };
  const commands = {
    ...coreCommands(context),
    ...configurationCommands(station),
    ...reservationCommands(context),
    ...smartChargingCommands(context),
    ...managementCommands(context),
    ...firmwareUpdateCommands(context),
  };
  return {
    protocol: 'ocpp1.6',
    commands: commands as CommandTable,
    bootNotification: () => messages.bootNotification(),
    allStatuses: () => messages.allStatuses(),
    statusChanged: async (connectorId) => void (await messages.statusNotification(connectorId)),
    heartbeat: async () => void (await messages.call('Heartbeat', {})),
    ...transactionMessages(context),
    // OCPP 1.6 has no message for an expired reservation: the connector just becomes Available.
    reservationExpired: async () => undefined,
  };
}
