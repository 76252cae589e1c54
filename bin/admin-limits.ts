/**
 * Operator CLI commands of site power limits (`npm run admin -- sites set-limit|get-limits`): a flat
 * limit, or one by time of day in the site's time zone (`docs/site-limit-schedules.md`).
 */
import { Option, type Command } from 'commander';
import type { Db } from '../shared/db';
import {
  CHARGING_RATE_UNITS,
  getSitePowerLimits,
  operatorSite,
  parseLimitPeriods,
  putSitePowerLimit,
  SITE_POWER_LIMIT_TYPES,
  sitePowerLimitInputSchema,
  sitePowerLimitSchedules,
} from '../shared/site-power';
import { asOption, decimal, InputError, parse, positiveInteger, run } from './cli-support';

/**
 * Adds `set-limit` and `get-limits` to the `sites` command.
 * @param db opens the table the CLI's options name
 */
export function addLimitCommands(sites: Command, db: () => Db): void {
  sites
    .command('set-limit')
    .description(
      "Set a site's cost or capacity power limit (replaces the one of that type): flat with --limit, or by time of " +
        "day in the site's time zone with --period, e.g. --period 00:00=300000 --period 16:00=100000 (300 kW until " +
        '16:00, then 100 kW); see docs/site-limit-schedules.md',
    )
    .requiredOption('--site-id <id>', 'site ID', positiveInteger)
    .addOption(
      new Option('--type <type>', 'capacity (hard cap) or cost (soft cap)')
        .choices(SITE_POWER_LIMIT_TYPES)
        .makeOptionMandatory(),
    )
    .addOption(
      new Option('--unit <unit>', 'unit of every limit: W, or A (not on sites with DCFC chargers)')
        .choices(CHARGING_RATE_UNITS)
        .makeOptionMandatory(),
    )
    .addOption(
      new Option('--limit <limit>', 'a flat limit, in --unit, an integer').argParser(decimal).conflicts('period'),
    )
    .option(
      '--period <HH:MM=limit[/Days]>',
      'repeatable: from HH:MM (local time) the limit in --unit, on Days (e.g. Mon-Fri or Sat,Sun; default every day); ' +
        'the periods of the same days make one schedule, in time order from 00:00, and each weekday is in one schedule',
      (value: string, previous: string[] = []) => [...previous, value],
    )
    .action(
      run(async (o: { siteId: number; type: string; unit: string; limit?: number; period?: string[] }) => {
        if (o.limit === undefined && o.period === undefined) {
          throw new InputError([{ field: 'limit', problem: 'give --limit (flat) or --period (by time of day)' }]);
        }
        const periods = o.period && parseLimitPeriods(o.period);
        const input = parse(
          sitePowerLimitInputSchema,
          {
            type: o.type,
            chargingRateUnit: o.unit,
            ...(periods ? { schedules: periods.schedules } : { limit: o.limit }),
          },
          periods ? periods.fieldOf : undefined,
        );
        const data = db();
        const site = await operatorSite(data, o.siteId);
        try {
          const sitePowerLimitSchedule = await putSitePowerLimit(data, site, input);
          return { siteId: site.siteId, timezone: site.timezone, sitePowerLimitSchedule };
        } catch (error) {
          throw asOption(error, { chargingRateUnit: 'unit' });
        }
      }),
    );
  sites
    .command('get-limits')
    .description("Print a site's power limits (capacity, then cost), in the API's shape, with the site's time zone")
    .requiredOption('--site-id <id>', 'site ID', positiveInteger)
    .action(
      run(async (o: { siteId: number }) => {
        const data = db();
        const site = await operatorSite(data, o.siteId);
        const limits = await getSitePowerLimits(data, site.siteId);
        return {
          siteId: site.siteId,
          timezone: site.timezone,
          sitePowerLimitSchedules: sitePowerLimitSchedules(limits),
        };
      }),
    );
}
