import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, createTenant, startTestStack, uniqueOcppId, type Tenant } from '../support/stack';
import { registerArgs, runAdmin } from '../support/admin';
import type { LocalStack } from '../../../lib/local/stack';
import { responseValidator } from '../../support/openapi';
import { createApiKey } from '../../../shared/api/api-keys';
import { createSite } from '../../../shared/chargers/sites';
import { registerCharger, updateCharger } from '../../../shared/chargers/registration';
import { ampLimitRule } from '../../../shared/chargers/amp-limit-rule';
import { AmpLimitRuleError } from '../../../shared/chargers/amp-limit-rule';

let stack: LocalStack;
/** A site with a DCFC and a Level 2 charger. */
let tenant: Tenant;
let other: Tenant;
let validate: ReturnType<typeof responseValidator>;

beforeAll(async () => {
  stack = await startTestStack();
  [tenant, other] = await Promise.all([
    createTenant(stack, [
      { ocppId: uniqueOcppId('DC'), name: 'Fast', type: 'DCFC', ports: [{ connectorType: 'CCS1' }] },
      { ocppId: uniqueOcppId('L2'), name: 'Slow', type: 'Level 2', ports: [{ connectorType: 'J1772' }] },
    ]),
    createTenant(stack),
  ]);
  validate = responseValidator((await api(stack, '/api/openapi.json')).body);
});
afterAll(async () => stack?.close());

const limitsPath = (siteId: number | string) => `/api/site/${siteId}/limits`;
const setLimit = (siteId: number | string, schedule: unknown, key = tenant.apiKey) =>
  api(stack, limitsPath(siteId), { key, method: 'POST', body: { sitePowerLimitSchedule: schedule } });
const getLimits = async (siteId: number | string, key = tenant.apiKey) => api(stack, limitsPath(siteId), { key });
const deleteLimit = (siteId: number | string, id: string, key = tenant.apiKey) =>
  api(stack, `${limitsPath(siteId)}/${encodeURIComponent(id)}`, { key, method: 'DELETE' });
/** A new Level 2-only site of the tenant. */
const level2Site = async (chargers = 1) => {
  const site = await createSite(stack.db, {
    organizationId: tenant.organizationId,
    name: `L2 only ${Math.random()}`,
    timezone: 'America/Denver',
  });
  for (let i = 0; i < chargers; i++)
    await registerCharger(stack.db, {
      siteId: site.id,
      ocppId: uniqueOcppId('L2'),
      name: 'L2',
      type: 'Level 2',
      ports: [{ connectorType: 'J1772' }],
    });
  return site.id;
};

