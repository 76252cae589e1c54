import { describe, expect, it } from 'vitest';
import type { TableChange } from '../../../shared/db/table-changes';
import { lateChargingIntents, lateEta } from '../../../shared/alerts/late-charging';
import { faultIntents, ERROR_CONTEXTS } from '../../../shared/alerts/session-errors';
import { sessionEndIntents } from '../../../shared/alerts/session-end';
import { socChangeOf, socIntents } from '../../../shared/alerts/state-of-charge';

const DEPARTURE = '2026-11-28T06:00:00.000Z';
const COMPUTED = '2026-11-28T02:00:00.000Z';
const port = (limitW: number, plan?: { limitW: number }[]) => ({
  portId: 11,
  chargerId: 4,
  portNumber: 1,
  sessionId: 55,
  limitW,
  ...(plan ? { plan } : {}),
});
const late = (fields: object = {}) => ({
  portId: 11,
  sessionId: 55,
  vehicleId: 9,
  departureTime: DEPARTURE,
  departureSource: 'api',
  energyNeededWh: 40_000,
  expectedEnergyWh: 30_000,
  ...fields,
});
const allocation = (lateVehicles: object[], ports = [port(10_000)]) => ({
  __edb_e__: 'siteAllocation',
  organizationId: 1,
  siteId: 2,
  computedAt: COMPUTED,
  ports,
  lateVehicles,
});

describe('lateCharging', () => {
  it("predicts the ETA from the shortfall at the port's last planned power, to the minute", () => {
    // 10 kWh short at 10 kW: one hour after departure.
    expect(lateEta(late(), port(10_000))).toBe(Date.parse('2026-11-28T07:00:00.000Z'));
    expect(lateEta(late(), port(5_000, [{ limitW: 7_000 }, { limitW: 20_000 }]))).toBe(
      Date.parse('2026-11-28T06:30:00.000Z'),
    );
    expect(lateEta(late({ expectedEnergyWh: 39_990 }), port(10_000))).toBe(Date.parse('2026-11-28T06:01:00.000Z'));
    expect(lateEta(late(), port(0))).toBeUndefined();
    expect(lateEta(late({ energyNeededWh: undefined }), port(10_000))).toBeUndefined();
  });

  it("takes the allocation's own ETA, to the minute, even when the plan ends at 0 W", () => {
    const eta = Date.parse('2026-11-28T06:40:30.000Z');
    const ended = port(0, [{ limitW: 10_000 }, { limitW: 0 }]);
    expect(lateEta(late({ eta }), ended)).toBe(Date.parse('2026-11-28T06:41:00.000Z'));
    const intents = lateChargingIntents({ eventName: 'INSERT', newImage: allocation([late({ eta })], [ended]) }, 15);
    expect(intents[0]).toMatchObject({
      action: 'raise',
      details: { originalEta: '2026-11-28T06:41:00.000Z', currentEta: '2026-11-28T06:41:00.000Z' },
    });
  });

  it('raises a vehicle late by more than the margin with original and current values, and only updates one late by less', () => {
    const change: TableChange = { eventName: 'INSERT', newImage: allocation([late()]) };
    const intents = lateChargingIntents(change, 15);
    expect(intents).toEqual([
      {
        action: 'raise',
        type: 'lateCharging',
        episodeKey: 'lateCharging:session:55',
        place: { organizationId: 1, chargerId: 4, portNumber: 1, portId: 11, sessionId: 55, vehicleId: 9 },
        details: {
          originalEta: '2026-11-28T07:00:00.000Z',
          currentEta: '2026-11-28T07:00:00.000Z',
          originalDepartureTime: DEPARTURE,
          currentDepartureTime: DEPARTURE,
        },
        at: COMPUTED,
      },
      {
        action: 'update',
        organizationId: 1,
        episodeKey: 'lateCharging:session:55',
        details: { currentEta: '2026-11-28T07:00:00.000Z', currentDepartureTime: DEPARTURE },
        at: COMPUTED,
      },
    ]);
    // 10 minutes late: within a 15-minute margin (no raise), beyond a 5-minute one.
    const slightly = { eventName: 'INSERT', newImage: allocation([late({ expectedEnergyWh: 38_334 })]) } as const;
    expect(lateChargingIntents(slightly, 15).map((i) => i.action)).toEqual(['update']);
    expect(lateChargingIntents(slightly, 5).map((i) => i.action)).toEqual(['raise', 'update']);
  });

  it('counts a vehicle given no power as late beyond any margin (no ETA)', () => {
    const intents = lateChargingIntents({ eventName: 'INSERT', newImage: allocation([late()], [port(0)]) }, 600);
    expect(intents[0]).toMatchObject({ action: 'raise', details: { originalEta: null, currentEta: null } });
  });

  it('clears a vehicle listed late before and not now, and leaves allocations without late vehicles alone', () => {
    const change: TableChange = { eventName: 'MODIFY', oldImage: allocation([late()]), newImage: allocation([]) };
    expect(lateChargingIntents(change, 15)).toEqual([
      { action: 'clear', organizationId: 1, episodeKey: 'lateCharging:session:55', at: COMPUTED },
    ]);
    expect(
      lateChargingIntents({ eventName: 'MODIFY', oldImage: allocation([]), newImage: allocation([]) }, 15),
    ).toEqual([]);
    expect(lateChargingIntents({ eventName: 'REMOVE', oldImage: allocation([late()]) }, 15)).toEqual([]);
  });
});

