/**
 * The core operation kinds: reset, unlock a connector, change availability,
 * trigger a message, clear the authorization cache. Their bodies are in `inputs.ts`, their OCPP
 * commands are declared in `shared/ocpp/commands/charger-operations.ts`; what each version takes
 * comes with the charger (`VersionInputs`), so nothing here asks which version a charger speaks.
 */
import { pollUntil, type Db } from '../db';
import { NotTakenByChargerError } from './errors';
import type { OperationInput } from './inputs';
import { EXTENDED_TRIGGER_MESSAGES } from './version-inputs';
import { outcomeOf, type OperationKind, type TargetOutcome } from './kinds';

/** How long a reset that dropped the connection before answering may take to boot again, ms (`OPERATION_RESET_BOOT_WAIT_MS`). */
export function resetBootWaitMs(): number {
  const configured = Number(process.env.OPERATION_RESET_BOOT_WAIT_MS);
  return Number.isFinite(configured) && configured > 0 ? configured : 120_000;
}

/** Whether the charger booted after `after` (ISO 8601 UTC; its `lastBootAt`, our receive time). */
async function bootedAfter(db: Db, chargerId: number, after: string): Promise<string | undefined> {
  const { data } = await db.charger.get({ chargerId }).go({ consistent: true });
  return data?.lastBootAt && data.lastBootAt > after ? data.lastBootAt : undefined;
}

/** Reads {@link bootedAfter} until the charger boots or `waitMs` pass (backing off from 100 ms to 1 s). */
function awaitBoot(db: Db, chargerId: number, after: string, waitMs: number): Promise<string | undefined> {
  return pollUntil(() => bootedAfter(db, chargerId, after), Boolean, {
    waitMs,
    minTimeoutMs: 100,
    maxTimeoutMs: 1_000,
  });
}

/**
 * Reset (1.6 §5.14 `Soft`/`Hard`; 2.0.1 B11/B12 `OnIdle`/`Immediate`, optionally one port as its
 * `evseId`). A charger that resets before its answer arrives (the connection drops, then it boots
 * again within {@link resetBootWaitMs}) is `accepted` with a note; a 2.0.1 `Scheduled` (OnIdle
 * while charging) settles when the charger boots.
 */
export const reset: OperationKind<OperationInput<'reset'>> = {
  action: 'reset',
  check(request, { chargerId, connection: { takes } }) {
    if (!takes.resetTypes.includes(request.type)) {
      throw new NotTakenByChargerError('type', chargerId, `its OCPP version takes ${takes.resetTypes.join(' or ')}`);
    }
    if (request.portId !== undefined && !takes.portReset) {
      throw new NotTakenByChargerError('portId', chargerId, 'its OCPP version resets the whole charger only');
    }
  },
  async perform({ db, commands, request, target }) {
    const sentAt = new Date().toISOString();
    try {
      return outcomeOf(
        await commands.send(target.chargerId, 'Reset', { type: request.type, portNumber: target.portNumber }),
      );
    } catch (error) {
      if (commands.failureOf(error) !== 'notConnected') throw error;
      const bootedAt = await awaitBoot(db, target.chargerId, sentAt, resetBootWaitMs());
      if (!bootedAt) throw error;
      return { status: 'accepted', note: `the connection dropped before an answer; the charger booted at ${bootedAt}` };
    }
  },
  async settle({ db, result }) {
    const bootedAt = result.answeredAt && (await bootedAfter(db, result.chargerId, result.answeredAt));
    return bootedAt ? { status: 'accepted', note: `the charger booted at ${bootedAt}` } : undefined;
  },
};

/** UnlockConnector (1.6 §5.18; 2.0.1 F05): `Unlocked` is accepted; UnlockFailed and the like rejected. */
export const unlockConnector: OperationKind<OperationInput<'unlockConnector'>> = {
  action: 'unlockConnector',
  async perform({ commands, target }) {
    return outcomeOf(await commands.send(target.chargerId, 'UnlockConnector', { portNumber: target.portNumber! }));
  },
};

/** The port statuses that show an availability in effect (1.6 ChargePointStatus, 2.0.1 ConnectorStatusEnumType). */
const inEffect = (operationalStatus: 'Operative' | 'Inoperative', status: string | undefined) =>
  operationalStatus === 'Inoperative' ? status === 'Unavailable' : status !== undefined && status !== 'Unavailable';

/**
 * ChangeAvailability (1.6 §5.2, connectorId 0 for the charger; 2.0.1 G03/G04, `evse` for a port).
 * `Scheduled` (a transaction in progress) is a success that settles when the port's status (every
 * port's, for the charger) shows the change: Unavailable for Inoperative, anything else for Operative.
 */
export const changeAvailability: OperationKind<OperationInput<'changeAvailability'>> = {
  action: 'changeAvailability',
  async perform({ commands, request, target }) {
    return outcomeOf(
      await commands.send(target.chargerId, 'ChangeAvailability', {
        operationalStatus: request.operationalStatus,
        portNumber: target.portNumber,
      }),
    );
  },
  async settle({ db, request, result }) {
    const { data: ports } = await db.port.query.primary({ chargerId: result.chargerId }).go({ pages: 'all' });
    const concerned = ports.filter((p) => result.portNumber === undefined || p.portNumber === result.portNumber);
    const done =
      concerned.length > 0 && concerned.every((p) => inEffect(request.operationalStatus, p.ocppStatus?.status));
    return done
      ? ({ status: 'accepted', note: `the status changed to ${concerned[0]!.ocppStatus!.status}` } as TargetOutcome)
      : undefined;
  },
};

/**
 * TriggerMessage (1.6 §5.17; 2.0.1 F06): only the messages the charger's version defines (400
 * naming `requestedMessage` otherwise); with `portId`, for that connector/EVSE. A 1.6 charger is
 * sent ExtendedTriggerMessage (security extension) for the messages only the extension has
 * (`SignChargePointCertificate`, `LogStatusNotification`): without it, it answers NotSupported or
 * NotImplemented, `notSupported`.
 */
export const triggerMessage: OperationKind<OperationInput<'triggerMessage'>> = {
  action: 'triggerMessage',
  check(request, { chargerId, connection: { takes } }) {
    if (!takes.triggerMessages.includes(request.requestedMessage)) {
      throw new NotTakenByChargerError(
        'requestedMessage',
        chargerId,
        `its OCPP version triggers ${takes.triggerMessages.join(', ')}`,
      );
    }
  },
  async perform({ commands, request, target, charger }) {
    // 1.6 asks for the security extension's messages with its own action; 2.0.1 has one for all.
    const command =
      charger.connection.protocol === 'ocpp1.6' && EXTENDED_TRIGGER_MESSAGES.includes(request.requestedMessage)
        ? 'ExtendedTriggerMessage'
        : 'TriggerMessage';
    return outcomeOf(
      await commands.send(target.chargerId, command, {
        requestedMessage: request.requestedMessage,
        portNumber: target.portNumber,
      }),
    );
  },
};

/** ClearCache (1.6 §5.4; 2.0.1 C11): the charger empties its authorization cache. */
export const clearCache: OperationKind<OperationInput<'clearCache'>> = {
  action: 'clearCache',
  async perform({ commands, target }) {
    return outcomeOf(await commands.send(target.chargerId, 'ClearCache', undefined));
  },
};