describe('POST /api/site/{siteId}/limits', () => {
  it('creates the schedule (201) with a string id, in the reference shape, and answers sitePowerLimitScheduleId too', async () => {
    const siteId = await level2Site();
    const { status, body } = await setLimit(siteId, { type: 'capacity', limit: 80_000, chargingRateUnit: 'W' });
    expect(status).toBe(201);
    expect(body).toEqual({
      sitePowerLimitScheduleId: expect.any(String),
      sitePowerLimitSchedule: {
        id: body.sitePowerLimitScheduleId,
        createdAt: expect.any(String),
        source: 'api',
        userEmail: expect.stringMatching(/^API key \d+$/),
        type: 'capacity',
        schedules: [
          {
            daysOfWeek: [1, 2, 3, 4, 5, 6, 7],
            chargingRateUnit: 'W',
            chargingSchedulePeriods: [{ startPeriod: 0, limit: 80_000 }],
          },
        ],
      },
    });
    expect(validate('/api/site/{siteId}/limits', 'POST', 201, body)).toEqual([]);
    const listed = await getLimits(siteId);
    expect(listed.body).toEqual({ sitePowerLimitSchedules: [body.sitePowerLimitSchedule] });
    expect(validate('/api/site/{siteId}/limits', 'GET', 200, listed.body)).toEqual([]);
  });

  it('replaces the current limit of the same type: one per type, and the replaced id becomes unknown', async () => {
    const siteId = await level2Site();
    const first = await setLimit(siteId, { type: 'cost', limit: 50_000, chargingRateUnit: 'W' });
    const second = await setLimit(siteId, { type: 'cost', limit: 120, chargingRateUnit: 'A' });
    const capacity = await setLimit(siteId, { type: 'capacity', limit: 200, chargingRateUnit: 'A' });
    expect(second.body.sitePowerLimitScheduleId).not.toBe(first.body.sitePowerLimitScheduleId);
    const { body } = await getLimits(siteId);
    expect(body.sitePowerLimitSchedules.map((s: { id: string; type: string }) => [s.type, s.id])).toEqual([
      ['capacity', capacity.body.sitePowerLimitScheduleId],
      ['cost', second.body.sitePowerLimitScheduleId],
    ]);
    expect((await deleteLimit(siteId, first.body.sitePowerLimitScheduleId)).status).toBe(404);
  });

  it('accepts a limit of 0 (vehicles still start at their minimum power)', async () => {
    const siteId = await level2Site();
    const { status, body } = await setLimit(siteId, { type: 'cost', limit: 0, chargingRateUnit: 'W' });
    expect(status).toBe(201);
    expect(body.sitePowerLimitSchedule.schedules[0].chargingSchedulePeriods).toEqual([{ startPeriod: 0, limit: 0 }]);
  });

  it('refuses an amp limit on a site with a DCFC charger, naming the rule, and stores nothing', async () => {
    const { status, body } = await setLimit(tenant.siteId, { type: 'capacity', limit: 400, chargingRateUnit: 'A' });
    expect(status).toBe(400);
    expect(body.detail).toBe(ampLimitRule(tenant.siteId));
    expect(body.errors).toEqual([
      { path: 'body.sitePowerLimitSchedule.chargingRateUnit', message: expect.stringContaining('DCFC') },
    ]);
    expect(validate('/api/site/{siteId}/limits', 'POST', 400, body, 'application/problem+json')).toEqual([]);
    expect((await getLimits(tenant.siteId)).body.sitePowerLimitSchedules).toEqual([]);
    expect((await setLimit(tenant.siteId, { type: 'capacity', limit: 400_000, chargingRateUnit: 'W' })).status).toBe(
      201,
    );
    expect(
      (await deleteLimit(tenant.siteId, (await getLimits(tenant.siteId)).body.sitePowerLimitSchedules[0].id)).status,
    ).toBe(204);
  });

  it('counts the DCFC chargers of a site created before the count existed', async () => {
    const siteId = await level2Site(0);
    await registerCharger(stack.db, {
      siteId,
      ocppId: uniqueOcppId('DC'),
      name: 'Legacy DC',
      type: 'DCFC',
      ports: [{ connectorType: 'CCS1' }],
    });
    await stack.db.site.update({ siteId }).remove(['dcfcChargerCount']).go();
    const { status, body } = await setLimit(siteId, { type: 'cost', limit: 100, chargingRateUnit: 'A' });
    expect(status).toBe(400);
    expect(body.detail).toBe(ampLimitRule(siteId));
    expect((await stack.db.site.get({ siteId }).go()).data?.dcfcChargerCount).toBe(1);
  });
});

