/**
 * The API bodies of the monitoring operations (docs/monitoring.md; OCPP 2.0.1 N03-N06):
 * SetVariableMonitoring, ClearVariableMonitoring, SetMonitoringBase and SetMonitoringLevel.
 */
import * as z from 'zod';
import { DeviceModelComponent, DeviceModelVariable } from '../charger-configuration/schemas';
import { MONITOR_TYPES, MONITORING_BASES } from './monitors';
import { chargerTargetFields, exactlyOneOf } from './target-inputs';

// Monitoring (docs/monitoring.md; OCPP 2.0.1 N03-N06): a component's EVSE names a port, so no portId.

/** Most monitors one request sets or clears: a page a charger takes (ItemsPerMessageSetVariableMonitoring varies; 50 is common). */
export const MAX_MONITORS_PER_REQUEST = 50;

/** A monitor's severity (0 danger to 9 debug, OCPP 2.0.1 part 2 §3.5). */
const severity = z.number().int().min(0).max(9);

/** A monitor ID the charger gave (a 32-bit integer). */
const monitorId = z.number().int().min(0).max(2_147_483_647);

/** One monitor to set (SetMonitoringDataType without customData). */
const Monitor = z
  .strictObject({
    component: DeviceModelComponent,
    variable: DeviceModelVariable,
    type: z.enum(MONITOR_TYPES).meta({
      description:
        'UpperThreshold/LowerThreshold (value crossed), Delta (value changed by), Periodic/PeriodicClockAligned (value is the interval, s)',
    }),
    // Within what a JSON number holds exactly (the stored request and DynamoDB take no more).
    value: z
      .number()
      .min(-Number.MAX_SAFE_INTEGER)
      .max(Number.MAX_SAFE_INTEGER)
      .meta({ description: 'Threshold or delta in the variable’s unit; the interval in s for the periodic types' }),
    severity: severity.meta({ description: 'Of the events it triggers: 0 danger … 5 alert … 9 debug' }),
    transaction: z.boolean().optional().meta({ description: 'Active only during a transaction (default false)' }),
    id: monitorId.optional().meta({ description: 'Only to replace a monitor the charger has (its ID)' }),
  })
  .superRefine((monitor, context) => {
    const periodic = monitor.type === 'Periodic' || monitor.type === 'PeriodicClockAligned';
    if (periodic && !(Number.isInteger(monitor.value) && monitor.value > 0)) {
      context.addIssue({
        code: 'custom',
        message: 'a periodic monitor’s value is its interval: a positive whole number of seconds',
        path: ['value'],
      });
    }
  });

/** `POST /api/ocpp/set-variable-monitoring` body. */
export const SetVariableMonitoringRequest = z
  .strictObject({
    ...chargerTargetFields,
    monitors: z.array(Monitor).min(1).max(MAX_MONITORS_PER_REQUEST),
  })
  .superRefine(exactlyOneOf(['chargerId', 'chargerIds', 'siteId']))
  .meta({ id: 'SetVariableMonitoringRequest' });

/** `POST /api/ocpp/clear-variable-monitoring` body. */
export const ClearVariableMonitoringRequest = z
  .strictObject({
    ...chargerTargetFields,
    monitorIds: z
      .array(monitorId)
      .min(1)
      .max(MAX_MONITORS_PER_REQUEST)
      .refine((ids) => new Set(ids).size === ids.length, 'must not repeat a monitor')
      .meta({ description: 'The IDs the charger gave the monitors' }),
  })
  .superRefine(exactlyOneOf(['chargerId', 'chargerIds', 'siteId']))
  .meta({ id: 'ClearVariableMonitoringRequest' });

/** `POST /api/ocpp/set-monitoring-base` body. */
export const SetMonitoringBaseRequest = z
  .strictObject({ ...chargerTargetFields, monitoringBase: z.enum(MONITORING_BASES) })
  .superRefine(exactlyOneOf(['chargerId', 'chargerIds', 'siteId']))
  .meta({ id: 'SetMonitoringBaseRequest' });

/** `POST /api/ocpp/set-monitoring-level` body. */
export const SetMonitoringLevelRequest = z
  .strictObject({
    ...chargerTargetFields,
    severity: severity.meta({ description: 'Events with a severity number above it are not reported' }),
  })
  .superRefine(exactlyOneOf(['chargerId', 'chargerIds', 'siteId']))
  .meta({ id: 'SetMonitoringLevelRequest' });
