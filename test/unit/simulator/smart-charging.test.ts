import { describe, expect, it } from 'vitest';
import type { Simulator } from '../../../lib/simulator';
import { TRANSACTION_ID } from './fake-csms';
import { eventually, nextReading, useFakeCsms } from './helpers';

/** Simulators in real time (the EV's SoC barely moves) with meter values every 50 ms. */
const fake = useFakeCsms('SC');
const { simulate } = fake;

const command = (sim: Simulator, action: string, payload: object): Promise<any> =>
  fake.csms.client(sim.ocppId).call(action, payload);

/** Sends a command and returns its answer with the time it was answered (readings after it must obey). */
async function send(sim: Simulator, action: string, payload: object): Promise<{ answer: any; at: Date }> {
  const answer = await command(sim, action, payload);
  return { answer, at: new Date() };
}

type Period = { startPeriod: number; limit: number; numberPhases?: number };

/** OCPP 1.6 SetChargingProfile payload. */
function profile16(
  connectorId: number,
  p: {
    id: number;
    purpose: string;
    unit: 'A' | 'W';
    limit: number;
    stackLevel?: number;
    transactionId?: number;
    numberPhases?: number;
  },
): object {
  const period: Period = {
    startPeriod: 0,
    limit: p.limit,
    ...(p.numberPhases ? { numberPhases: p.numberPhases } : {}),
  };
  return {
    connectorId,
    csChargingProfiles: {
      chargingProfileId: p.id,
      ...(p.transactionId === undefined ? {} : { transactionId: p.transactionId }),
      stackLevel: p.stackLevel ?? 0,
      chargingProfilePurpose: p.purpose,
      chargingProfileKind: 'Relative',
      chargingSchedule: { chargingRateUnit: p.unit, chargingSchedulePeriod: [period] },
    },
  };
}

/** OCPP 2.0.1 SetChargingProfile payload. */
function profile201(
  evseId: number,
  p: { id: number; purpose: string; unit: 'A' | 'W'; limit: number; stackLevel?: number; transactionId?: string },
): object {
  return {
    evseId,
    chargingProfile: {
      id: p.id,
      stackLevel: p.stackLevel ?? 0,
      chargingProfilePurpose: p.purpose,
      chargingProfileKind: 'Relative',
      ...(p.transactionId === undefined ? {} : { transactionId: p.transactionId }),
      chargingSchedule: [
        { id: 1, chargingRateUnit: p.unit, chargingSchedulePeriod: [{ startPeriod: 0, limit: p.limit }] },
      ],
    },
  };
}