describe('POST /api/site/{siteId}/limits with schedules (a limit by time of day)', () => {
  const weekdays = {
    daysOfWeek: [5, 4, 3, 2, 1],
    chargingSchedulePeriods: [
      { startPeriod: 0, limit: 300_000 },
      { startPeriod: 57_600, limit: 100_000 },
    ],
  };
  const weekend = {
    daysOfWeek: [6, 7],
    chargingRateUnit: 'W',
    chargingSchedulePeriods: [{ startPeriod: 0, limit: 200_000 }],
  };

  it('stores the schedules, answers and lists them as stored (days ascending, by first day), limit the highest', async () => {
    const siteId = await level2Site();
    const { status, body } = await setLimit(siteId, {
      type: 'capacity',
      chargingRateUnit: 'W',
      schedules: [weekend, weekdays],
    });
    expect(status).toBe(201);
    expect(validate('/api/site/{siteId}/limits', 'POST', 201, body)).toEqual([]);
    expect(body.sitePowerLimitSchedule.schedules).toEqual([
      { ...weekdays, daysOfWeek: [1, 2, 3, 4, 5], chargingRateUnit: 'W' },
      weekend,
    ]);
    const listed = await getLimits(siteId);
    expect(listed.body).toEqual({ sitePowerLimitSchedules: [body.sitePowerLimitSchedule] });
    expect(validate('/api/site/{siteId}/limits', 'GET', 200, listed.body)).toEqual([]);
    const { data } = await stack.db.sitePowerLimit.get({ siteId, type: 'capacity' }).go();
    expect(data).toMatchObject({
      limit: 300_000,
      chargingRateUnit: 'W',
      schedules: [{ daysOfWeek: [1, 2, 3, 4, 5] }, { daysOfWeek: [6, 7] }],
    });
    // Replaced by a flat limit: the schedules go with the item.
    await setLimit(siteId, { type: 'capacity', limit: 50_000, chargingRateUnit: 'W' });
    expect((await stack.db.sitePowerLimit.get({ siteId, type: 'capacity' }).go()).data?.schedules).toBeUndefined();
  });

  it('stores one all-week schedule of one period as the flat limit it is', async () => {
    const siteId = await level2Site();
    const schedules = [
      { daysOfWeek: [1, 2, 3, 4, 5, 6, 7], chargingSchedulePeriods: [{ startPeriod: 0, limit: 11_000 }] },
    ];
    const { body } = await setLimit(siteId, { type: 'cost', chargingRateUnit: 'W', schedules });
    expect(body.sitePowerLimitSchedule.schedules).toEqual([{ ...schedules[0], chargingRateUnit: 'W' }]);
    const { data } = await stack.db.sitePowerLimit.get({ siteId, type: 'cost' }).go();
    expect(data).toMatchObject({ limit: 11_000 });
    expect(data?.schedules).toBeUndefined();
  });

  it('keeps the DCFC / amp rule: amp schedules on a site with a DCFC charger are refused, nothing stored', async () => {
    const amps = {
      daysOfWeek: [1, 2, 3, 4, 5, 6, 7],
      chargingSchedulePeriods: [
        { startPeriod: 0, limit: 400 },
        { startPeriod: 57_600, limit: 100 },
      ],
    };
    const { status, body } = await setLimit(tenant.siteId, {
      type: 'capacity',
      chargingRateUnit: 'A',
      schedules: [amps],
    });
    expect(status).toBe(400);
    expect(body.detail).toBe(ampLimitRule(tenant.siteId));
    expect((await getLimits(tenant.siteId)).body.sitePowerLimitSchedules).toEqual([]);
    const siteId = await level2Site();
    expect((await setLimit(siteId, { type: 'capacity', chargingRateUnit: 'A', schedules: [amps] })).status).toBe(201);
  });
});

describe('the DCFC / amp-limit rule on chargers (operator CLI)', () => {
  it('refuses to register a DCFC charger on a site that holds an amp limit, with the same rule', async () => {
    const siteId = await level2Site();
    expect((await setLimit(siteId, { type: 'capacity', limit: 300, chargingRateUnit: 'A' })).status).toBe(201);
    const ocppId = uniqueOcppId('DC');
    const dcfc = registerArgs({ siteId, ocppId, type: 'DCFC', connectorType: 'CCS1' });
    const cli = await runAdmin(stack, ...dcfc);
    expect(cli.code).toBe(1);
    expect(cli.stderr).toContain(`error: ${ampLimitRule(siteId)}`);
    expect(cli.stderr).toContain('type: DCFC is not allowed');
    expect((await api(stack, `/api/chargers/by-ocpp-id/${ocppId}`, { key: tenant.apiKey })).status).toBe(404);
    expect((await stack.db.site.get({ siteId }).go()).data?.dcfcChargerCount).toBe(0);
    // A Level 2 charger is still welcome, and a W limit instead lets the DCFC charger in.
    const level2 = registerArgs({ siteId, ocppId: uniqueOcppId('L2'), type: 'Level 2', connectorType: 'J1772' });
    expect((await runAdmin(stack, ...level2)).code).toBe(0);
    await setLimit(siteId, { type: 'capacity', limit: 300_000, chargingRateUnit: 'W' });
    expect((await runAdmin(stack, ...dcfc)).code).toBe(0);
    expect((await stack.db.site.get({ siteId }).go()).data?.dcfcChargerCount).toBe(1);
  });

  it('refuses to retype a charger to DCFC on such a site; retyping away from DCFC frees the site for amp limits', async () => {
    const siteId = await level2Site(0);
    const charger = await registerCharger(stack.db, {
      siteId,
      ocppId: uniqueOcppId('L2'),
      name: 'L2',
      type: 'Level 2',
      ports: [{ connectorType: 'J1772' }],
    });
    await setLimit(siteId, { type: 'cost', limit: 64, chargingRateUnit: 'A' });
    const cli = await runAdmin(stack, 'chargers', 'update', '--id', String(charger.id), '--type', 'DCFC');
    expect(cli.code).toBe(1);
    expect(cli.stderr).toContain(`error: ${ampLimitRule(siteId)}`);
    expect((await api(stack, `/api/chargers/${charger.id}`, { key: tenant.apiKey })).body.data.type).toBe('Level 2');

    const dc = await registerCharger(stack.db, {
      siteId: await level2Site(0),
      ocppId: uniqueOcppId('DC'),
      name: 'DC',
      type: 'DCFC',
      ports: [{ connectorType: 'CCS1' }],
    });
    const dcSite = dc.site.id;
    expect((await setLimit(dcSite, { type: 'cost', limit: 64, chargingRateUnit: 'A' })).status).toBe(400);
    await updateCharger(stack.db, dc.id, { type: 'Level 2' });
    expect((await setLimit(dcSite, { type: 'cost', limit: 64, chargingRateUnit: 'A' })).status).toBe(201);
  });

  it('lets the database decide when an amp limit and a DCFC registration race: never both (10 rounds)', async () => {
    for (let round = 0; round < 10; round++) {
      const siteId = await level2Site(0);
      const [limit, registration] = await Promise.allSettled([
        setLimit(siteId, { type: 'capacity', limit: 100, chargingRateUnit: 'A' }),
        registerCharger(stack.db, {
          siteId,
          ocppId: uniqueOcppId('DC'),
          name: 'DC',
          type: 'DCFC',
          ports: [{ connectorType: 'CCS1' }],
        }),
      ]);
      const limitSet = limit.status === 'fulfilled' && limit.value.status === 201;
      const registered = registration.status === 'fulfilled';
      expect(limitSet !== registered, `round ${round}: limit ${limitSet}, DCFC ${registered}`).toBe(true);
      if (!registered) expect((registration as PromiseRejectedResult).reason).toBeInstanceOf(AmpLimitRuleError);
    }
  });
});

