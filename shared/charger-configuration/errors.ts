/** Domain errors of charger configuration. */
import { InvalidError } from '../errors';

/**
 * A setting the product relies on (`GUARDED_SETTINGS`), changed without `force`, or a credential
 * (never changed here): `field` names the setting in the request.
 */
export class GuardedSettingError extends InvalidError {
  /**
   * @param field the request's field naming the setting, e.g. `changes.0.key`
   * @param problem what the product relies on, and what to do
   */
  constructor(field: string, problem: string) {
    super(field, problem);
  }
}

/**
 * A setting in the other OCPP version's form: a 1.6 key for a 2.0.1 charger, a 2.0.1 variable
 * for a 1.6 charger.
 */
export class SettingFormError extends InvalidError {
  constructor(field: string, protocol: string) {
    super(
      field,
      protocol === 'ocpp1.6'
        ? 'the charger speaks OCPP 1.6: give configuration keys (`key`), not component variables'
        : 'the charger speaks OCPP 2.0.1: give component variables (`component`, `variable`), not keys',
    );
  }
}
