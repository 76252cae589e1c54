import { describe, expect, it } from 'vitest';
import { runAutoSession, startSimulator, type Simulator } from '../../../lib/simulator';
import type { BaseProtocol } from '../../../shared/db/entities/common';
import { BLOCKED_ID_TAG, TRANSACTION_ID, type RecordedCall } from './fake-csms';
import { eventually, useFakeCsms } from './helpers';

/** Simulators against the fake CSMS with fast meter values (0.05 s, one hour per second). */
const fake = useFakeCsms('CP', { speed: 3600 });
const { logs, simulate } = fake;

const callsOf = (sim: Simulator): RecordedCall[] => fake.csms.callsOf(sim.ocppId);
const actionsOf = (sim: Simulator, action: string): RecordedCall[] =>
  callsOf(sim).filter((call) => call.action === action);
/** Action names in order, runs of the same periodic action collapsed into one. */
const sequenceOf = (sim: Simulator, periodic: (call: RecordedCall) => boolean): string[] =>
  callsOf(sim).reduce<{ names: string[]; last?: RecordedCall }>(
    (acc, call) => {
      const name = call.action === 'TransactionEvent' ? `TransactionEvent ${call.payload.eventType}` : call.action;
      const repeated = acc.last && periodic(call) && periodic(acc.last);
      return { names: repeated ? acc.names : [...acc.names, name], last: call };
    },
    { names: [] },
  ).names;
const statusesOf = (sim: Simulator): string[] =>
  actionsOf(sim, 'StatusNotification').map((call) => call.payload.status ?? call.payload.connectorStatus);
/** Server → charge point call. */
const command = (sim: Simulator, action: string, payload: object, options?: object): Promise<unknown> =>
  fake.csms.client(sim.ocppId).call(action, payload, options);
const inMinutes = (minutes: number): string => new Date(Date.now() + minutes * 60_000).toISOString();
const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
type Sampled = {
  measurand: string;
  value: string | number;
  context?: string;
  phase?: string;
  location?: string;
  unit?: string;
  unitOfMeasure?: { unit: string };
};
const energyOf = (meterValue: { sampledValue: Sampled[] }[]): number =>
  Number(meterValue[0]?.sampledValue.find((s) => s.measurand === 'Energy.Active.Import.Register')?.value);

describe('boot', () => {
  it('OCPP 1.6: sends BootNotification, then StatusNotification Available for connectors 0..N', async () => {
    const sim = await simulate('ocpp1.6', { connectors: 2 });

    await eventually(() => expect(actionsOf(sim, 'StatusNotification')).toHaveLength(3));
    expect(sequenceOf(sim, () => false)).toEqual([
      'BootNotification',
      'StatusNotification',
      'StatusNotification',
      'StatusNotification',
    ]);
    expect(actionsOf(sim, 'BootNotification')[0]?.payload).toMatchObject({
      chargePointVendor: expect.any(String),
      chargePointModel: expect.any(String),
      chargePointSerialNumber: expect.any(String),
      firmwareVersion: expect.any(String),
    });
    expect(actionsOf(sim, 'StatusNotification').map((call) => call.payload)).toEqual(
      [0, 1, 2].map((connectorId) => ({
        connectorId,
        errorCode: 'NoError',
        status: 'Available',
        timestamp: expect.stringMatching(ISO_UTC),
      })),
    );
    expect(sim.protocol).toBe('ocpp1.6');
  });

  it('OCPP 2.0.1: sends BootNotification PowerUp, then StatusNotification Available for EVSEs 1..N', async () => {
    const sim = await simulate('ocpp2.0.1', { connectors: 2 });

    await eventually(() => expect(actionsOf(sim, 'StatusNotification')).toHaveLength(2));
    expect(actionsOf(sim, 'BootNotification')[0]?.payload).toEqual({
      reason: 'PowerUp',
      chargingStation: {
        model: 'Simulator',
        vendorName: 'ChargingNetwork',
        serialNumber: `SIM-${sim.ocppId}`,
        firmwareVersion: '1.0.0',
      },
    });
    expect(actionsOf(sim, 'StatusNotification').map((call) => call.payload)).toEqual(
      [1, 2].map((evseId) => ({
        evseId,
        connectorId: 1,
        connectorStatus: 'Available',
        timestamp: expect.stringMatching(ISO_UTC),
      })),
    );
  });

  it('presents the password with HTTP Basic auth, the identity being the username', async () => {
    const withPassword = await simulate('ocpp1.6', { password: 's3cret:with:colons' });
    const without = await simulate('ocpp2.0.1');

    expect(fake.csms.passwords.get(withPassword.ocppId)).toBe('s3cret:with:colons');
    expect(fake.csms.passwords.get(without.ocppId)).toBeUndefined();
  });

  it('rejects when the CSMS cannot be reached, naming the URL and port it tried and how to change them', async () => {
    const refused = startSimulator({ ocppId: 'CP-nowhere', protocol: 'ocpp1.6', url: 'ws://127.0.0.1:1/ocpp' });
    await expect(refused).rejects.toThrow(/^cannot connect to ws:\/\/127\.0\.0\.1:1\/ocpp\/CP-nowhere: .*ECONNREFUSED/);
    await expect(refused).rejects.toThrow(/nothing listens on port 1 .*npm start.*--url ws:\/\/localhost:<port>\/ocpp/);
  });
});

