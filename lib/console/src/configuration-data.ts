/**
 * A charger's configuration as the console lists it (docs/charger-configuration.md): one row per
 * OCPP 1.6 key or OCPP 2.0.1 variable attribute.
 *
 * @module
 */
import type { ChargerConfiguration } from './types';

/** One setting as a row: name, value, notes (read-only, waits for a reboot, what the product relies on). */
export interface Row {
  name: string;
  value: string;
  notes: string[];
  guarded?: string;
}

/** The rows of a configuration: 1.6 keys, or one per 2.0.1 variable attribute. */
export function configurationRows(configuration: ChargerConfiguration): Row[] {
  const keys = (configuration.keys ?? []).map((k) => ({
    name: k.key,
    value: k.value ?? '',
    notes: [k.readonly ? 'read-only' : '', k.rebootRequired ? 'after reboot' : ''].filter(Boolean),
    ...(k.guarded ? { guarded: k.guarded } : {}),
  }));
  const variables = (configuration.variables ?? []).flatMap((v) =>
    v.attributes.map((a) => {
      const component = `${v.component.name}${v.component.instance ? `[${v.component.instance}]` : ''}`;
      const evse = v.component.evse ? `/${v.component.evse.id}` : '';
      const variable = `${v.variable.name}${v.variable.instance ? `[${v.variable.instance}]` : ''}`;
      return {
        name: `${component}${evse}.${variable}${a.type === 'Actual' ? '' : ` (${a.type})`}`,
        value: a.value ?? '',
        notes: [a.mutability === 'ReadOnly' ? 'read-only' : '', a.rebootRequired ? 'after reboot' : ''].filter(Boolean),
        ...(v.guarded ? { guarded: v.guarded } : {}),
      };
    }),
  );
  return [...keys, ...variables];
}