describe('OCPP 1.6 charging profiles', () => {
  it('a TxDefaultProfile in A limits the session, the highest stack level wins, clearing restores', async () => {
    const sim = await simulate('ocpp1.6'); // AC: 7.2 kW port, 11 kW EV
    await sim.plugInAndStart();
    expect((await nextReading(fake.csms, sim, new Date(0))).powerW).toBe(7200);

    let change = await send(
      sim,
      'SetChargingProfile',
      profile16(0, { id: 1, purpose: 'TxDefaultProfile', unit: 'A', limit: 6 }),
    );
    expect(change.answer).toEqual({ status: 'Accepted' });
    expect(await nextReading(fake.csms, sim, change.at)).toMatchObject({
      powerW: 6 * 230 * 3,
      currentA: [6, 6, 6],
      voltageV: 230,
    });

    change = await send(
      sim,
      'SetChargingProfile',
      profile16(1, { id: 2, purpose: 'TxDefaultProfile', unit: 'A', limit: 8, stackLevel: 1, numberPhases: 1 }),
    );
    expect(change.answer).toEqual({ status: 'Accepted' });
    expect(await nextReading(fake.csms, sim, change.at)).toMatchObject({ powerW: 8 * 230, currentA: [8, 0, 0] });

    change = await send(sim, 'ClearChargingProfile', { id: 2 });
    expect(change.answer).toEqual({ status: 'Accepted' });
    expect((await nextReading(fake.csms, sim, change.at)).powerW).toBe(4140);

    change = await send(sim, 'ClearChargingProfile', { chargingProfilePurpose: 'TxDefaultProfile' });
    expect(change.answer).toEqual({ status: 'Accepted' });
    expect((await nextReading(fake.csms, sim, change.at)).powerW).toBe(7200);
    await expect(command(sim, 'ClearChargingProfile', { id: 99 })).resolves.toEqual({ status: 'Unknown' });
  });

  it('a TxProfile in W for the transaction overrides the TxDefaultProfile and goes with its transaction', async () => {
    const sim = await simulate('ocpp1.6');
    const txProfile = (transactionId: number): object =>
      profile16(1, { id: 5, purpose: 'TxProfile', unit: 'W', limit: 3000, transactionId });

    await expect(command(sim, 'SetChargingProfile', txProfile(TRANSACTION_ID))).resolves.toEqual({
      status: 'Rejected',
    });
    await command(
      sim,
      'SetChargingProfile',
      profile16(0, { id: 1, purpose: 'TxDefaultProfile', unit: 'A', limit: 10, stackLevel: 3 }),
    );
    await sim.plugInAndStart();
    expect((await nextReading(fake.csms, sim, new Date(0))).powerW).toBe(6900);

    await expect(command(sim, 'SetChargingProfile', txProfile(TRANSACTION_ID + 1))).resolves.toEqual({
      status: 'Rejected',
    });
    const change = await send(sim, 'SetChargingProfile', txProfile(TRANSACTION_ID));
    expect(change.answer).toEqual({ status: 'Accepted' });
    expect(await nextReading(fake.csms, sim, change.at)).toMatchObject({ powerW: 3000, currentA: [4.3, 4.3, 4.3] });

    await sim.stop();
    expect(sim.chargePoint.profiles.list().map((p) => p.purpose)).toEqual(['TxDefaultProfile']);
  });

  it('a ChargePointMaxProfile caps the charge point, shared by its sessions; it must be on connector 0', async () => {
    const sim = await simulate('ocpp1.6', { connectors: 2 });
    const max = (connectorId: number): object =>
      profile16(connectorId, { id: 9, purpose: 'ChargePointMaxProfile', unit: 'W', limit: 10_000 });

    await expect(command(sim, 'SetChargingProfile', max(1))).resolves.toEqual({ status: 'Rejected' });
    await sim.plugInAndStart(1);
    await sim.plugInAndStart(2);
    const change = await send(sim, 'SetChargingProfile', max(0));

    expect(change.answer).toEqual({ status: 'Accepted' });
    expect((await nextReading(fake.csms, sim, change.at, 1)).powerW).toBe(5000);
    expect((await nextReading(fake.csms, sim, change.at, 2)).powerW).toBe(5000);
  });

  it('RemoteStartTransaction with a TxProfile limits the transaction it starts; others: Rejected', async () => {
    const sim = await simulate('ocpp1.6');
    const remoteStart = (purpose: string): object => ({
      idTag: 'REMOTE',
      chargingProfile: (profile16(1, { id: 3, purpose, unit: 'W', limit: 2000 }) as { csChargingProfiles: object })
        .csChargingProfiles,
    });

    await expect(command(sim, 'RemoteStartTransaction', remoteStart('TxDefaultProfile'))).resolves.toEqual({
      status: 'Rejected',
    });
    await expect(command(sim, 'RemoteStartTransaction', remoteStart('TxProfile'))).resolves.toEqual({
      status: 'Accepted',
    });
    expect((await nextReading(fake.csms, sim, new Date(0))).powerW).toBe(2000);
  });

  it('rejects a stack level above ChargeProfileMaxStackLevel and answers GetCompositeSchedule', async () => {
    const sim = await simulate('ocpp1.6');

    await expect(
      command(
        sim,
        'SetChargingProfile',
        profile16(1, { id: 1, purpose: 'TxDefaultProfile', unit: 'A', limit: 6, stackLevel: 11 }),
      ),
    ).resolves.toEqual({ status: 'Rejected' });
    await command(sim, 'SetChargingProfile', profile16(1, { id: 1, purpose: 'TxDefaultProfile', unit: 'A', limit: 6 }));
    await expect(
      command(sim, 'GetCompositeSchedule', { connectorId: 1, duration: 600, chargingRateUnit: 'W' }),
    ).resolves.toMatchObject({
      status: 'Accepted',
      connectorId: 1,
      chargingSchedule: {
        duration: 600,
        chargingRateUnit: 'W',
        chargingSchedulePeriod: [{ startPeriod: 0, limit: 4140 }],
      },
    });
    await expect(command(sim, 'GetCompositeSchedule', { connectorId: 3, duration: 600 })).resolves.toEqual({
      status: 'Rejected',
    });
  });
});

