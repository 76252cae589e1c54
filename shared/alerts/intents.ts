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

/** A number of an image, or undefined. */
export const numberOf = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isFinite(value) ? value : undefined;

/** A string of an image, or undefined. */
export const stringOf = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

/** An item image as the stream gives it (unmarshalled). */
export type Image = Record<string, unknown>;