describe('GET and DELETE /api/site/{siteId}/limits', () => {
  it('answers an empty list for a site without limits', async () => {
    const { status, body } = await getLimits(await level2Site());
    expect(status).toBe(200);
    expect(body).toEqual({ sitePowerLimitSchedules: [] });
  });

  it('clears a limit with 204 and an empty body; the schedule is then unknown (404)', async () => {
    const siteId = await level2Site();
    const { body } = await setLimit(siteId, { type: 'capacity', limit: 11_000, chargingRateUnit: 'W' });
    const cleared = await deleteLimit(siteId, body.sitePowerLimitScheduleId);
    expect(cleared.status).toBe(204);
    expect(cleared.body).toBeUndefined();
    expect(validate('/api/site/{siteId}/limits/{scheduleId}', 'DELETE', 204, cleared.body)).toEqual([]);
    expect((await getLimits(siteId)).body.sitePowerLimitSchedules).toEqual([]);
    const again = await deleteLimit(siteId, body.sitePowerLimitScheduleId);
    expect(again.status).toBe(404);
    expect(
      validate('/api/site/{siteId}/limits/{scheduleId}', 'DELETE', 404, again.body, 'application/problem+json'),
    ).toEqual([]);
  });

  it("answers 404 for an unknown schedule or site, and never deletes another site's limit", async () => {
    const [siteA, siteB] = [await level2Site(), await level2Site()];
    const { body } = await setLimit(siteA, { type: 'cost', limit: 9_000, chargingRateUnit: 'W' });
    expect((await deleteLimit(siteA, 'nope')).status).toBe(404);
    expect((await deleteLimit(siteA, 'cost-00000000-0000-0000-0000-000000000000')).status).toBe(404);
    expect((await deleteLimit(siteB, body.sitePowerLimitScheduleId)).status).toBe(404);
    expect((await deleteLimit(987_654_321, body.sitePowerLimitScheduleId)).status).toBe(404);
    expect((await getLimits(987_654_321)).status).toBe(404);
    expect((await getLimits(siteA)).body.sitePowerLimitSchedules).toHaveLength(1);
  });
});

