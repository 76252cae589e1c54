/**
 * The operator CLI's site power limits (`sites set-limit`, `sites get-limits`) as a process against
 * the local stack's table: a limit by time of day from `--period` options, read back by the CLI
 * and by the API; a flat one with `--limit`; each bad input exits 1 with a message naming the
 * option, and stores nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, createTenant, startTestStack, uniqueOcppId, type Tenant } from './support/stack';
import { runAdmin } from './support/admin';
import type { LocalStack } from '../../lib/local/stack';

let stack: LocalStack;
/** A Level 2-only site (America/Chicago), and a site with a DCFC charger. */
let level2: Tenant;
let dcfc: Tenant;
const admin = (...args: string[]) => runAdmin(stack, ...args);
const setLimit = (tenant: Tenant, ...args: string[]) =>
  admin('sites', 'set-limit', '--site-id', String(tenant.siteId), ...args);
const periods = (...texts: string[]) => texts.flatMap((text) => ['--period', text]);

beforeAll(async () => {
  stack = await startTestStack();
  [level2, dcfc] = await Promise.all([
    createTenant(stack, [
      { ocppId: uniqueOcppId('L2'), name: 'L2', type: 'Level 2', ports: [{ connectorType: 'J1772' }] },
    ]),
    createTenant(stack, [{ ocppId: uniqueOcppId('DC'), name: 'DC', type: 'DCFC', ports: [{ connectorType: 'CCS1' }] }]),
  ]);
});
afterAll(async () => stack?.close());

describe('sites set-limit and get-limits', () => {
  it('sets a capacity limit by time of day (weekdays apart from the weekend), read back by the CLI and the API', async () => {
    const set = await setLimit(
      level2,
      ...['--type', 'capacity', '--unit', 'W'],
      ...periods('00:00=300000/Mon-Fri', '16:00=100000/Mon-Fri', '21:00=300000/Mon-Fri', '00:00=200000/Sat,Sun'),
    );
    expect(set.stderr).toBe('');
    expect(set.code).toBe(0);
    expect(set.json).toEqual({
      siteId: level2.siteId,
      timezone: 'America/Chicago',
      sitePowerLimitSchedule: {
        id: expect.stringMatching(/^capacity-/),
        createdAt: expect.any(String),
        source: 'api',
        type: 'capacity',
        // The operator CLI is no person and no API key: nobody is recorded.
        userEmail: null,
        schedules: [
          {
            daysOfWeek: [1, 2, 3, 4, 5],
            chargingRateUnit: 'W',
            chargingSchedulePeriods: [
              { startPeriod: 0, limit: 300_000 },
              { startPeriod: 57_600, limit: 100_000 },
              { startPeriod: 75_600, limit: 300_000 },
            ],
          },
          { daysOfWeek: [6, 7], chargingRateUnit: 'W', chargingSchedulePeriods: [{ startPeriod: 0, limit: 200_000 }] },
        ],
      },
    });
    const { data } = await stack.db.sitePowerLimit.get({ siteId: level2.siteId, type: 'capacity' }).go();
    expect(data?.limit).toBe(300_000);

    const read = await admin('sites', 'get-limits', '--site-id', String(level2.siteId));
    expect(read.json).toEqual({
      siteId: level2.siteId,
      timezone: 'America/Chicago',
      sitePowerLimitSchedules: [set.json.sitePowerLimitSchedule],
    });
    const viaApi = await api(stack, `/api/site/${level2.siteId}/limits`, { key: level2.apiKey });
    expect(viaApi.body).toEqual({ sitePowerLimitSchedules: [set.json.sitePowerLimitSchedule] });
  }, 30_000);

  it("sets the docs' example every day (300 kW until 16:00, then 100 kW), and a flat cost limit with --limit", async () => {
    const schedule = await setLimit(
      dcfc,
      '--type',
      'capacity',
      '--unit',
      'W',
      ...periods('00:00=300000', '16:00=100000'),
    );
    expect(schedule.json.sitePowerLimitSchedule.schedules).toEqual([
      {
        daysOfWeek: [1, 2, 3, 4, 5, 6, 7],
        chargingRateUnit: 'W',
        chargingSchedulePeriods: [
          { startPeriod: 0, limit: 300_000 },
          { startPeriod: 57_600, limit: 100_000 },
        ],
      },
    ]);
    const flat = await setLimit(dcfc, '--type', 'cost', '--unit', 'W', '--limit', '80000');
    expect(flat.json.sitePowerLimitSchedule.schedules).toEqual([
      {
        daysOfWeek: [1, 2, 3, 4, 5, 6, 7],
        chargingRateUnit: 'W',
        chargingSchedulePeriods: [{ startPeriod: 0, limit: 80_000 }],
      },
    ]);
    const { data } = await stack.db.sitePowerLimit.get({ siteId: dcfc.siteId, type: 'cost' }).go();
    expect(data?.schedules).toBeUndefined();
  }, 30_000);
});

