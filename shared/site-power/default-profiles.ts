/**
 * The TxDefaultProfile of each controllable charger of a limited site (`./delivery.ts`): the limit
 * a vehicle that plugs in next charges at until its first allocation, seconds later: 0 under a
 * capacity limit, else its minimum (8 A / 5 kW). A lower one goes out with the decreases, a higher
 * one with the increases.
 *
 * @module
 */
import type { ChargerItem } from '../chargers/items';
import type { ChargingProfileInput, ChargingRateUnit, SmartChargingCommands } from './commands';
import type { Db } from '../db';
import { DCFC_MINIMUM_W, LEVEL2_MINIMUM_A } from '../smart-charging';
import { DEFAULT_AC_VOLTAGE_V, profileUnit } from './demand';
import { answerOf, markRefused } from './profile-answers';
import type { SiteAllocationItem, SiteSnapshot } from './site-snapshot';

/** One charger's TxDefaultProfile of a stored allocation. */
export type DefaultProfileLine = NonNullable<SiteAllocationItem['defaultProfiles']>[number];

/** The TxDefaultProfile limit of a charger of a limited site: 0 under a capacity limit, else the minimum. */
function defaultLimit(charger: ChargerItem, underCapacity: boolean): { unit: ChargingRateUnit; limit: number } {
  const unit = profileUnit(charger);
  if (underCapacity) return { unit, limit: 0 };
  if (unit === 'A') return { unit, limit: LEVEL2_MINIMUM_A };
  return {
    unit,
    limit: charger.type === 'DCFC' ? DCFC_MINIMUM_W : Math.floor(LEVEL2_MINIMUM_A * DEFAULT_AC_VOLTAGE_V),
  };
}

/** A charger's TxDefaultProfile: the one it holds, the one it should, and whether that is lower. */
export interface DefaultChange {
  readonly charger: ChargerItem;
  readonly unit: ChargingRateUnit;
  readonly limit: number;
  readonly current?: DefaultProfileLine;
  readonly unchanged: boolean;
  readonly lower: boolean;
}

/** What every controllable charger's TxDefaultProfile should be, against what it holds on this connection. */
export function defaultChanges(snapshot: SiteSnapshot): DefaultChange[] {
  const held = new Map((snapshot.previous?.defaultProfiles ?? []).map((d) => [d.chargerId, d]));
  const underCapacity = snapshot.limits.capacity !== undefined;
  return [...snapshot.chargers.values()].flatMap((charger): DefaultChange[] => {
    const controllable =
      charger.smartCharging?.support === 'supported' &&
      charger.currentConnectionId !== undefined &&
      charger.smartChargingRefusedOn !== charger.currentConnectionId &&
      charger.connectionStatus?.status === 'Connected';
    if (!controllable) return [];
    const { unit, limit } = defaultLimit(charger, underCapacity);
    const previous = held.get(charger.chargerId);
    const current = previous?.connectionId === charger.currentConnectionId ? previous : undefined;
    const unchanged = current !== undefined && current.unit === unit && current.limit === limit;
    const lower = !current || current.unit !== unit || limit < current.limit;
    return [{ charger, unit, limit, ...(current ? { current } : {}), unchanged, lower }];
  });
}

/** Sends the TxDefaultProfiles that change; returns those now held. */
export async function deliverDefaults(
  db: Db,
  commands: SmartChargingCommands,
  snapshot: SiteSnapshot,
  refused: Set<number>,
  changes: readonly DefaultChange[],
): Promise<DefaultProfileLine[]> {
  const lines = await Promise.all(
    changes
      .filter((d) => !d.unchanged && !refused.has(d.charger.chargerId))
      .map(async ({ charger, unit, limit }): Promise<DefaultProfileLine | undefined> => {
        const profile: ChargingProfileInput = {
          portNumber: 0,
          purpose: 'TxDefaultProfile',
          unit,
          periods: [{ startPeriod: 0, limit }],
        };
        const status = await answerOf(() => commands.send(charger.chargerId, 'SetChargingProfile', profile));
        if (status === 'Accepted')
          return { chargerId: charger.chargerId, unit, limit, connectionId: charger.currentConnectionId! };
        refused.add(charger.chargerId);
        await markRefused(db, snapshot, charger);
        return undefined;
      }),
  );
  return lines.filter((l): l is DefaultProfileLine => l !== undefined);
}