describe('scoping', () => {
  it("lets a site-scoped key reach only its own site; another organization's site is 404 like an unknown one", async () => {
    const ownSite = await level2Site();
    const siteKey = await createApiKey(stack.db, {
      organizationId: tenant.organizationId,
      scope: 'site',
      siteId: ownSite,
    });
    expect(
      (await setLimit(ownSite, { type: 'cost', limit: 1_000, chargingRateUnit: 'W' }, siteKey.apiKey)).status,
    ).toBe(201);
    expect((await getLimits(ownSite, siteKey.apiKey)).body.sitePowerLimitSchedules).toHaveLength(1);
    expect((await getLimits(tenant.siteId, siteKey.apiKey)).status).toBe(404);
    expect(
      (await setLimit(tenant.siteId, { type: 'cost', limit: 1_000, chargingRateUnit: 'W' }, siteKey.apiKey)).status,
    ).toBe(404);

    const theirs = await setLimit(other.siteId, { type: 'cost', limit: 1_000, chargingRateUnit: 'W' }, other.apiKey);
    const foreign = await getLimits(other.siteId);
    expect(foreign.status).toBe(404);
    expect(foreign.body.title).toBe((await getLimits(987_654_321)).body.title);
    expect((await setLimit(other.siteId, { type: 'cost', limit: 5, chargingRateUnit: 'W' })).status).toBe(404);
    expect((await deleteLimit(other.siteId, theirs.body.sitePowerLimitScheduleId)).status).toBe(404);
    expect((await getLimits(other.siteId, other.apiKey)).body.sitePowerLimitSchedules).toEqual([
      theirs.body.sitePowerLimitSchedule,
    ]);
  });
});