describe('OCPP 1.6 sessions', () => {
  it('runs a full auto session: Preparing, Authorize, StartTransaction, Charging, MeterValues, StopTransaction, Finishing, Available', async () => {
    const sim = await simulate('ocpp1.6');

    // 1 s at 7.2 kW: 2 Wh on the register, whatever the speed (energy is power over real time).
    await runAutoSession(sim, { durationSeconds: 1 });

    expect(sequenceOf(sim, (call) => call.action === 'MeterValues')).toEqual([
      'BootNotification',
      'StatusNotification',
      'StatusNotification',
      'StatusNotification',
      'Authorize',
      'StartTransaction',
      'StatusNotification',
      'MeterValues',
      'StopTransaction',
      'StatusNotification',
      'StatusNotification',
    ]);
    expect(statusesOf(sim)).toEqual(['Available', 'Available', 'Preparing', 'Charging', 'Finishing', 'Available']);
    expect(actionsOf(sim, 'Authorize')[0]?.payload).toEqual({ idTag: 'SIM-TAG-1' });

    const start = actionsOf(sim, 'StartTransaction')[0]?.payload;
    expect(start).toEqual({
      connectorId: 1,
      idTag: 'SIM-TAG-1',
      meterStart: expect.any(Number),
      timestamp: expect.stringMatching(ISO_UTC),
    });
    expect(Number.isInteger(start.meterStart)).toBe(true);

    const meterValues = actionsOf(sim, 'MeterValues').map((call) => call.payload);
    expect(meterValues.length).toBeGreaterThanOrEqual(2);
    expect(meterValues[0]).toMatchObject({ connectorId: 1, transactionId: TRANSACTION_ID });
    const sampled: Sampled[] = meterValues[0].meterValue[0].sampledValue;
    expect(sampled.map((s) => [s.measurand, s.unit, s.phase])).toEqual([
      ['Energy.Active.Import.Register', 'Wh', undefined],
      ['Power.Active.Import', 'W', undefined],
      ['Current.Import', 'A', 'L1'],
      ['Current.Import', 'A', 'L2'],
      ['Current.Import', 'A', 'L3'],
      ['Voltage', 'V', undefined],
      ['SoC', 'Percent', undefined],
    ]);
    expect(sampled.every((s) => s.context === 'Sample.Periodic' && typeof s.value === 'string')).toBe(true);
    expect(sampled.find((s) => s.measurand === 'SoC')?.location).toBe('EV');
    expect(sampled.find((s) => s.measurand === 'Power.Active.Import')?.value).toBe('7200');
    const energies = meterValues.map((payload) => energyOf(payload.meterValue));
    expect(energies.every((energy, index) => index === 0 || energy >= (energies[index - 1] ?? Infinity))).toBe(true);
    expect(energies.at(-1)).toBeGreaterThan(start.meterStart);

    const stop = actionsOf(sim, 'StopTransaction')[0]?.payload;
    expect(stop).toMatchObject({
      transactionId: TRANSACTION_ID,
      idTag: 'SIM-TAG-1',
      reason: 'Local',
      timestamp: expect.stringMatching(ISO_UTC),
    });
    expect(stop.meterStop).toBeGreaterThanOrEqual(energies.at(-1) ?? Infinity);
    expect(energyOf(stop.transactionData)).toBe(stop.meterStop);
    expect(sim.chargePoint.connector(1)).toMatchObject({ status: 'Available', session: undefined });
  });

  it('reports one current on a DC charger and 50–150 kW', async () => {
    const sim = await simulate('ocpp1.6', { currentType: 'DC' });

    await sim.plugInAndStart();
    const meterValue = (await eventually(() => {
      const [first] = actionsOf(sim, 'MeterValues');
      expect(first).toBeDefined();
      return first?.payload.meterValue;
    })) as { sampledValue: Sampled[] }[];
    await sim.stop();

    const sampled = meterValue[0]?.sampledValue ?? [];
    expect(sampled.filter((s) => s.measurand === 'Current.Import')).toEqual([
      expect.not.objectContaining({ phase: expect.anything() }),
    ]);
    const powerW = Number(sampled.find((s) => s.measurand === 'Power.Active.Import')?.value);
    expect(powerW).toBeGreaterThanOrEqual(50_000);
    expect(powerW).toBeLessThanOrEqual(150_000);
  });

  it('RemoteStartTransaction is Accepted, then a session runs with the remote idTag until RemoteStopTransaction', async () => {
    const sim = await simulate('ocpp1.6', { connectors: 2 });

    await expect(command(sim, 'RemoteStartTransaction', { connectorId: 2, idTag: 'REMOTE-1' })).resolves.toEqual({
      status: 'Accepted',
    });
    await eventually(() => expect(statusesOf(sim).at(-1)).toBe('Charging'));
    expect(actionsOf(sim, 'Authorize')[0]?.payload).toEqual({ idTag: 'REMOTE-1' });
    expect(actionsOf(sim, 'StartTransaction')[0]?.payload).toMatchObject({ connectorId: 2, idTag: 'REMOTE-1' });
    await eventually(() => expect(actionsOf(sim, 'MeterValues').length).toBeGreaterThanOrEqual(2));

    await expect(command(sim, 'RemoteStopTransaction', { transactionId: TRANSACTION_ID })).resolves.toEqual({
      status: 'Accepted',
    });
    await eventually(() => expect(statusesOf(sim).at(-1)).toBe('Available'));
    const stop = actionsOf(sim, 'StopTransaction')[0]?.payload;
    expect(stop).toMatchObject({ transactionId: TRANSACTION_ID, reason: 'Remote' });
    expect(stop).not.toHaveProperty('idTag');
  });

  it('RemoteStartTransaction without connectorId uses the chosen connector; a busy connector is Rejected', async () => {
    const sim = await simulate('ocpp1.6', { connectors: 2, connectorId: 2 });

    await expect(command(sim, 'RemoteStartTransaction', { idTag: 'REMOTE-2' })).resolves.toEqual({
      status: 'Accepted',
    });
    await eventually(() => expect(actionsOf(sim, 'StartTransaction')[0]?.payload).toMatchObject({ connectorId: 2 }));
    await eventually(() => expect(statusesOf(sim).at(-1)).toBe('Charging'));
    await expect(command(sim, 'RemoteStartTransaction', { connectorId: 2, idTag: 'REMOTE-3' })).resolves.toEqual({
      status: 'Rejected',
    });
    await expect(command(sim, 'RemoteStartTransaction', { connectorId: 7, idTag: 'REMOTE-3' })).resolves.toEqual({
      status: 'Rejected',
    });
  });

  it('RemoteStopTransaction of an unknown transaction is Rejected', async () => {
    const sim = await simulate('ocpp1.6');

    await expect(command(sim, 'RemoteStopTransaction', { transactionId: 999 })).resolves.toEqual({
      status: 'Rejected',
    });
  });

  it('ReserveNow is Accepted and marks the connector Reserved; the next StartTransaction of that idTag carries the reservationId', async () => {
    const sim = await simulate('ocpp1.6');

    await expect(
      command(sim, 'ReserveNow', { connectorId: 1, expiryDate: inMinutes(10), idTag: 'RESERVED-1', reservationId: 7 }),
    ).resolves.toEqual({ status: 'Accepted' });
    await eventually(() => expect(statusesOf(sim).at(-1)).toBe('Reserved'));
    await expect(sim.plugInAndStart(1, 'SOMEONE-ELSE')).rejects.toThrow(/reserved/);
    await sim.plugInAndStart(1, 'RESERVED-1');

    expect(actionsOf(sim, 'StartTransaction')[0]?.payload).toMatchObject({
      connectorId: 1,
      idTag: 'RESERVED-1',
      reservationId: 7,
    });
    await expect(command(sim, 'CancelReservation', { reservationId: 7 })).resolves.toEqual({ status: 'Rejected' });
  });

  it('ReserveNow on a charging connector is Occupied; CancelReservation is Accepted only for a known reservation', async () => {
    const sim = await simulate('ocpp1.6', { connectors: 2 });
    await sim.plugInAndStart(1);

    await expect(
      command(sim, 'ReserveNow', { connectorId: 1, expiryDate: inMinutes(10), idTag: 'X', reservationId: 1 }),
    ).resolves.toEqual({
      status: 'Occupied',
    });
    await expect(
      command(sim, 'ReserveNow', { connectorId: 2, expiryDate: inMinutes(10), idTag: 'X', reservationId: 2 }),
    ).resolves.toEqual({
      status: 'Accepted',
    });
    await expect(command(sim, 'CancelReservation', { reservationId: 2 })).resolves.toEqual({ status: 'Accepted' });
    await expect(command(sim, 'CancelReservation', { reservationId: 3 })).resolves.toEqual({ status: 'Rejected' });
    await eventually(() =>
      expect(
        actionsOf(sim, 'StatusNotification')
          .filter((call) => call.payload.connectorId === 2)
          .map((call) => call.payload.status),
      ).toEqual(['Available', 'Reserved', 'Available']),
    );
  });

  it('an expired reservation frees the connector without any reservation message', async () => {
    const sim = await simulate('ocpp1.6');

    await command(sim, 'ReserveNow', {
      connectorId: 1,
      expiryDate: new Date(Date.now() + 200).toISOString(),
      idTag: 'X',
      reservationId: 9,
    });
    await eventually(() => expect(statusesOf(sim)).toEqual(['Available', 'Available', 'Reserved', 'Available']));
    expect(sim.chargePoint.reservation(9)).toBeUndefined();
    expect(callsOf(sim).map((call) => call.action)).not.toContain('ReservationStatusUpdate');
  });

  it('a blocked idTag is refused at Authorize and the connector returns to Available', async () => {
    const sim = await simulate('ocpp1.6');

    await expect(sim.plugInAndStart(1, BLOCKED_ID_TAG)).rejects.toThrow(/Blocked/);
    expect(statusesOf(sim).slice(-2)).toEqual(['Preparing', 'Available']);
    expect(actionsOf(sim, 'StartTransaction')).toEqual([]);
  });

  it('GetConfiguration lists the feature profiles and intervals, and unknown keys as unknownKey', async () => {
    const sim = await simulate('ocpp1.6', { meterIntervalSeconds: 5 });

    const all = (await command(sim, 'GetConfiguration', {})) as {
      configurationKey: { key: string; value: string; readonly: boolean }[];
    };
    const value = (key: string): string | undefined => all.configurationKey.find((entry) => entry.key === key)?.value;
    expect(value('SupportedFeatureProfiles')).toBe(
      'Core,FirmwareManagement,LocalAuthListManagement,Reservation,SmartCharging,RemoteTrigger',
    );
    expect(value('HeartbeatInterval')).toBe('300');
    expect(value('MeterValueSampleInterval')).toBe('5');

    await expect(command(sim, 'GetConfiguration', { key: ['heartbeatinterval', 'NoSuchKey'] })).resolves.toEqual({
      configurationKey: [{ key: 'HeartbeatInterval', readonly: false, value: '300' }],
      unknownKey: ['NoSuchKey'],
    });
  });

  it('GetConfiguration drops Reservation from SupportedFeatureProfiles with reservations off, and ReserveNow is Rejected', async () => {
    const sim = await simulate('ocpp1.6', { reservation: false });

    await expect(command(sim, 'GetConfiguration', { key: ['SupportedFeatureProfiles'] })).resolves.toEqual({
      configurationKey: [
        {
          key: 'SupportedFeatureProfiles',
          readonly: true,
          value: 'Core,FirmwareManagement,LocalAuthListManagement,SmartCharging,RemoteTrigger',
        },
      ],
    });
    await expect(
      command(sim, 'ReserveNow', { connectorId: 1, expiryDate: inMinutes(5), idTag: 'X', reservationId: 1 }),
    ).resolves.toEqual({
      status: 'Rejected',
    });
  });

  it('ChangeConfiguration applies writable keys and refuses read-only and unknown ones', async () => {
    const sim = await simulate('ocpp1.6');

    await expect(command(sim, 'ChangeConfiguration', { key: 'HeartbeatInterval', value: '60' })).resolves.toEqual({
      status: 'Accepted',
    });
    await expect(command(sim, 'ChangeConfiguration', { key: 'HeartbeatInterval', value: 'soon' })).resolves.toEqual({
      status: 'Rejected',
    });
    await expect(command(sim, 'ChangeConfiguration', { key: 'NumberOfConnectors', value: '4' })).resolves.toEqual({
      status: 'Rejected',
    });
    await expect(command(sim, 'ChangeConfiguration', { key: 'NoSuchKey', value: '1' })).resolves.toEqual({
      status: 'NotSupported',
    });
    await expect(command(sim, 'GetConfiguration', { key: ['HeartbeatInterval'] })).resolves.toMatchObject({
      configurationKey: [{ key: 'HeartbeatInterval', value: '60' }],
    });
  });

  it('TriggerMessage is Accepted, then the requested message is sent', async () => {
    const sim = await simulate('ocpp1.6');
    await eventually(() => expect(statusesOf(sim)).toHaveLength(2));

    await expect(
      command(sim, 'TriggerMessage', { requestedMessage: 'StatusNotification', connectorId: 1 }),
    ).resolves.toEqual({
      status: 'Accepted',
    });
    await eventually(() => expect(actionsOf(sim, 'StatusNotification')).toHaveLength(3));
    await expect(command(sim, 'TriggerMessage', { requestedMessage: 'Heartbeat' })).resolves.toEqual({
      status: 'Accepted',
    });
    await eventually(() => expect(actionsOf(sim, 'Heartbeat')).toHaveLength(1));
    await expect(command(sim, 'TriggerMessage', { requestedMessage: 'MeterValues', connectorId: 1 })).resolves.toEqual({
      status: 'Accepted',
    });
    await eventually(() =>
      expect(actionsOf(sim, 'MeterValues')[0]?.payload.meterValue[0].sampledValue[0].context).toBe('Trigger'),
    );
  });

  it('ChangeAvailability Inoperative on a charging connector is Scheduled and applied when the session ends', async () => {
    const sim = await simulate('ocpp1.6');
    await sim.plugInAndStart();

    await expect(command(sim, 'ChangeAvailability', { connectorId: 1, type: 'Inoperative' })).resolves.toEqual({
      status: 'Scheduled',
    });
    expect(statusesOf(sim).at(-1)).toBe('Charging');
    await sim.stop();

    expect(statusesOf(sim).slice(-2)).toEqual(['Finishing', 'Unavailable']);
    await expect(command(sim, 'RemoteStartTransaction', { idTag: 'REMOTE' })).resolves.toEqual({ status: 'Rejected' });
  });

  it('answers Reset, ChangeAvailability, SetChargingProfile and ClearChargingProfile with Accepted', async () => {
    const sim = await simulate('ocpp1.6');

    await expect(command(sim, 'ChangeAvailability', { connectorId: 1, type: 'Inoperative' })).resolves.toEqual({
      status: 'Accepted',
    });
    await eventually(() => expect(statusesOf(sim).at(-1)).toBe('Unavailable'));
    await expect(command(sim, 'ChangeAvailability', { connectorId: 1, type: 'Operative' })).resolves.toEqual({
      status: 'Accepted',
    });
    await expect(
      command(sim, 'SetChargingProfile', {
        connectorId: 1,
        csChargingProfiles: {
          chargingProfileId: 1,
          stackLevel: 0,
          chargingProfilePurpose: 'TxDefaultProfile',
          chargingProfileKind: 'Absolute',
          chargingSchedule: { chargingRateUnit: 'W', chargingSchedulePeriod: [{ startPeriod: 0, limit: 3680 }] },
        },
      }),
    ).resolves.toEqual({ status: 'Accepted' });
    expect(sim.chargePoint.offer(1).profileLimitW).toBe(3680);
    await expect(command(sim, 'ClearChargingProfile', {})).resolves.toEqual({ status: 'Accepted' });
    expect(sim.chargePoint.offer(1).profileLimitW).toBeUndefined();
    await expect(command(sim, 'Reset', { type: 'Soft' })).resolves.toEqual({ status: 'Accepted' });
    await eventually(() => expect(actionsOf(sim, 'BootNotification')).toHaveLength(2));
  });
});

