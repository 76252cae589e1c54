/**
 * `profileDrift` (docs/alerts.md, "profileDrift"): from the drift checks smart charging stores on
 * each port of a site's allocation (`ports[].profileDrift`, `shared/site-power/drift.ts`), pure.
 *
 * - **Raised** when a port's check says the charger enforces more than the profile it was sent
 *   (its composite schedule above the profile, or a profile this CSMS did not send), with the
 *   check's details (limits, unit, the first instant above, the answer to the profile sent again).
 * - **Updated** with a later check's details while it still drifts.
 * - **Cleared** when a later check of the port matches, or when the port is no longer in the
 *   allocation with a check (its session ended, the site's limits were removed).
 *
 * One episode per port: `profileDrift:port:<portId>`.
 */
import { numberOf, type TableChange } from '../db/table-changes';
import { profileDriftView, type ProfileDriftLine } from '../site-power/drift';
import {
  allocationPortLines,
  portPlace,
  stringOf,
  type AlertIntent,
  type AllocationPortLine,
  type Image,
} from './intents';
import { episodeKey } from './store';
import type { ProfileDriftDetails } from './types';

/** A `ports` line of a stored allocation (the fields the rule reads). */
interface PortLine extends AllocationPortLine {
  sessionId: number;
  vehicleId?: number;
  profileDrift?: ProfileDriftLine;
}

const portLines = (image: Image | undefined) => allocationPortLines<PortLine>(image);

/** A drifted line's details in the API's shape (the check's view without `drifted`). */
function detailsOf(drift: ProfileDriftLine): ProfileDriftDetails {
  const { drifted: _, ...details } = profileDriftView(drift);
  return { ...details, source: details.source ?? 'compositeSchedule' };
}

/**
 * The `profileDrift` intents of one `siteAllocation` change.
 * @returns raise + update for each port whose check drifted, clear for each port that drifted
 *   before and does not now; nothing for other changes
 */
export function profileDriftIntents(change: TableChange): AlertIntent[] {
  const after = change.newImage;
  const organizationId = numberOf(after?.organizationId ?? change.oldImage?.organizationId);
  const at = stringOf(after?.computedAt);
  if (organizationId === undefined || at === undefined) return [];
  const intents: AlertIntent[] = [];
  const driftingNow = new Set<number>();
  for (const port of portLines(after)) {
    const drift = port.profileDrift;
    if (!drift?.drifted) continue;
    driftingNow.add(port.portId);
    const key = episodeKey('profileDrift', 'port', port.portId);
    const details = { ...detailsOf(drift) };
    intents.push({
      action: 'raise',
      type: 'profileDrift',
      episodeKey: key,
      place: portPlace(organizationId, port, port),
      details,
      at: drift.checkedAt,
    });
    intents.push({ action: 'update', organizationId, episodeKey: key, details, at: drift.checkedAt });
  }
  for (const port of portLines(change.oldImage)) {
    if (!port.profileDrift?.drifted || driftingNow.has(port.portId)) continue;
    intents.push({ action: 'clear', organizationId, episodeKey: episodeKey('profileDrift', 'port', port.portId), at });
  }
  return intents;
}