describe('OCPP 2.0.1 charging profiles', () => {
  it('a TxProfile must carry the running transactionId; it limits the next TransactionEvent (W, DC)', async () => {
    const sim = await simulate('ocpp2.0.1', { currentType: 'DC' });
    await sim.plugInAndStart();
    const transactionId = String(sim.chargePoint.connector(1).session?.transactionId);
    const tx = (id?: string): object =>
      profile201(1, { id: 4, purpose: 'TxProfile', unit: 'W', limit: 50_000, ...(id ? { transactionId: id } : {}) });

    await expect(command(sim, 'SetChargingProfile', tx('another-transaction'))).resolves.toEqual({
      status: 'Rejected',
    });
    await expect(command(sim, 'SetChargingProfile', tx())).resolves.toEqual({ status: 'Rejected' });
    const change = await send(sim, 'SetChargingProfile', tx(transactionId));

    expect(change.answer).toEqual({ status: 'Accepted' });
    expect(await nextReading(fake.csms, sim, change.at)).toMatchObject({
      powerW: 50_000,
      currentA: [125],
      voltageV: 400,
    });
    await sim.stop();
    expect(sim.chargePoint.profiles.count).toBe(0);
  });

  it('rejects a rate unit outside SmartChargingCtrlr.RateUnit (K01.FR.26), and converts A when allowed', async () => {
    const wattsOnly = await simulate('ocpp2.0.1', { currentType: 'DC' });
    const both = await simulate('ocpp2.0.1', { currentType: 'DC', rateUnits: ['A', 'W'] });
    const inAmperes = profile201(1, { id: 1, purpose: 'TxDefaultProfile', unit: 'A', limit: 100 });

    await expect(command(wattsOnly, 'SetChargingProfile', inAmperes)).resolves.toEqual({ status: 'Rejected' });
    await expect(command(both, 'SetChargingProfile', inAmperes)).resolves.toEqual({ status: 'Accepted' });
    expect(both.chargePoint.offer(1).profileLimitW).toBe(40_000);
  });

  it('a ChargingStationMaxProfile on EVSE 0 caps the TxDefaultProfile; clearing by criteria restores it', async () => {
    const sim = await simulate('ocpp2.0.1'); // AC, rate unit A
    await command(
      sim,
      'SetChargingProfile',
      profile201(0, { id: 1, purpose: 'TxDefaultProfile', unit: 'A', limit: 10 }),
    );
    await expect(
      command(
        sim,
        'SetChargingProfile',
        profile201(1, { id: 2, purpose: 'ChargingStationMaxProfile', unit: 'A', limit: 4 }),
      ),
    ).resolves.toEqual({ status: 'Rejected' });
    await sim.plugInAndStart();
    expect((await nextReading(fake.csms, sim, new Date(0))).powerW).toBe(6900);

    let change = await send(
      sim,
      'SetChargingProfile',
      profile201(0, { id: 2, purpose: 'ChargingStationMaxProfile', unit: 'A', limit: 4 }),
    );
    expect(change.answer).toEqual({ status: 'Accepted' });
    expect(await nextReading(fake.csms, sim, change.at)).toMatchObject({ powerW: 2760, currentA: [4, 4, 4] });

    change = await send(sim, 'ClearChargingProfile', {
      chargingProfileCriteria: { evseId: 0, chargingProfilePurpose: 'ChargingStationMaxProfile' },
    });
    expect(change.answer).toEqual({ status: 'Accepted' });
    expect((await nextReading(fake.csms, sim, change.at)).powerW).toBe(6900);
    await expect(command(sim, 'ClearChargingProfile', { chargingProfileId: 77 })).resolves.toEqual({
      status: 'Unknown',
    });
    await expect(command(sim, 'GetCompositeSchedule', { evseId: 1, duration: 300 })).resolves.toMatchObject({
      status: 'Accepted',
      schedule: {
        evseId: 1,
        duration: 300,
        chargingRateUnit: 'A',
        chargingSchedulePeriod: [{ startPeriod: 0, limit: 10 }],
      },
    });
  });
});

describe('the EV model in the meter values', () => {
  it('tapers above 80 % SoC: a DC session at 90 % draws less than the 150 kW offered, less as it fills', async () => {
    const sim = await simulate('ocpp2.0.1', { currentType: 'DC', startSocPercent: 90, speed: 600 });
    await sim.plugInAndStart();

    const first = await nextReading(fake.csms, sim, new Date(0));
    const later = await nextReading(fake.csms, sim, new Date(first.timestamp.getTime() + 200));

    expect(first.powerW).toBeLessThan(83_000);
    expect(later.socPercent).toBeGreaterThan(first.socPercent);
    expect(later.powerW).toBeLessThan(first.powerW);
    expect(sim.chargePoint.offer(1).powerW).toBe(150_000);
  });
});