describe('OCPP 2.0.1 sessions', () => {
  it('runs a full auto session: Occupied, Authorize, TransactionEvent Started/Updated/Ended, Available', async () => {
    const sim = await simulate('ocpp2.0.1');

    await runAutoSession(sim, { durationSeconds: 0.3 });

    expect(
      sequenceOf(sim, (call) => call.action === 'TransactionEvent' && call.payload.eventType === 'Updated'),
    ).toEqual([
      'BootNotification',
      'StatusNotification',
      'StatusNotification',
      'Authorize',
      'TransactionEvent Started',
      'TransactionEvent Updated',
      'TransactionEvent Ended',
      'StatusNotification',
    ]);
    expect(statusesOf(sim)).toEqual(['Available', 'Occupied', 'Available']);
    expect(actionsOf(sim, 'Authorize')[0]?.payload).toEqual({ idToken: { idToken: 'SIM-TAG-1', type: 'ISO14443' } });

    const events = actionsOf(sim, 'TransactionEvent').map((call) => call.payload);
    const [started] = events;
    expect(started).toEqual({
      eventType: 'Started',
      timestamp: expect.stringMatching(ISO_UTC),
      triggerReason: 'Authorized',
      seqNo: 0,
      transactionInfo: { transactionId: expect.stringMatching(UUID), chargingState: 'Charging' },
      evse: { id: 1, connectorId: 1 },
      idToken: { idToken: 'SIM-TAG-1', type: 'ISO14443' },
      meterValue: [
        {
          timestamp: expect.stringMatching(ISO_UTC),
          sampledValue: [
            {
              value: expect.any(Number),
              context: 'Transaction.Begin',
              measurand: 'Energy.Active.Import.Register',
              location: 'Outlet',
              unitOfMeasure: { unit: 'Wh' },
            },
          ],
        },
      ],
    });
    const transactionId: string = started.transactionInfo.transactionId;
    expect(events.map((event) => event.seqNo)).toEqual(events.map((_, index) => index));
    expect(events.every((event) => event.transactionInfo.transactionId === transactionId)).toBe(true);

    const updates = events.filter((event) => event.eventType === 'Updated');
    expect(updates.length).toBeGreaterThanOrEqual(2);
    expect(updates.every((event) => event.triggerReason === 'MeterValuePeriodic')).toBe(true);
    const sampled: Sampled[] = updates[0].meterValue[0].sampledValue;
    expect(sampled.map((s) => [s.measurand, s.unitOfMeasure?.unit, s.phase])).toEqual([
      ['Energy.Active.Import.Register', 'Wh', undefined],
      ['Power.Active.Import', 'W', undefined],
      ['Current.Import', 'A', 'L1'],
      ['Current.Import', 'A', 'L2'],
      ['Current.Import', 'A', 'L3'],
      ['Voltage', 'V', undefined],
      ['SoC', 'Percent', undefined],
    ]);
    expect(sampled.every((s) => typeof s.value === 'number')).toBe(true);
    const socs = updates.map((event) =>
      Number(event.meterValue[0].sampledValue.find((s: Sampled) => s.measurand === 'SoC').value),
    );
    expect(socs[0]).toBeGreaterThan(35);
    expect(socs.at(-1)).toBeGreaterThan(socs[0] ?? Infinity);

    const ended = events.at(-1);
    expect(ended).toMatchObject({
      eventType: 'Ended',
      triggerReason: 'StopAuthorized',
      transactionInfo: { transactionId, stoppedReason: 'Local' },
      idToken: { idToken: 'SIM-TAG-1', type: 'ISO14443' },
    });
    expect(energyOf(ended.meterValue)).toBeGreaterThan(energyOf(started.meterValue));
  });

  it('RequestStartTransaction is Accepted, then TransactionEvent Started carries RemoteStart and remoteStartId; RequestStopTransaction ends it', async () => {
    const sim = await simulate('ocpp2.0.1');

    await expect(
      command(sim, 'RequestStartTransaction', {
        idToken: { idToken: 'REMOTE-1', type: 'Central' },
        remoteStartId: 1234,
      }),
    ).resolves.toEqual({ status: 'Accepted' });
    const started = await eventually(() => {
      const [event] = actionsOf(sim, 'TransactionEvent');
      expect(event).toBeDefined();
      return event?.payload;
    });
    expect(started).toMatchObject({
      eventType: 'Started',
      triggerReason: 'RemoteStart',
      transactionInfo: { remoteStartId: 1234 },
      evse: { id: 1, connectorId: 1 },
      idToken: { idToken: 'REMOTE-1', type: 'Central' },
    });
    expect(actionsOf(sim, 'Authorize')[0]?.payload).toEqual({ idToken: { idToken: 'REMOTE-1', type: 'Central' } });
    await eventually(() => expect(sim.chargePoint.connector(1).session?.state).toBe('charging'));

    const transactionId: string = started.transactionInfo.transactionId;
    await expect(command(sim, 'RequestStopTransaction', { transactionId: 'not-a-transaction' })).resolves.toEqual({
      status: 'Rejected',
    });
    await expect(command(sim, 'RequestStopTransaction', { transactionId })).resolves.toEqual({ status: 'Accepted' });
    await eventually(() => expect(statusesOf(sim).at(-1)).toBe('Available'));
    expect(actionsOf(sim, 'TransactionEvent').at(-1)?.payload).toMatchObject({
      eventType: 'Ended',
      triggerReason: 'RemoteStop',
      transactionInfo: { transactionId, stoppedReason: 'Remote' },
    });
  });

  it('TriggerMessage TransactionEvent sends an Updated event with triggerReason Trigger during a session', async () => {
    const sim = await simulate('ocpp2.0.1', { meterIntervalSeconds: 60 });

    await expect(
      command(sim, 'TriggerMessage', { requestedMessage: 'TransactionEvent', evse: { id: 1 } }),
    ).resolves.toEqual({
      status: 'Rejected',
    });
    await sim.plugInAndStart();
    await expect(
      command(sim, 'TriggerMessage', { requestedMessage: 'TransactionEvent', evse: { id: 1 } }),
    ).resolves.toEqual({
      status: 'Accepted',
    });

    const triggered = await eventually(() => {
      const event = actionsOf(sim, 'TransactionEvent')[1];
      expect(event).toBeDefined();
      return event?.payload;
    });
    expect(triggered).toMatchObject({ eventType: 'Updated', triggerReason: 'Trigger', seqNo: 1 });
    expect(triggered.meterValue[0].sampledValue[0].context).toBe('Trigger');
  });

  it('ReserveNow is Accepted; a session of the same idToken reports the reservationId in TransactionEvent Started', async () => {
    const sim = await simulate('ocpp2.0.1', { connectors: 2 });

    await expect(
      command(sim, 'ReserveNow', {
        id: 5,
        evseId: 2,
        expiryDateTime: inMinutes(10),
        idToken: { idToken: 'RES-1', type: 'ISO14443' },
      }),
    ).resolves.toEqual({ status: 'Accepted' });
    await eventually(() => expect(statusesOf(sim).at(-1)).toBe('Reserved'));
    await sim.plugInAndStart(2, 'RES-1');

    expect(actionsOf(sim, 'TransactionEvent')[0]?.payload).toMatchObject({
      eventType: 'Started',
      evse: { id: 2 },
      reservationId: 5,
    });
    expect(callsOf(sim).map((call) => call.action)).not.toContain('ReservationStatusUpdate');
  });

  it('an expired reservation is reported with ReservationStatusUpdate Expired, then the EVSE is Available', async () => {
    const sim = await simulate('ocpp2.0.1');

    await command(sim, 'ReserveNow', {
      id: 8,
      evseId: 1,
      expiryDateTime: new Date(Date.now() + 200).toISOString(),
      idToken: { idToken: 'RES-2', type: 'ISO14443' },
    });
    await eventually(() => expect(statusesOf(sim)).toEqual(['Available', 'Reserved', 'Available']));
    expect(actionsOf(sim, 'ReservationStatusUpdate').map((call) => call.payload)).toEqual([
      { reservationId: 8, reservationUpdateStatus: 'Expired' },
    ]);
    await expect(command(sim, 'CancelReservation', { reservationId: 8 })).resolves.toEqual({ status: 'Rejected' });
  });

  it('GetVariables answers ReservationCtrlr Enabled/Available and flags unknown components and variables', async () => {
    const sim = await simulate('ocpp2.0.1');

    const answer = await command(sim, 'GetVariables', {
      getVariableData: [
        { component: { name: 'ReservationCtrlr' }, variable: { name: 'Enabled' } },
        { component: { name: 'ReservationCtrlr' }, variable: { name: 'Available' } },
        { component: { name: 'OCPPCommCtrlr' }, variable: { name: 'HeartbeatInterval' } },
        { component: { name: 'ReservationCtrlr' }, variable: { name: 'Colour' } },
        { component: { name: 'FluxCapacitor' }, variable: { name: 'Enabled' } },
      ],
    });

    expect(answer).toEqual({
      getVariableResult: [
        {
          component: { name: 'ReservationCtrlr' },
          variable: { name: 'Enabled' },
          attributeStatus: 'Accepted',
          attributeValue: 'true',
        },
        {
          component: { name: 'ReservationCtrlr' },
          variable: { name: 'Available' },
          attributeStatus: 'Accepted',
          attributeValue: 'true',
        },
        {
          component: { name: 'OCPPCommCtrlr' },
          variable: { name: 'HeartbeatInterval' },
          attributeStatus: 'Accepted',
          attributeValue: '300',
        },
        { component: { name: 'ReservationCtrlr' }, variable: { name: 'Colour' }, attributeStatus: 'UnknownVariable' },
        { component: { name: 'FluxCapacitor' }, variable: { name: 'Enabled' }, attributeStatus: 'UnknownComponent' },
      ],
    });
  });

  it('GetVariables reports reservations off, and ReserveNow is Rejected', async () => {
    const sim = await simulate('ocpp2.0.1', { reservation: false });

    await expect(
      command(sim, 'GetVariables', {
        getVariableData: [{ component: { name: 'ReservationCtrlr' }, variable: { name: 'Available' } }],
      }),
    ).resolves.toMatchObject({ getVariableResult: [{ attributeStatus: 'Accepted', attributeValue: 'false' }] });
    await expect(
      command(sim, 'ReserveNow', { id: 1, expiryDateTime: inMinutes(5), idToken: { idToken: 'X', type: 'ISO14443' } }),
    ).resolves.toEqual({ status: 'Rejected' });
  });

  it('answers SetVariables, TriggerMessage, Reset, ChangeAvailability and charging profiles', async () => {
    const sim = await simulate('ocpp2.0.1');

    await expect(
      command(sim, 'SetVariables', {
        setVariableData: [
          { component: { name: 'OCPPCommCtrlr' }, variable: { name: 'HeartbeatInterval' }, attributeValue: '120' },
        ],
      }),
    ).resolves.toEqual({
      setVariableResult: [
        { component: { name: 'OCPPCommCtrlr' }, variable: { name: 'HeartbeatInterval' }, attributeStatus: 'Accepted' },
      ],
    });
    await expect(command(sim, 'TriggerMessage', { requestedMessage: 'Heartbeat' })).resolves.toEqual({
      status: 'Accepted',
    });
    await eventually(() => expect(actionsOf(sim, 'Heartbeat')).toHaveLength(1));
    await expect(
      command(sim, 'ChangeAvailability', { operationalStatus: 'Inoperative', evse: { id: 1 } }),
    ).resolves.toEqual({
      status: 'Accepted',
    });
    await eventually(() => expect(statusesOf(sim).at(-1)).toBe('Unavailable'));
    await expect(
      command(sim, 'SetChargingProfile', {
        evseId: 1,
        chargingProfile: {
          id: 1,
          stackLevel: 0,
          chargingProfilePurpose: 'TxDefaultProfile',
          chargingProfileKind: 'Absolute',
          chargingSchedule: [{ id: 1, chargingRateUnit: 'A', chargingSchedulePeriod: [{ startPeriod: 0, limit: 16 }] }],
        },
      }),
    ).resolves.toEqual({ status: 'Accepted' });
    expect(sim.chargePoint.offer(1).profileLimitW).toBe(16 * 230 * 3);
    await expect(command(sim, 'ClearChargingProfile', {})).resolves.toEqual({ status: 'Accepted' });
    await expect(command(sim, 'Reset', { type: 'Immediate' })).resolves.toEqual({ status: 'Accepted' });
    await eventually(() =>
      expect(actionsOf(sim, 'BootNotification').map((call) => call.payload.reason)).toEqual(['PowerUp', 'RemoteReset']),
    );
  });
});

