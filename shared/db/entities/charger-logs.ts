/**
 * Entities of the table: charger log uploads (`shared/charger-logs/`, docs/charger-logs.md), one
 * per log asked of a charger by a `getLog` operation (1.6 GetDiagnostics, 2.0.1 GetLog).
 */
import { Entity } from 'electrodb';
import { optionalString, timestamp, SERVICE, type EntityConfiguration } from './common';

/** The log types of the API: `DiagnosticsLog` (both versions), `SecurityLog` (2.0.1, and 1.6 chargers with the security extension). */
export const LOG_TYPES = ['DiagnosticsLog', 'SecurityLog'] as const;

/**
 * One log asked of one charger, in the charger's partition (it is read with the charger's
 * notifications, and written by the functions that already write that partition), sorted by our
 * `requestId` (2.0.1 GetLog `requestId`; 1.6 has none on the wire: its DiagnosticsStatusNotification
 * concerns the charger's latest request). `status` is the last status the charger reported
 * (1.6 DiagnosticsStatus, 2.0.1 UploadLogStatusEnumType), `Requested` before any, or
 * `AcceptedCanceled` when a newer request cancelled it (2.0.1 N01.FR.12). The file is stored under
 * `storageKey` (the S3 object key, or the local data directory's path); its size and time are
 * recorded when the charger reports it `Uploaded`.
 */
const chargerLogSchema = {
  model: { entity: 'chargerLog', version: '1', service: SERVICE },
  attributes: {
    chargerId: { type: 'number', required: true },
    /** Ours, from the `logRequest` counter: unique across chargers. */
    requestId: { type: 'number', required: true, padding: { length: 12, char: '0' } },
    organizationId: { type: 'number', required: true },
    operationId: { type: 'string', required: true },
    logType: { type: LOG_TYPES, required: true },
    storageKey: { type: 'string', required: true },
    /** The charger's file name (1.6 GetDiagnostics.conf `fileName`, 2.0.1 GetLogResponse `filename`). */
    fileName: optionalString,
    /** The last status the charger reported, or `Requested` / `AcceptedCanceled`. */
    status: { type: 'string', required: true },
    /** When that status came, ISO 8601 UTC. */
    statusAt: timestamp,
    /** Whether the charger reported `Uploading` (a 1.6 `Idle` after it is a failed upload). */
    uploadStarted: { type: 'boolean' },
    requestedAt: timestamp,
  },
  indexes: {
    primary: {
      pk: { field: 'pk', composite: ['chargerId'] },
      sk: { field: 'sk', composite: ['requestId'] },
    },
  },
} as const;

/** Builds the charger-log entity bound to one client and table. */
export function chargerLogEntities(config: EntityConfiguration) {
  return { chargerLog: new Entity(chargerLogSchema, config) };
}
