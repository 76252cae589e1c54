/**
 * The API body of a targeted device-model read (docs/charger-configuration.md, "A targeted
 * report"; OCPP 2.0.1 B08 GetReport): which components' variables a station reports, by criterion
 * and/or by component and variable.
 */
import * as z from 'zod';
import { DeviceModelComponent, DeviceModelVariable } from '../charger-configuration/schemas';
import { chargerTargetFields, exactlyOneOf } from './target-inputs';

/** OCPP 2.0.1 ComponentCriterionEnumType. */
export const COMPONENT_CRITERIA = ['Active', 'Available', 'Enabled', 'Problem'] as const;

/** The most component/variable pairs one request names (a station's `ItemsPerMessageGetReport` may be fewer). */
export const MAX_REPORT_ITEMS = 100;

/** `POST /api/ocpp/get-report` body (2.0.1 B08; our `requestId`). */
export const GetReportRequest = z
  .strictObject({
    ...chargerTargetFields,
    componentCriteria: z
      .array(z.enum(COMPONENT_CRITERIA))
      .min(1)
      .max(COMPONENT_CRITERIA.length)
      .refine((list) => new Set(list).size === list.length, 'must not repeat a criterion')
      .optional()
      .meta({ description: 'Only the components that are Active, Available, Enabled and/or have a Problem' }),
    componentVariable: z
      .array(z.strictObject({ component: DeviceModelComponent, variable: DeviceModelVariable.optional() }))
      .min(1)
      .max(MAX_REPORT_ITEMS)
      .optional()
      .meta({ description: 'Only these components (every variable of one without a variable)' }),
  })
  .superRefine(exactlyOneOf(['chargerId', 'chargerIds', 'siteId']))
  .meta({ id: 'GetReportRequest' });