describe('failure-path switches', () => {
  const remoteStart: Record<BaseProtocol, [string, object]> = {
    'ocpp1.6': ['RemoteStartTransaction', { idTag: 'REMOTE' }],
    'ocpp2.0.1': ['RequestStartTransaction', { idToken: { idToken: 'REMOTE', type: 'Central' }, remoteStartId: 1 }],
  };

  describe.each(['ocpp1.6', 'ocpp2.0.1'] as const)('%s', (protocol) => {
    const [startAction, startPayload] = remoteStart[protocol];

    it('--reject answers the refusal status and starts nothing', async () => {
      const sim = await simulate(protocol, { behaviour: 'reject' });

      await expect(command(sim, startAction, startPayload)).resolves.toEqual({ status: 'Rejected' });
      await expect(command(sim, 'CancelReservation', { reservationId: 1 })).resolves.toEqual({ status: 'Rejected' });
      await expect(command(sim, 'TriggerMessage', { requestedMessage: 'Heartbeat' })).resolves.toEqual({
        status: 'Rejected',
      });
      expect(sim.chargePoint.connector(1).session).toBeUndefined();
      expect(callsOf(sim).map((call) => call.action)).not.toContain('Authorize');
    });

    it('--fault answers a CALLERROR InternalError by default, or the chosen code', async () => {
      const internal = await simulate(protocol, { behaviour: 'fault' });
      const notImplemented = await simulate(protocol, { behaviour: 'fault', faultCode: 'NotImplemented' });

      await expect(command(internal, startAction, startPayload)).rejects.toMatchObject({
        rpcErrorCode: 'InternalError',
      });
      await expect(command(notImplemented, startAction, startPayload)).rejects.toMatchObject({
        rpcErrorCode: 'NotImplemented',
      });
      expect(internal.chargePoint.connector(1).session).toBeUndefined();
    });

    it('--silent never answers: the CSMS call times out and the connection stays open', async () => {
      const sim = await simulate(protocol, { behaviour: 'silent' });

      await expect(command(sim, startAction, startPayload, { callTimeoutMs: 200 })).rejects.toThrow(/timeout/i);
      expect(fake.csms.client(sim.ocppId).state).toBe(1); // OPEN
      await sim.plugInAndStart(); // the charge point itself still works
      await sim.stop();
      await expect(sim.close()).resolves.toMatchObject({ code: 1000 });
    });

    it('--drop closes the WebSocket on receipt of a command, without answering', async () => {
      const sim = await simulate(protocol, { behaviour: 'drop' });

      await expect(command(sim, startAction, startPayload)).rejects.toThrow();
      await expect(sim.closed).resolves.toMatchObject({ code: 1006 });
      expect(logs.map((entry) => entry.message)).toContain(`dropping the connection on ${startAction} (--drop)`);
    });
  });

  it('actions the simulator does not implement are answered NotImplemented', async () => {
    const sim = await simulate('ocpp2.0.1');

    await expect(command(sim, 'GetMonitoringReport', { requestId: 1 })).rejects.toMatchObject({
      rpcErrorCode: 'NotImplemented',
    });
  });
});
