/**
 * Reading what a charger says it can do, for the commands that learn it (reservations,
 * smart charging, the local authorization list): OCPP 1.6 configuration keys of a GetConfiguration
 * answer (§5.8, §9.1: `SupportedFeatureProfiles` is a comma-separated list, §9.1.29), and OCPP
 * 2.0.1 variables of a controller component of the device model (GetVariables, B06), whose
 * `Enabled` and optional `Available` say whether the functional block is there.
 */
import type * as Ocpp16 from '../types/v16';
import type * as Ocpp201 from '../types/v201';

/** A 1.6 configuration key's value in a GetConfiguration answer, if the charger sent it. */
export function configurationValue(response: Ocpp16.GetConfigurationResponse, key: string): string | undefined {
  return response.configurationKey?.find((k) => k.key === key)?.value;
}

/** Whether 1.6 `SupportedFeatureProfiles` (§9.1.29, comma-separated) lists `profile`. */
export function supportsFeatureProfile(response: Ocpp16.GetConfigurationResponse, profile: string): boolean {
  const profiles = (configurationValue(response, 'SupportedFeatureProfiles') ?? '').split(',');
  return profiles.map((p) => p.trim()).includes(profile);
}

/** The GetVariables `getVariableData` asking for `names` of the 2.0.1 `component` (their Actual values). */
export function controllerVariables(
  component: string,
  names: readonly [string, ...string[]],
): Ocpp201.GetVariablesRequest['getVariableData'] {
  const [first, ...rest] = names.map((name) => ({ component: { name: component }, variable: { name } }));
  return [first!, ...rest];
}

/** A variable's value in a 2.0.1 GetVariables answer, when the charger answered it `Accepted`. */
export function controllerValue(
  response: Ocpp201.GetVariablesResponse,
  component: string,
  name: string,
): string | undefined {
  return response.getVariableResult.find(
    (r) => r.component.name === component && r.variable.name === name && r.attributeStatus === 'Accepted',
  )?.attributeValue;
}

/**
 * Whether a 2.0.1 controller's functional block is there: `Enabled` is `true` and `Available`
 * (optional in the device model) is not `false`. Needs both variables in the request.
 */
export function controllerEnabled(response: Ocpp201.GetVariablesResponse, component: string): boolean {
  return (
    controllerValue(response, component, 'Enabled') === 'true' &&
    controllerValue(response, component, 'Available') !== 'false'
  );
}

/** A count a charger reported (a key's or variable's value): a positive integer, else undefined. */
export function positiveCount(value: string | undefined): number | undefined {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : undefined;
}
