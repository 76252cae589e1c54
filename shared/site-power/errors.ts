/** Domain errors of site power limits and smart charging. */
import { InvalidError, NotFoundError } from '../errors';

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

/** A driver's estimate that breaks a rule (neither figure, a departure before the session or too far ahead). */
export class InvalidDriverEstimateError extends InvalidError {}

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