describe('smart charging support is discoverable', () => {
  it('OCPP 1.6 GetConfiguration lists SmartCharging, the rate unit and the limits', async () => {
    const ac = await simulate('ocpp1.6');
    const dc = await simulate('ocpp1.6', { currentType: 'DC', rateUnits: ['A', 'W'] });
    const keys = [
      'SupportedFeatureProfiles',
      'ChargingScheduleAllowedChargingRateUnit',
      'ChargeProfileMaxStackLevel',
      'MaxChargingProfilesInstalled',
    ];
    const values = async (sim: Simulator): Promise<string[]> =>
      (await command(sim, 'GetConfiguration', { key: keys })).configurationKey.map(
        (entry: { value: string }) => entry.value,
      );

    await expect(values(ac)).resolves.toEqual([
      'Core,FirmwareManagement,LocalAuthListManagement,Reservation,SmartCharging,RemoteTrigger',
      'Current',
      '10',
      '10',
    ]);
    await expect(values(dc)).resolves.toEqual([expect.stringContaining('SmartCharging'), 'Current,Power', '10', '10']);
  });

  it('OCPP 2.0.1 GetVariables answers SmartChargingCtrlr Enabled and RateUnit', async () => {
    const sim = await simulate('ocpp2.0.1', { currentType: 'DC' });
    const variables = ['Enabled', 'RateUnit', 'ProfileStackLevel'].map((name) => ({
      component: { name: 'SmartChargingCtrlr' },
      variable: { name },
    }));

    const answer = await command(sim, 'GetVariables', { getVariableData: variables });

    expect(answer.getVariableResult.map((r: { attributeValue?: string }) => r.attributeValue)).toEqual([
      'true',
      'W',
      '10',
    ]);
  });

  it.each(['ocpp1.6', 'ocpp2.0.1'] as const)(
    '%s without smart charging: not advertised, profile commands get CALLERROR NotSupported',
    async (protocol) => {
      const sim = await simulate(protocol, { smartCharging: false });
      const payload =
        protocol === 'ocpp1.6'
          ? profile16(1, { id: 1, purpose: 'TxDefaultProfile', unit: 'A', limit: 6 })
          : profile201(1, { id: 1, purpose: 'TxDefaultProfile', unit: 'A', limit: 6 });

      await expect(command(sim, 'SetChargingProfile', payload)).rejects.toMatchObject({ rpcErrorCode: 'NotSupported' });
      await expect(command(sim, 'ClearChargingProfile', {})).rejects.toMatchObject({ rpcErrorCode: 'NotSupported' });
      if (protocol === 'ocpp1.6') {
        const answer = await command(sim, 'GetConfiguration', {
          key: ['SupportedFeatureProfiles', 'ChargeProfileMaxStackLevel'],
        });
        expect(answer).toEqual({
          configurationKey: [
            {
              key: 'SupportedFeatureProfiles',
              readonly: true,
              value: 'Core,FirmwareManagement,LocalAuthListManagement,Reservation,RemoteTrigger',
            },
          ],
          unknownKey: ['ChargeProfileMaxStackLevel'],
        });
      } else {
        const answer = await command(sim, 'GetVariables', {
          getVariableData: [{ component: { name: 'SmartChargingCtrlr' }, variable: { name: 'Enabled' } }],
        });
        expect(answer.getVariableResult[0]).toMatchObject({ attributeStatus: 'Accepted', attributeValue: 'false' });
      }
    },
  );
});

describe('ISO 15118 charging needs (2.0.1 --iso15118)', () => {
  it('sends NotifyEVChargingNeeds after TransactionEvent Started: energy to target, departure, EV limits', async () => {
    const dc = await simulate('ocpp2.0.1', { currentType: 'DC', iso15118: true });
    const ac = await simulate('ocpp2.0.1', { iso15118: true });
    const departureAt = new Date(Date.now() + 3_600_000);

    await dc.plugInAndStart(1, undefined, { departureAt, targetSocPercent: 80 });
    await ac.plugInAndStart();

    const needs = (sim: Simulator): any =>
      eventually(() => {
        const call = fake.csms.callsOf(sim.ocppId).find((c) => c.action === 'NotifyEVChargingNeeds');
        expect(call).toBeDefined();
        return call?.payload;
      });
    await expect(needs(dc)).resolves.toEqual({
      evseId: 1,
      chargingNeeds: {
        requestedEnergyTransfer: 'DC',
        departureTime: departureAt.toISOString(),
        dcChargingParameters: expect.objectContaining({
          energyAmount: 33_750,
          evMaxPower: 150_000,
          evMaxCurrent: 375,
          stateOfCharge: 35,
        }),
      },
    });
    await expect(needs(ac)).resolves.toMatchObject({
      chargingNeeds: {
        requestedEnergyTransfer: 'AC_three_phase',
        acChargingParameters: { energyAmount: 39_000, evMaxCurrent: 16, evMinCurrent: 6 },
      },
    });
    const actions = fake.csms.callsOf(dc.ocppId).map((c) => c.action);
    expect(actions.indexOf('NotifyEVChargingNeeds')).toBeGreaterThan(actions.indexOf('TransactionEvent'));
  });
});