describe('bad input', () => {
  let siteId: number;
  let key: string;
  beforeAll(async () => {
    siteId = await level2Site();
    key = (await createApiKey(stack.db, { organizationId: tenant.organizationId, scope: 'organization' })).apiKey;
    await setLimit(siteId, { type: 'capacity', limit: 22_000, chargingRateUnit: 'W' }, key);
  });

  const schedule = (fields: Record<string, unknown>) => ({
    type: 'cost',
    limit: 1_000,
    chargingRateUnit: 'W',
    ...fields,
  });
  /** Every day: 1 kW, then 500 W from 16:00 (or the periods given). */
  const allWeek = (
    chargingSchedulePeriods: unknown[] = [
      { startPeriod: 0, limit: 1_000 },
      { startPeriod: 57_600, limit: 500 },
    ],
  ) => ({ daysOfWeek: [1, 2, 3, 4, 5, 6, 7], chargingSchedulePeriods });
  const withSchedules = (schedules: unknown[], fields: Record<string, unknown> = {}) => ({
    sitePowerLimitSchedule: { type: 'cost', chargingRateUnit: 'W', schedules, ...fields },
  });
  it.each<[string, unknown, string]>([
    ['a negative limit', { sitePowerLimitSchedule: schedule({ limit: -5 }) }, 'body.sitePowerLimitSchedule.limit'],
    ['a fractional limit', { sitePowerLimitSchedule: schedule({ limit: 1.5 }) }, 'body.sitePowerLimitSchedule.limit'],
    [
      'a limit given as a string',
      { sitePowerLimitSchedule: schedule({ limit: '100' }) },
      'body.sitePowerLimitSchedule.limit',
    ],
    ['a null limit', { sitePowerLimitSchedule: schedule({ limit: null }) }, 'body.sitePowerLimitSchedule.limit'],
    [
      'a missing limit',
      { sitePowerLimitSchedule: { type: 'cost', chargingRateUnit: 'W' } },
      'body.sitePowerLimitSchedule.limit',
    ],
    [
      'a limit over 100 MW',
      { sitePowerLimitSchedule: schedule({ limit: 100_000_001 }) },
      'body.sitePowerLimitSchedule.limit',
    ],
    [
      'an amp limit over 100 kA',
      { sitePowerLimitSchedule: schedule({ limit: 100_001, chargingRateUnit: 'A' }) },
      'body.sitePowerLimitSchedule.limit',
    ],
    ['an unknown type', { sitePowerLimitSchedule: schedule({ type: 'peak' }) }, 'body.sitePowerLimitSchedule.type'],
    [
      'an unknown unit',
      { sitePowerLimitSchedule: schedule({ chargingRateUnit: 'kW' }) },
      'body.sitePowerLimitSchedule.chargingRateUnit',
    ],
    [
      'an unknown schedule field',
      { sitePowerLimitSchedule: schedule({ startTime: '16:00' }) },
      'body.sitePowerLimitSchedule.startTime',
    ],
    ['limit and schedules both', withSchedules([allWeek()], { limit: 1_000 }), 'body.sitePowerLimitSchedule.schedules'],
    ['empty schedules', withSchedules([]), 'body.sitePowerLimitSchedule.schedules'],
    [
      'a schedule not starting at 00:00',
      withSchedules([allWeek([{ startPeriod: 3_600, limit: 5 }])]),
      'body.sitePowerLimitSchedule.schedules.0.chargingSchedulePeriods.0.startPeriod',
    ],
    [
      'periods out of order',
      withSchedules([
        allWeek([
          { startPeriod: 0, limit: 5 },
          { startPeriod: 7_200, limit: 6 },
          { startPeriod: 3_600, limit: 7 },
        ]),
      ]),
      'body.sitePowerLimitSchedule.schedules.0.chargingSchedulePeriods.2.startPeriod',
    ],
    [
      'two periods at one time',
      withSchedules([
        allWeek([
          { startPeriod: 0, limit: 5 },
          { startPeriod: 0, limit: 6 },
        ]),
      ]),
      'body.sitePowerLimitSchedule.schedules.0.chargingSchedulePeriods.1.startPeriod',
    ],
    [
      'a start at the end of the day',
      withSchedules([
        allWeek([
          { startPeriod: 0, limit: 5 },
          { startPeriod: 86_400, limit: 6 },
        ]),
      ]),
      'body.sitePowerLimitSchedule.schedules.0.chargingSchedulePeriods.1.startPeriod',
    ],
    [
      'a weekday in two schedules',
      withSchedules([allWeek(), { daysOfWeek: [6], chargingSchedulePeriods: [{ startPeriod: 0, limit: 5 }] }]),
      'body.sitePowerLimitSchedule.schedules.1.daysOfWeek',
    ],
    [
      'a weekday in no schedule',
      withSchedules([{ daysOfWeek: [1, 2, 3, 4, 5], chargingSchedulePeriods: [{ startPeriod: 0, limit: 5 }] }]),
      'body.sitePowerLimitSchedule.schedules',
    ],
    [
      'more than 96 periods',
      withSchedules([allWeek(Array.from({ length: 97 }, (_, i) => ({ startPeriod: i * 600, limit: 5 })))]),
      'body.sitePowerLimitSchedule.schedules.0.chargingSchedulePeriods',
    ],
    [
      'a negative period limit',
      withSchedules([allWeek([{ startPeriod: 0, limit: -5 }])]),
      'body.sitePowerLimitSchedule.schedules.0.chargingSchedulePeriods.0.limit',
    ],
    [
      'a fractional period limit',
      withSchedules([allWeek([{ startPeriod: 0, limit: 2.5 }])]),
      'body.sitePowerLimitSchedule.schedules.0.chargingSchedulePeriods.0.limit',
    ],
    [
      "a schedule in another unit than the limit's",
      withSchedules([{ ...allWeek(), chargingRateUnit: 'A' }]),
      'body.sitePowerLimitSchedule.schedules.0.chargingRateUnit',
    ],
    ['a body missing the wrapper object', schedule({}), 'body.sitePowerLimitSchedule'],
    ['a null wrapper', { sitePowerLimitSchedule: null }, 'body.sitePowerLimitSchedule'],
  ])('answers 400 naming the field for %s, and changes nothing', async (_name, body, path) => {
    const before = (await getLimits(siteId, key)).body;
    const { status, body: problem } = await api(stack, limitsPath(siteId), { key, method: 'POST', body });
    expect(status).toBe(400);
    expect(problem.errors.map((e: { path: string }) => e.path)).toContain(path);
    expect(validate('/api/site/{siteId}/limits', 'POST', 400, problem, 'application/problem+json')).toEqual([]);
    expect((await getLimits(siteId, key)).body).toEqual(before);
  });

  it.each(['abc', '0', '-1', '1.5', '1e3', '9'.repeat(16)])(
    'answers 400 naming pathParameters.siteId for the site ID %s',
    async (id) => {
      const answers = [
        await getLimits(id, key),
        await setLimit(id, schedule({}), key),
        await deleteLimit(id, 'cost-x', key),
      ];
      for (const { status, body } of answers) {
        expect(status).toBe(400);
        expect(body.errors[0].path).toBe('pathParameters.siteId');
      }
    },
  );
});
