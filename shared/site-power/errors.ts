/** Domain errors of site power limits and smart charging. */
import { InvalidError, NotFoundError } from '../errors';

/** The spec §2.6 rule as one sentence, the same wherever it refuses something. */
export function ampLimitRule(siteId: number): string {
  return `Site ${siteId}: amp (A) power limits are not supported on sites with DCFC chargers (spec §2.6); use W limits there`;
}

/**
 * The spec §2.6 rule: amp (A) limits are for Level 2-only sites, so an A limit and a DCFC charger
 * never share a site. Worded the same wherever it refuses something (a limit, a charger
 * registration or retype); `field` names what was refused.
 */
export class AmpLimitRuleError extends InvalidError {
  /**
   * @param siteId the site
   * @param refused `limit` when an A limit was refused, `charger` when a DCFC charger was
   */
  constructor(siteId: number, refused: 'limit' | 'charger') {
    super(
      refused === 'limit' ? 'chargingRateUnit' : 'type',
      refused === 'limit'
        ? `A is not allowed: site ${siteId} has DCFC chargers`
        : `DCFC is not allowed: site ${siteId} holds an amp (A) power limit`,
      ampLimitRule(siteId),
    );
  }
}

/** No limit schedule has this ID on the site. */
export class SitePowerLimitNotFoundError extends NotFoundError {
  constructor(scheduleId: string, siteId: number) {
    super(`Site power limit schedule ${JSON.stringify(scheduleId)} not found on site ${siteId}`);
  }
}

/**
 * A time-of-day limit that breaks a rule of `docs/site-limit-schedules.md`, or an operator's
 * `--period` that is not `HH:MM=limit[/Days]`; `field` names the input (`period[2]`).
 */
export class InvalidLimitScheduleError extends InvalidError {}

/** An override that breaks a rule (its time window, its unit on the port). */
export class InvalidOverrideError extends InvalidError {}

/**
 * A tariff that breaks a rule of `docs/tariffs.md`: periods with a gap or an overlap, too many
 * periods on a day, a time zone that is not the site's. `field` names the input field in domain
 * terms (`energyPrices.3.startTime`, `timezone`).
 */
export class InvalidTariffError extends InvalidError {}

/** The site has no tariff. */
export class SiteTariffNotFoundError extends NotFoundError {
  constructor(siteId: number) {
    super(`Site ${siteId} has no tariff`);
  }
}