describe('sites set-limit refuses bad input, naming the option, and stores nothing', () => {
  const weekdaysOnly = periods('00:00=5/Mon-Fri');
  /** 97 periods, every 10 minutes from 00:00 to 16:00. */
  const clock = (minutes: number) =>
    `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
  const many = periods(...Array.from({ length: 97 }, (_, i) => `${clock(i * 10)}=5`));
  it.concurrent.each<[string, () => Tenant, string[], RegExp]>([
    [
      'a first period after 00:00',
      () => level2,
      periods('06:00=5'),
      /period\.start: the first period must start at 0 \(00:00/,
    ],
    [
      'periods out of order',
      () => level2,
      periods('00:00=5', '16:00=3', '08:00=4'),
      /period\[2\]\.start: must be after the previous period's start \(16:00\)/,
    ],
    ['two periods at one time', () => level2, periods('00:00=5', '00:00=3'), /period\[1\]\.start: must not repeat/],
    [
      'a day in two schedules',
      () => level2,
      periods('00:00=5/Mon-Fri', '00:00=3/Fri-Sun'),
      /period\[1\]\.days: Friday \(5\) is also in schedules\.0/,
    ],
    ['days in no schedule', () => level2, weekdaysOnly, /period: Saturday \(6\), Sunday \(7\) are in no schedule/],
    ['more than 96 periods', () => level2, many, /\n {2}period: must have at most 96 periods/],
    ['a negative limit', () => level2, periods('00:00=-5'), /period\.limit: must not be negative/],
    [
      'a fractional limit',
      () => level2,
      periods('00:00=300000', '16:00=1.5'),
      /period\[1\]\.limit: must be an integer/,
    ],
    ['a period that is not HH:MM=limit', () => level2, periods('16h=5'), /period: must be HH:MM=limit\[\/Days\]/],
    ['an unknown day', () => level2, periods('00:00=5/Funday'), /period: days must be like Mon-Fri/],
    ['neither --limit nor --period', () => level2, [], /limit: give --limit \(flat\) or --period/],
    ['both --limit and --period', () => level2, ['--limit', '5', ...periods('00:00=5')], /cannot be used with/],
    ['a negative flat limit', () => level2, ['--limit', '-5'], /limit: must not be negative/],
  ])('%s', async (_name, tenant, args, message) => {
    const before = (await stack.db.sitePowerLimit.query.primary({ siteId: tenant().siteId }).go()).data;
    const result = await setLimit(tenant(), '--type', 'cost', '--unit', 'W', ...args);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(message);
    expect(result.stdout).toBe('');
    expect((await stack.db.sitePowerLimit.query.primary({ siteId: tenant().siteId }).go()).data).toEqual(before);
  });

  it('an amp limit on a site with a DCFC charger, with the §2.6 rule', async () => {
    const before = (await stack.db.sitePowerLimit.query.primary({ siteId: dcfc.siteId }).go()).data;
    const result = await setLimit(dcfc, '--type', 'cost', '--unit', 'A', ...periods('00:00=64', '16:00=32'));
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`amp (A) power limits are not supported on sites with DCFC chargers`);
    expect(result.stderr).toContain(`unit: A is not allowed: site ${dcfc.siteId} has DCFC chargers`);
    expect((await stack.db.sitePowerLimit.query.primary({ siteId: dcfc.siteId }).go()).data).toEqual(before);
  });

  it('an unknown type or unit, and an unknown site', async () => {
    const type = await setLimit(level2, '--type', 'peak', '--unit', 'W', '--limit', '5');
    expect(type.stderr).toMatch(/option '--type <type>' argument 'peak' is invalid/);
    const unit = await setLimit(level2, '--type', 'cost', '--unit', 'kW', '--limit', '5');
    expect(unit.stderr).toMatch(/option '--unit <unit>' argument 'kW' is invalid/);
    const site = await admin(
      'sites',
      'set-limit',
      '--site-id',
      '99999999',
      '--type',
      'cost',
      '--unit',
      'W',
      '--limit',
      '5',
    );
    expect(site.stderr).toMatch(/Site 99999999 not found/);
    expect([type.code, unit.code, site.code]).toEqual([1, 1, 1]);
  });
});