const error = (fields: object) => ({
  __edb_e__: 'chargerError',
  organizationId: 1,
  siteId: 2,
  chargerId: 4,
  portNumber: 1,
  portId: 11,
  sessionId: 55,
  timestamp: '2026-11-28T02:10:00.000Z',
  ocppErrorCode: 'GroundFailure',
  vendorErrorCode: 'E12',
  ocppInfo: 'RCD tripped',
  ocppStatus: 'Faulted',
  errorCategory: 'endedCharging',
  ...fields,
});

describe('chargingSessionError', () => {
  it("raises a fault during charging with the report's status and OCPP error", () => {
    expect(faultIntents({ eventName: 'INSERT', newImage: error({}) })).toEqual([
      {
        action: 'raise',
        type: 'chargingSessionError',
        episodeKey: 'chargingSessionError:session:55',
        place: { organizationId: 1, chargerId: 4, portNumber: 1, portId: 11, sessionId: 55 },
        details: {
          status: 'Faulted',
          ocppErrorCode: 'GroundFailure',
          ocppVendorErrorCode: 'E12',
          ocppInfo: 'RCD tripped',
          errorContext: ERROR_CONTEXTS.faulted,
        },
        at: '2026-11-28T02:10:00.000Z',
      },
    ]);
  });

  it('leaves errors that stopped no session, warnings and retransmissions alone', () => {
    const none = (image: Record<string, unknown>, eventName: TableChange['eventName'] = 'INSERT') =>
      faultIntents({ eventName, newImage: image });
    expect(none(error({ errorCategory: 'preventedCharging', sessionId: undefined }))).toEqual([]);
    expect(none(error({ errorCategory: 'other' }))).toEqual([]);
    expect(none(error({}), 'MODIFY')).toEqual([]);
  });
});

const record = (fields: object, status = 'Completed') => ({
  __edb_e__: 'sessionRecord',
  organizationId: 1,
  siteId: 2,
  chargerId: 4,
  portId: 11,
  portNumber: 1,
  sessionId: 55,
  status,
  startTime: '2026-11-28T01:00:00.000Z',
  endTime: '2026-11-28T03:00:00.000Z',
  vehicle: { id: 9, name: 'Van 9' },
  ...fields,
});
const ended = (fields: object): TableChange => ({
  eventName: 'MODIFY',
  oldImage: record({}, 'InProgress'),
  newImage: record(fields),
});
const clears = ['lateCharging', 'chargingCompleted', 'lowBattery', 'chargingSessionError'].map((type) => ({
  action: 'clear',
  organizationId: 1,
  episodeKey: `${type}:session:55`,
  at: '2026-11-28T03:00:00.000Z',
}));

describe('a session ending', () => {
  it("clears every alert of the session, and does nothing on a record's other changes", () => {
    expect(sessionEndIntents(ended({ socEndPercent: 80 }), 20)).toEqual(clears);
    expect(sessionEndIntents({ eventName: 'MODIFY', oldImage: record({}), newImage: record({ x: 1 }) }, 20)).toEqual(
      [],
    );
    expect(sessionEndIntents({ eventName: 'INSERT', newImage: record({}, 'InProgress') }, 20)).toEqual([]);
  });

  it('raises (then clears) a failed start or an early end, with the stop reason as status', () => {
    const [failed] = sessionEndIntents(ended({ failedToStart: true, stopReason: 'Local' }), 20);
    expect(failed).toMatchObject({
      action: 'raise',
      type: 'chargingSessionError',
      place: { vehicleId: 9, vehicleName: 'Van 9', sessionId: 55, portId: 11 },
      details: { status: 'Local', errorContext: ERROR_CONTEXTS.failedToStart, ocppErrorCode: null },
      at: '2026-11-28T03:00:00.000Z',
    });
    const early = sessionEndIntents(ended({ endedEarly: true, stopReason: 'EVDisconnected' }), 20);
    expect(early[0]).toMatchObject({ details: { status: 'EVDisconnected', errorContext: ERROR_CONTEXTS.endedEarly } });
    expect(early.slice(1)).toEqual(clears);
  });

  it('raises lowBattery when the vehicle leaves below the threshold', () => {
    const [low] = sessionEndIntents(ended({ socEndPercent: 12 }), 20);
    expect(low).toMatchObject({
      type: 'lowBattery',
      episodeKey: 'lowBattery:session:55',
      details: { socThreshold: 20, socPercent: 12 },
    });
    expect(sessionEndIntents(ended({ socEndPercent: 20 }), 20)).toEqual(clears);
  });
});

