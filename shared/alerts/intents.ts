/**
 * What the alert rules decide (docs/alerts.md, "Types"): raise, update or clear
 * an episode's alert. The rules (`late-charging.ts`, `session-errors.ts`, `state-of-charge.ts`)
 * are pure functions from the table's changes to these intents; `apply.ts` carries them out with
 * the store (`store.ts`).
 */
import type { AlertType } from './types';

/**
 * Where an alert is, as a rule knows it from a change: the organization and charger, and where
 * they apply the port, session and vehicle. The names an alert stores are read when it is raised.
 */
export interface AlertPlace {
  organizationId: number;
  chargerId: number;
  /** The port's number on the charger (OCPP connectorId/evseId). */
  portNumber?: number;
  portId?: number;
  sessionId?: number;
  vehicleId?: number;
  /** The vehicle's name when the change carries it (a session record); else read with the port. */
  vehicleName?: string;
}

/** Raise the episode's alert unless one is active. */
export interface RaiseIntent {
  action: 'raise';
  type: AlertType;
  episodeKey: string;
  place: AlertPlace;
  /** The type's object in the API's shape (`types.ts`). */
  details: Record<string, unknown>;
  /** ISO 8601 UTC: when the condition was seen. */
  at: string;
}

/** Merge `details` over the active alert's (nothing when none is active or nothing changes). */
export interface UpdateIntent {
  action: 'update';
  organizationId: number;
  episodeKey: string;
  details: Record<string, unknown>;
  at: string;
}

/** End the episode's active alert at `at` (nothing when none is active). */
export interface ClearIntent {
  action: 'clear';
  organizationId: number;
  episodeKey: string;
  at: string;
}

/** One decision of a rule. */
export type AlertIntent = RaiseIntent | UpdateIntent | ClearIntent;

/** The fields of a stored allocation's `ports` line (a `siteAllocation` image) that every rule reads. */
export interface AllocationPortLine {
  portId: number;
  chargerId: number;
  /** OCPP connectorId/evseId. */
  portNumber: number;
}

/** The `ports` lines of a `siteAllocation` image, typed as the rule reads them; none without. */
export function allocationPortLines<T extends AllocationPortLine>(image: Image | undefined): T[] {
  return Array.isArray(image?.ports) ? (image.ports as T[]) : [];
}

/** The place of an alert on `port` of an allocation, for `session` (and its vehicle when known). */
export function portPlace(
  organizationId: number,
  port: AllocationPortLine,
  session: { sessionId: number; vehicleId?: number },
): AlertPlace {
  return {
    organizationId,
    chargerId: port.chargerId,
    portNumber: port.portNumber,
    portId: port.portId,
    sessionId: session.sessionId,
    ...(session.vehicleId !== undefined ? { vehicleId: session.vehicleId } : {}),
  };
}

/** A string of an image, or undefined. */
export const stringOf = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

/** An item image as the stream gives it (unmarshalled). */
export type Image = Record<string, unknown>;
