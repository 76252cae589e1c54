/**
 * The zod schemas of the OCPP 2.0.1 device model's names (part 2 §1.2): a component
 * (`ComponentType`, with its instance and EVSE) and a variable (`VariableType`), each name and
 * instance an identifierString of at most 50 characters. The configuration routes and the
 * monitoring operations' bodies (`shared/charger-operations/inputs.ts`) validate with
 * them. In a module of its own, which only the HTTP side loads: a zod schema is built when its
 * module loads.
 */
import * as z from 'zod';

/** Printable text of at most `max` characters, not empty. */
export const ocppText = (max: number) =>
  z
    .string()
    .min(1, 'must not be empty')
    .max(max, `must be at most ${max} characters`)
    .regex(/^[^\p{Cc}]*$/u, 'must not contain control characters');

/** OCPP 2.0.1 ComponentType (without customData). */
export const DeviceModelComponent = z
  .strictObject({
    name: ocppText(50),
    instance: ocppText(50).optional(),
    evse: z
      .strictObject({
        id: z.number().int().min(0).max(2_147_483_647),
        connectorId: z.number().int().min(0).max(2_147_483_647).optional(),
      })
      .optional(),
  })
  .meta({ id: 'DeviceModelComponent', description: 'OCPP 2.0.1 component, e.g. { "name": "OCPPCommCtrlr" }' });

/** OCPP 2.0.1 VariableType (without customData). */
export const DeviceModelVariable = z
  .strictObject({ name: ocppText(50), instance: ocppText(50).optional() })
  .meta({ id: 'DeviceModelVariable', description: 'OCPP 2.0.1 variable, e.g. { "name": "HeartbeatInterval" }' });
