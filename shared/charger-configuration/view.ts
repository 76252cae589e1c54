/**
 * A charger's configuration as the API shows it (docs/charger-configuration.md): the settings as
 * last read, when, the settings the product relies on marked, and a 2.0.1 report still coming.
 */
import type { Db } from '../db';
import { baseProtocol, type OcppProtocol } from '../db/entities/common';
import { canAccess, type AccessScope } from '../organizations/access-scope';
import { ChargerNotFoundError } from '../chargers/errors';
import { guardOf, type StoredKey, type StoredSettings, type StoredVariable } from './settings';
import {
  loadConfiguration,
  readReportProgress,
  REPORT_STALL_MS,
  type ReportProgress,
  type StoredConfiguration,
} from './store';

/** A 2.0.1 report asked for and not complete yet. */
export interface PendingReportView extends ReportProgress {
  requestId: number;
  reportBase: string;
  requestedAt: string;
  /** `incomplete`: no page for {@link REPORT_STALL_MS} (5 minutes); the stored settings are the last complete ones. */
  status: 'inProgress' | 'incomplete';
}

/** A charger's configuration as the API shows it (`GET /api/chargers/{id}/configuration`). */
export interface ConfigurationView {
  chargerId: number;
  /** The version the settings were read over (else the charger's last connection's); null: never connected. */
  ocppProtocol: OcppProtocol | null;
  /** When the settings were last read as a whole (ISO 8601); null: never. */
  readAt: string | null;
  /** When they last changed (a read, a change answered by the charger). */
  updatedAt?: string;
  source?: 'GetConfiguration' | 'NotifyReport';
  /** 1.6: the keys, each with `guarded` (what the product relies on) when it does. */
  keys?: (StoredKey & { guarded?: string })[];
  unknownKeys?: string[];
  /** 2.0.1: the device model's variables, each with `guarded` when the product relies on it. */
  variables?: (StoredVariable & { guarded?: string })[];
  omittedVariables?: number;
  /** 2.0.1: the report the variables come from. */
  report?: { requestId: number; reportBase?: string; generatedAt?: string };
  pendingReport?: PendingReportView;
}

/**
 * The version the view names: the charger's when the stored settings are of its form (a 2.1
 * charger's settings are stored as 2.0.1's), else the stored settings' (read under another version).
 */
function shownProtocol(stored: OcppProtocol | undefined, charger: OcppProtocol | undefined): OcppProtocol | null {
  if (stored && charger && baseProtocol(stored) === baseProtocol(charger)) return charger;
  return stored ?? charger ?? null;
}

/**
 * A charger the scope reaches.
 * @throws ChargerNotFoundError when it does not exist or is another organization's (or site's)
 */
export async function reachCharger(db: Db, scope: AccessScope, chargerId: number) {
  const { data } = await db.charger
    .get({ chargerId })
    .go({ attributes: ['chargerId', 'organizationId', 'siteId', 'ocppProtocol'] });
  if (!data || !canAccess(scope, data.organizationId, data.siteId)) throw new ChargerNotFoundError(chargerId);
  return data;
}

/**
 * Whether a report asked for is still coming: `incomplete` once {@link REPORT_STALL_MS} (5 minutes)
 * have passed since its last page came (or since it was asked for, before any page).
 * @param lastActivity ISO 8601: the last page's arrival, else the request's time
 * @param now epoch ms
 */
export function pendingStatus(lastActivity: string, now: number): PendingReportView['status'] {
  return now - Date.parse(lastActivity) > REPORT_STALL_MS ? 'incomplete' : 'inProgress';
}

/** The view of a stored configuration, with the progress of a pending report. */
export async function viewOf(
  db: Db,
  chargerId: number,
  stored: StoredConfiguration | undefined,
  protocol: OcppProtocol | undefined,
): Promise<ConfigurationView> {
  const settings: StoredSettings = stored?.settings ?? {};
  let pendingReport: PendingReportView | undefined;
  if (stored?.pendingReport) {
    const progress = await readReportProgress(db, chargerId, stored.pendingReport.requestId);
    pendingReport = {
      ...stored.pendingReport,
      ...progress,
      status: pendingStatus(progress.lastPageAt ?? stored.pendingReport.requestedAt, Date.now()),
    };
  }
  const guard = (setting: { component?: { name: string }; name: string }) => {
    const g = guardOf(setting);
    return g ? { guarded: g.reliance } : {};
  };
  return {
    chargerId,
    ocppProtocol: shownProtocol(stored?.ocppProtocol, protocol),
    readAt: stored?.readAt ?? null,
    ...(stored?.updatedAt ? { updatedAt: stored.updatedAt } : {}),
    ...(stored?.source ? { source: stored.source } : {}),
    ...(settings.keys ? { keys: settings.keys.map((k) => ({ ...k, ...guard({ name: k.key }) })) } : {}),
    ...(settings.unknownKeys ? { unknownKeys: settings.unknownKeys } : {}),
    ...(settings.variables
      ? {
          variables: settings.variables.map((v) => ({
            ...v,
            ...guard({ component: v.component, name: v.variable.name }),
          })),
        }
      : {}),
    ...(settings.omittedVariables ? { omittedVariables: settings.omittedVariables } : {}),
    ...(stored?.report ? { report: stored.report } : {}),
    ...(pendingReport ? { pendingReport } : {}),
  };
}

/**
 * A charger's configuration as last read (1 GetItem of the charger, 1 of its configuration; a
 * Query of the pages of a pending report).
 * @throws ChargerNotFoundError when the scope does not reach the charger
 */
export async function readChargerConfiguration(
  db: Db,
  scope: AccessScope,
  chargerId: number,
): Promise<ConfigurationView> {
  const charger = await reachCharger(db, scope, chargerId);
  return viewOf(db, chargerId, await loadConfiguration(db, chargerId), charger.ocppProtocol);
}