const readings = (fields: object) => ({
  __edb_e__: 'portReadings',
  chargerId: 4,
  portNumber: 1,
  sessionId: 55,
  ...fields,
});
const soc = (value: number, timestamp = '2026-11-28T02:30:00.000Z') => ({ socPercent: { value, timestamp } });
const place = { organizationId: 1, chargerId: 4, portNumber: 1, portId: 11, sessionId: 55 };

describe('lowBattery and chargingCompleted from SoC readings', () => {
  it('sees the first SoC reading and a new SoC, not energy-only readings nor an ended session', () => {
    const first = socChangeOf({
      eventName: 'MODIFY',
      oldImage: readings({}),
      newImage: readings({ socStartPercent: 12, ...soc(12) }),
    });
    expect(first).toEqual({
      chargerId: 4,
      portNumber: 1,
      sessionId: 55,
      plugIn: { socPercent: 12, at: '2026-11-28T02:30:00.000Z' },
      soc: { socPercent: 12, at: '2026-11-28T02:30:00.000Z' },
    });
    const next = socChangeOf({
      eventName: 'MODIFY',
      oldImage: readings({ socStartPercent: 12, ...soc(12) }),
      newImage: readings({ socStartPercent: 12, ...soc(13) }),
    });
    expect(next).toEqual({
      chargerId: 4,
      portNumber: 1,
      sessionId: 55,
      soc: { socPercent: 13, previousPercent: 12, at: '2026-11-28T02:30:00.000Z' },
    });
    const energyOnly = readings({ socStartPercent: 12, ...soc(13), energyRegisterWh: 5 });
    expect(
      socChangeOf({
        eventName: 'MODIFY',
        oldImage: readings({ socStartPercent: 12, ...soc(13) }),
        newImage: energyOnly,
      }),
    ).toBeUndefined();
    expect(
      socChangeOf({
        eventName: 'MODIFY',
        oldImage: readings(soc(12)),
        newImage: readings({ ...soc(13), endedAt: 'x' }),
      }),
    ).toBeUndefined();
    // A new session on the port: its first reading, whatever the previous session's.
    const newSession = socChangeOf({
      eventName: 'MODIFY',
      oldImage: readings({ socStartPercent: 50, ...soc(90) }),
      newImage: readings({ sessionId: 56, socStartPercent: 90, ...soc(90) }),
    });
    expect(newSession).toMatchObject({ sessionId: 56, plugIn: { socPercent: 90 }, soc: { socPercent: 90 } });
  });

  it('raises lowBattery below the threshold at plug-in', () => {
    const news = { chargerId: 4, portNumber: 1, sessionId: 55, plugIn: { socPercent: 12, at: 't' } };
    expect(socIntents(news, place, 20, 90)).toEqual([
      {
        action: 'raise',
        type: 'lowBattery',
        episodeKey: 'lowBattery:session:55',
        place,
        details: { socThreshold: 20, socPercent: 12 },
        at: 't',
      },
    ]);
    expect(socIntents({ ...news, plugIn: { socPercent: 20, at: 't' } }, place, 20, 90)).toEqual([]);
  });

  it('raises chargingCompleted when the SoC crosses the target, once', () => {
    const at = (socPercent: number, previousPercent?: number) =>
      socIntents(
        { chargerId: 4, portNumber: 1, sessionId: 55, soc: { socPercent, previousPercent, at: 't' } },
        place,
        20,
        80,
      );
    expect(at(80, 79)).toEqual([
      {
        action: 'raise',
        type: 'chargingCompleted',
        episodeKey: 'chargingCompleted:session:55',
        place,
        details: { socThreshold: 80, socPercent: 80 },
        at: 't',
      },
    ]);
    expect(at(85)).toHaveLength(1);
    expect(at(79, 78)).toEqual([]);
    expect(at(81, 80)).toEqual([]);
  });
});
