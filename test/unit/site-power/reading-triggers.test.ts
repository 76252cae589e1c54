import { BatchGetCommand, GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import type { TableChange } from '../../../shared/db/table-changes';
import {
  BEHIND_SETTLE_MS,
  BEHIND_SUSTAIN_MS,
  fallsBehind,
  imageEventOf,
  type PlannedAllocation,
  type PlannedLine,
  stateChangesPlan,
  triggeredSites,
  vehicleStateChangeOf,
} from '../../../shared/site-power/reading-triggers';
import { mockedDb, TABLE } from '../db/mock-table';

const T0 = Date.parse('2026-12-05T10:00:00Z');
const readings = (fields: object) => ({
  __edb_e__: 'portReadings',
  chargerId: 4,
  portNumber: 1,
  sessionId: 9,
  siteId: 2,
  ...fields,
});
const soc = (value: number) => ({ socPercent: { value, timestamp: new Date(T0).toISOString() } });
const change = (before: object | undefined, after: object): TableChange => ({
  eventName: before ? 'MODIFY' : 'INSERT',
  ...(before ? { oldImage: readings(before) } : {}),
  newImage: readings(after),
});

describe("a vehicle's readings that make its site plan again", () => {
  it("fires on the session's first SoC reading, not on the ones after it", () => {
    expect(imageEventOf(change({ powerKw: { value: 7 } }, { socStartPercent: 30, ...soc(30) }))).toBe('firstSoc');
    expect(imageEventOf(change(undefined, { socStartPercent: 30, ...soc(30) }))).toBe('firstSoc');
    expect(imageEventOf(change({ socStartPercent: 30, ...soc(30) }, { socStartPercent: 30, ...soc(31) }))).toBe(
      undefined,
    );
    // Another session's readings on the port before: a first reading again.
    expect(
      imageEventOf({
        eventName: 'MODIFY',
        oldImage: readings({ sessionId: 8, socStartPercent: 50 }),
        newImage: readings({ socStartPercent: 20, ...soc(20) }),
      }),
    ).toBe('firstSoc');
    expect(imageEventOf(change({}, { powerKw: { value: 7 } }))).toBe(undefined);
    expect(imageEventOf(change({}, { socStartPercent: 30, ...soc(30), endedAt: 'x' }))).toBe(undefined);
  });

  it('fires once when the SoC has risen enough for the battery to be learnt (its need becomes known)', () => {
    const at = (value: number) => ({ socStartPercent: 30, ...soc(value) });
    expect(imageEventOf(change(at(34), at(35)))).toBe('batteryLearnt');
    expect(imageEventOf(change(at(33), at(36)))).toBe('batteryLearnt');
    expect(imageEventOf(change(at(35), at(36)))).toBe(undefined);
    expect(imageEventOf(change(at(31), at(33)))).toBe(undefined);
  });
});

describe('a vehicle drawing clearly less than its plan', () => {
  const allocation = (reason: string, limitW = 10_000, extra: object = {}): PlannedAllocation => ({
    computedAt: new Date(T0).toISOString(),
    costLimit: 30_000,
    ports: [{ sessionId: 9, chargerId: 4, portNumber: 1, reason, limitW, plan: [{ start: T0, limitW }], ...extra }],
  });
  /** Readings every 10 s from `from` ms after the allocation to `to`, at `kw`. */
  const slot = (from: number, to: number, kw: number) => {
    const list = [];
    for (let t = from; t <= to; t += 10_000) list.push({ t: T0 + t, p: kw });
    return list;
  };
  const grace = BEHIND_SETTLE_MS + BEHIND_SUSTAIN_MS;
  const drawing = (to: number, kw: number) => ({ slotReadings: slot(0, to, kw) });

  it('fires on the reading that completes the window below half its limit, once', () => {
    const a = allocation('planned');
    expect(fallsBehind(change(drawing(grace - 10_000, 2), drawing(grace, 2)), a)).toBe('drawBehind');
    // The window was already complete at the reading before: it fired then.
    expect(fallsBehind(change(drawing(grace, 2), drawing(grace + 10_000, 2)), a)).toBeUndefined();
    // Too early after the limit began: the charger may not have applied it yet.
    expect(fallsBehind(change(drawing(grace - 20_000, 2), drawing(grace - 10_000, 2)), a)).toBeUndefined();
  });

  it('does not fire for a vehicle drawing its share, one given 0 W, at its minimum, released or without a limit', () => {
    const at = (kw: number) => change(drawing(grace - 10_000, kw), drawing(grace, kw));
    const behind = at(2);
    expect(fallsBehind(behind, allocation('planned'))).toBe('drawBehind');
    expect(fallsBehind(at(6), allocation('planned'))).toBeUndefined();
    expect(fallsBehind(at(0), allocation('waiting', 0))).toBeUndefined();
    expect(fallsBehind(at(0), allocation('planned', 0))).toBeUndefined();
    for (const reason of ['minimum', 'released', 'probing', 'override', 'uncontrolled', 'external'])
      expect(fallsBehind(behind, allocation(reason))).toBeUndefined();
    const unlimited = { ...allocation('planned'), costLimit: undefined };
    expect(fallsBehind(behind, unlimited)).toBeUndefined();
    // Another session's line.
    expect(fallsBehind(behind, allocation('planned', 10_000, { sessionId: 8 }))).toBeUndefined();
  });

  it('counts readings against the limit of the plan in force when they were taken', () => {
    // 0 W planned for the first two minutes, 10 kW after: drawing nothing before is no shortfall.
    const a = allocation('planned', 0, {
      plan: [
        { start: T0, limitW: 0 },
        { start: T0 + 120_000, limitW: 10_000 },
      ],
    });
    expect(fallsBehind(change(drawing(170_000, 0), drawing(180_000, 0)), a)).toBeUndefined();
    const late = 120_000 + grace;
    expect(fallsBehind(change(drawing(late - 10_000, 0), drawing(late, 0)), a)).toBe('drawBehind');
  });
});

describe('a vehicle whose SoC lags its plan', () => {
  /** A plan from 40 % to 90 % at 10 kW, delivering its need 10 minutes after it was made. */
  const allocation: PlannedAllocation = {
    computedAt: new Date(T0).toISOString(),
    capacityLimit: 50_000,
    ports: [
      {
        sessionId: 9,
        chargerId: 4,
        portNumber: 1,
        reason: 'planned',
        limitW: 10_000,
        plan: [{ start: T0, limitW: 10_000 }],
        socPercent: 40,
        targetSoc: 90,
        eta: T0 + 10 * 60_000,
      },
    ],
  };
  /** A reading `seconds` after the plan, at `socValue` %, drawing the plan's 10 kW. */
  const at = (seconds: number, socValue: number) => ({
    slotReadings: [{ t: T0 + seconds * 1000, p: 10 }],
    socPercent: { value: socValue, timestamp: new Date(T0 + seconds * 1000).toISOString() },
  });

  it('fires once when the SoC falls more than 3 points behind the share of the rise the plan expects by now', () => {
    // At 4 minutes the plan expects 40 + 50 × 0.4 = 60 %.
    expect(fallsBehind(change(at(237, 57.5), at(240, 56.9)), allocation)).toBe('socBehind');
    expect(fallsBehind(change(at(240, 56.9), at(243, 57)), allocation)).toBeUndefined();
    expect(fallsBehind(change(at(237, 58), at(240, 58)), allocation)).toBeUndefined();
    // Too soon after the plan to judge.
    expect(fallsBehind(change(at(57, 40), at(60, 40)), allocation)).toBeUndefined();
  });

  it('does not fire for a vehicle given 0 W, released or without a target', () => {
    const line = allocation.ports[0]!;
    for (const changed of [{ reason: 'waiting', limitW: 0 }, { reason: 'released' }, { targetSoc: undefined }]) {
      const other = { ...allocation, ports: [{ ...line, ...changed }] };
      expect(fallsBehind(change(at(237, 57.5), at(240, 50)), other)).toBeUndefined();
    }
  });
});

describe("a vehicle's state that makes its site plan again", () => {
  const vehicleChange = (before: object | undefined, after: object): TableChange => ({
    eventName: before ? 'MODIFY' : 'INSERT',
    ...(before ? { oldImage: { __edb_e__: 'vehicle', organizationId: 3, vehicleId: 8, ...before } } : {}),
    newImage: { __edb_e__: 'vehicle', organizationId: 3, vehicleId: 8, ...after },
  });

  it('is a newer telematics reading or a changed set capacity, nothing else of the vehicle', () => {
    const reading = { telematicsReadAt: '2026-12-05T10:00:00.000Z', telematicsSocPercent: 40 };
    const newer = { telematicsReadAt: '2026-12-05T10:01:00.000Z', telematicsSocPercent: 41 };
    expect(vehicleStateChangeOf(vehicleChange(reading, newer))).toMatchObject({ organizationId: 3, vehicleId: 8 });
    expect(vehicleStateChangeOf(vehicleChange({}, reading))?.vehicle).toMatchObject(reading);
    expect(vehicleStateChangeOf(vehicleChange({}, { batteryCapacityKwh: 75 }))).toMatchObject({
      organizationId: 3,
      vehicleId: 8,
    });
    expect(vehicleStateChangeOf(vehicleChange(reading, { ...reading, name: 'Van 8' }))).toBeUndefined();
    expect(vehicleStateChangeOf(vehicleChange(undefined, { name: 'Van 8' }))).toBeUndefined();
    expect(vehicleStateChangeOf(change({}, { socStartPercent: 30 }))).toBeUndefined();
  });
});

describe("a vehicle's state that changes its plan", () => {
  const HOUR = 3_600_000;
  /** Planned at T0 from 40 % to 90 % by T0 + 1 h at a steady 10 kW, with a 60 kWh battery from telematics. */
  const line = (fields: Partial<PlannedLine> = {}): PlannedLine => ({
    sessionId: 9,
    chargerId: 4,
    portNumber: 1,
    reason: 'planned',
    limitW: 10_000,
    plan: [{ start: T0, limitW: 10_000 }],
    vehicleId: 8,
    socPercent: 40,
    socSource: 'telematics',
    targetSoc: 90,
    eta: T0 + HOUR,
    batteryCapacityWh: 60_000,
    batteryCapacitySource: 'telematics',
    ...fields,
  });
  const vehicle = (soc: number | undefined, at: number, fields: object = {}) =>
    ({
      organizationId: 3,
      vehicleId: 8,
      telematicsBatteryCapacityKwh: 60,
      ...(soc === undefined ? {} : { telematicsSocPercent: soc, telematicsReadAt: new Date(at).toISOString() }),
      ...fields,
    }) as never;
  const half = T0 + HOUR / 2;

  it('a SoC more than 3 points either side of what the plan expects at its time (65 % half way)', () => {
    for (const [soc, changes] of [
      [65, false],
      [62, false],
      [68, false],
      [61.9, true],
      [68.1, true],
    ] as const)
      expect(stateChangesPlan(vehicle(soc, half), line(), T0, half), String(soc)).toBe(changes);
  });

  it("the plan's own SoC for a reading older than the plan, or a line without a target", () => {
    expect(stateChangesPlan(vehicle(42, T0 - 60_000), line(), T0, T0 + 60_000)).toBe(false);
    expect(stateChangesPlan(vehicle(45, T0 - 60_000), line(), T0, T0 + 60_000)).toBe(true);
    const untargeted = line({ targetSoc: undefined, eta: undefined });
    expect(stateChangesPlan(vehicle(43, half), untargeted, T0, half)).toBe(false);
    expect(stateChangesPlan(vehicle(44, half), untargeted, T0, half)).toBe(true);
  });

  it('any fresh SoC when the plan had none; nothing for a reading older than 30 minutes', () => {
    const blind = line({ socPercent: undefined, socSource: undefined, batteryCapacityWh: undefined });
    expect(stateChangesPlan(vehicle(40, half), blind, T0, half)).toBe(true);
    expect(stateChangesPlan(vehicle(40, half), blind, T0, half + 30 * 60_000 + 1)).toBe(false);
    expect(stateChangesPlan(vehicle(20, half), line(), T0, half + 30 * 60_000 + 1)).toBe(false);
    expect(stateChangesPlan(vehicle(undefined, half), blind, T0, half)).toBe(false);
  });

  it('a usable capacity other than the one the need used, by trust; not one the trust order passes over', () => {
    expect(stateChangesPlan(vehicle(65, half, { telematicsBatteryCapacityKwh: 70 }), line(), T0, half)).toBe(true);
    expect(stateChangesPlan(vehicle(65, half, { batteryCapacityKwh: 60 }), line(), T0, half)).toBe(false);
    expect(stateChangesPlan(vehicle(65, half, { batteryCapacityKwh: 75 }), line(), T0, half)).toBe(true);
    // The vehicle's ISO 15118 capacity outranks telematics'; a capacity set on the vehicle outranks it.
    const iso = line({ batteryCapacityWh: 50_000, batteryCapacitySource: 'vehicle' });
    expect(stateChangesPlan(vehicle(65, half), iso, T0, half)).toBe(false);
    expect(stateChangesPlan(vehicle(65, half, { batteryCapacityKwh: 75 }), iso, T0, half)).toBe(true);
    // The planner's own estimate: a capacity learnt or pushed makes the need known.
    const estimated = line({ batteryCapacitySource: 'session', batteryCapacityWh: 58_000 });
    expect(stateChangesPlan(vehicle(65, half, { telematicsBatteryCapacityKwh: undefined }), estimated, T0, half)).toBe(
      false,
    );
    expect(stateChangesPlan(vehicle(65, half), estimated, T0, half)).toBe(true);
  });
});

describe("a trigger batch's reads", () => {
  /** A data layer answering a Query of the scheduled sites (sites 2 and 5 of organization 3, 6 of 4) and the allocations of sites 2 and 5. */
  const scripted = () => {
    const { db, mock } = mockedDb();
    const scheduled = [
      { siteId: 2, organizationId: 3 },
      { siteId: 5, organizationId: 3 },
      { siteId: 6, organizationId: 4 },
    ].map((site) => db.scheduledSite.put({ ...site, nextRunAt: T0 }).params().Item);
    /** Site `siteId`'s allocation, one line: `vehicleId` on port 1, with what `line` adds to it. */
    const allocation = (siteId: number, vehicleId: number, line: Record<string, unknown> = {}) =>
      db.siteAllocation
        .put({
          siteId,
          organizationId: 3,
          sequence: 1,
          computedAt: new Date(T0).toISOString(),
          chargingRateUnit: 'W',
          allocatedTotal: 0,
          allocatedTotalW: 0,
          lateVehicles: [],
          ports: [
            { portId: 1, chargerId: 4, portNumber: 1, sessionId: 9, limitW: 0, reason: 'planned', vehicleId, ...line },
          ],
        })
        .params().Item;
    mock.on(QueryCommand).resolves({ Items: scheduled });
    mock.on(BatchGetCommand).callsFake(async (input) => {
      const keys = input.RequestItems[TABLE].Keys as { pk: string; sk: string }[];
      const items = [allocation(2, 8)!, allocation(5, 1)!].filter((item) =>
        keys.some((k) => k.pk === item.pk && k.sk === item.sk),
      );
      return { Responses: { [TABLE]: items }, UnprocessedKeys: {} };
    });
    return { db, mock, allocation };
  };
  const departurePlan: TableChange = {
    eventName: 'MODIFY',
    newImage: { __edb_e__: 'departurePlan', organizationId: 3, vehicleId: 8 },
  };
  const vehicleState = (organizationId: number, vehicleId: number, socPercent = 50): TableChange => ({
    eventName: 'MODIFY',
    oldImage: { __edb_e__: 'vehicle', organizationId, vehicleId },
    newImage: {
      __edb_e__: 'vehicle',
      organizationId,
      vehicleId,
      telematicsReadAt: new Date(T0 + socPercent * 1000).toISOString(),
      telematicsSocPercent: socPercent,
      updatedAt: new Date(T0 + 10_000).toISOString(),
    },
  });

  it('query the scheduled sites once for departure plans and vehicle states together, and no allocation of a site already triggered', async () => {
    const { db, mock } = scripted();
    expect(await triggeredSites(db, [departurePlan, vehicleState(3, 8)], T0 + 60_000)).toEqual(
      new Map([
        [2, undefined],
        [5, undefined],
      ]),
    );
    expect(mock.commandCalls(QueryCommand)).toHaveLength(1);
    expect(mock.commandCalls(BatchGetCommand)).toHaveLength(0);
    expect(mock.commandCalls(GetCommand)).toHaveLength(0);
  });

  it("read the allocations of a vehicle's organization's sites in one request, and trigger the one it charges on", async () => {
    const { db, mock } = scripted();
    expect(await triggeredSites(db, [vehicleState(3, 8), vehicleState(3, 7)], T0 + 60_000)).toEqual(
      new Map([[2, T0 + 10_000]]),
    );
    expect(mock.commandCalls(QueryCommand)).toHaveLength(1);
    // The allocations alone: whether a running allocation reads the state is the request's condition.
    expect(mock.commandCalls(BatchGetCommand)).toHaveLength(1);
    expect(mock.commandCalls(GetCommand)).toHaveLength(0);
  });

  it("judge a burst of one vehicle's pushes by its latest: none when it repeats what the plan knows", async () => {
    const { db, mock, allocation } = scripted();
    // Site 5's line of vehicle 1 planned with SoC 40 and no target: a reading within 3 points of it plans nothing.
    const item = allocation(5, 1, { socPercent: 40, socSource: 'telematics' });
    mock.on(BatchGetCommand).callsFake(async (input) => {
      const keys = input.RequestItems[TABLE].Keys as { sk: string }[];
      return { Responses: { [TABLE]: keys.some((key) => key.sk === item!.sk) ? [item] : [] }, UnprocessedKeys: {} };
    });
    const burst = [vehicleState(3, 1, 30), vehicleState(3, 1, 35), vehicleState(3, 1, 42)];
    expect(await triggeredSites(db, burst, T0 + 60_000)).toEqual(new Map());
    expect(await triggeredSites(db, [...burst, vehicleState(3, 1, 44)], T0 + 60_000)).toEqual(
      new Map([[5, T0 + 10_000]]),
    );
  });

  it("name a vehicle state's site with when the latest state that changes its plan was stored", async () => {
    const { db } = scripted();
    const later = (c: TableChange, updatedAt: number): TableChange => ({
      ...c,
      newImage: { ...c.newImage, updatedAt: new Date(updatedAt).toISOString() },
    });
    // Two pushes of vehicle 8 in one batch: the latest is judged and its instant goes with the site.
    const pushes = [later(vehicleState(3, 8, 50), T0 + 12_000), later(vehicleState(3, 8, 60), T0 + 15_000)];
    expect(await triggeredSites(db, pushes, T0 + 60_000)).toEqual(new Map([[2, T0 + 15_000]]));
    // Without `updatedAt`, the instant it is judged at.
    const bare = vehicleState(3, 8);
    delete bare.newImage!.updatedAt;
    expect(await triggeredSites(db, [bare], T0 + 60_000)).toEqual(new Map([[2, T0 + 60_000]]));
  });

  it('read nothing for a batch of session changes alone', async () => {
    const { db, mock } = scripted();
    const start: TableChange = {
      eventName: 'INSERT',
      newImage: { __edb_e__: 'chargingSession', siteId: 9, status: 'Charging' },
    };
    expect(await triggeredSites(db, [start])).toEqual(new Map([[9, undefined]]));
    expect(mock.calls()).toHaveLength(0);
  });
});
