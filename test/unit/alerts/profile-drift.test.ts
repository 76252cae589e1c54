import { describe, expect, it } from 'vitest';
import { profileDriftIntents } from '../../../shared/alerts/profile-drift';

const COMPUTED = '2026-12-05T10:00:05.000Z';
const CHECKED = '2026-12-05T10:00:03.000Z';
const drifted = {
  checkedAt: CHECKED,
  drifted: true,
  source: 'compositeSchedule',
  chargingRateUnit: 'W',
  plannedLimit: 30_000,
  compositeLimit: 60_000,
  at: '2026-12-05T10:30:00.000Z',
  resentStatus: 'Accepted',
};
const port = (profileDrift?: object) => ({
  portId: 11,
  chargerId: 4,
  portNumber: 1,
  sessionId: 55,
  vehicleId: 9,
  ...(profileDrift ? { profileDrift } : {}),
});
const allocation = (ports: object[]) => ({ organizationId: 1, siteId: 2, computedAt: COMPUTED, ports });

describe('profileDrift', () => {
  it('raises (and updates) one alert per drifted port, with the check in the API shape', () => {
    const intents = profileDriftIntents({ eventName: 'MODIFY', newImage: allocation([port(drifted)]) });
    expect(intents).toEqual([
      {
        action: 'raise',
        type: 'profileDrift',
        episodeKey: 'profileDrift:port:11',
        place: { organizationId: 1, chargerId: 4, portNumber: 1, portId: 11, sessionId: 55, vehicleId: 9 },
        details: {
          source: 'compositeSchedule',
          checkedAt: CHECKED,
          at: '2026-12-05T10:30:00.000Z',
          chargingRateUnit: 'W',
          plannedLimit: 30_000,
          compositeLimit: 60_000,
          unknownProfileId: null,
          unknownProfileSource: null,
          resentStatus: 'Accepted',
        },
        at: CHECKED,
      },
      expect.objectContaining({ action: 'update', episodeKey: 'profileDrift:port:11' }),
    ]);
  });

  it('clears when a later check matches, or the port leaves the allocation; nothing for a port that never drifted', () => {
    const before = allocation([port(drifted)]);
    const matched = allocation([port({ checkedAt: CHECKED, drifted: false })]);
    const clear = { action: 'clear', organizationId: 1, episodeKey: 'profileDrift:port:11', at: COMPUTED };
    expect(profileDriftIntents({ eventName: 'MODIFY', oldImage: before, newImage: matched })).toEqual([clear]);
    expect(profileDriftIntents({ eventName: 'MODIFY', oldImage: before, newImage: allocation([]) })).toEqual([clear]);
    expect(profileDriftIntents({ eventName: 'MODIFY', oldImage: matched, newImage: matched })).toEqual([]);
    expect(
      profileDriftIntents({ eventName: 'MODIFY', oldImage: allocation([port()]), newImage: allocation([port()]) }),
    ).toEqual([]);
  });
});
