/**
 * A campaign charger's progress (`campaigns.ts`): what its operation result comes to, and which
 * pending chargers the limits let start. Pure functions.
 */
import type { OperationResult } from '../charger-operations/kinds';

/** A charger's progress in a campaign. */
export type CampaignChargerState = 'pending' | 'updating' | 'installed' | 'failed' | 'skipped';

/** One charger of a campaign. */
export interface CampaignCharger {
  chargerId: number;
  ocppId: string;
  siteId: number;
  state: CampaignChargerState;
  /** Its update-firmware operation, once started. */
  operationId?: string;
  /** The last FirmwareStatusNotification status of its update. */
  firmwareStatus?: string;
  /** Why it failed or was skipped: the operation result's error, or ours. */
  error?: { code: string; description: string };
  startedAt?: string;
  endedAt?: string;
}

/** What a charger's operation result comes to in the campaign. */
export function progressOf(charger: CampaignCharger, result: OperationResult | undefined, at: string): CampaignCharger {
  if (!result) return charger;
  const firmwareStatus = result.firmware?.status;
  const base = { ...charger, ...(firmwareStatus ? { firmwareStatus } : {}) };
  switch (result.status) {
    case 'pending':
    case 'scheduled':
      return base;
    case 'accepted':
      return { ...base, state: 'installed', endedAt: at };
    case 'notConnected':
      return { ...base, state: 'skipped', endedAt: at, ...(result.error ? { error: result.error } : {}) };
    default:
      return {
        ...base,
        state: 'failed',
        endedAt: at,
        error: result.error ?? {
          code: result.ocppStatus ?? result.status,
          description: `the charger answered ${result.ocppStatus ?? result.status}`,
        },
      };
  }
}

/** The pending chargers to start now, within `maxConcurrent` and `maxDownPerSite`, in campaign order. */
export function chargersToStart(
  chargers: readonly CampaignCharger[],
  limits: { maxConcurrent: number; maxDownPerSite?: number | undefined },
): number[] {
  const perSite = new Map<number, number>();
  let updating = 0;
  for (const charger of chargers) {
    if (charger.state !== 'updating') continue;
    updating++;
    perSite.set(charger.siteId, (perSite.get(charger.siteId) ?? 0) + 1);
  }
  const picked: number[] = [];
  for (const [index, charger] of chargers.entries()) {
    if (updating >= limits.maxConcurrent) break;
    if (charger.state !== 'pending') continue;
    const down = perSite.get(charger.siteId) ?? 0;
    if (limits.maxDownPerSite !== undefined && down >= limits.maxDownPerSite) continue;
    picked.push(index);
    perSite.set(charger.siteId, down + 1);
    updating++;
  }
  return picked;
}
