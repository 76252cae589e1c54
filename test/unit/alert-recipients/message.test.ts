/** The e-mail sentence of a `profileDrift` alert: the composite's limit, or "no limit" where it states none (OCPP 2.1). */
import { describe, expect, it } from 'vitest';
import { alertMessage } from '../../../shared/alert-recipients/message';

const drift = (compositeLimit: number | null) =>
  ({
    id: 1,
    type: 'profileDrift',
    site: { id: 2, name: 'Depot' },
    charger: { id: 3, name: 'DC-1' },
    startTimestamp: '2026-12-06T10:00:00.000Z',
    profileDrift: {
      checkedAt: '2026-12-06T10:00:00.000Z',
      drifted: true,
      source: 'compositeSchedule',
      chargingRateUnit: 'W',
      plannedLimit: 60_000,
      compositeLimit,
      at: '2026-12-06T10:15:00.000Z',
      unknownProfileId: null,
      unknownProfileSource: null,
      resentStatus: 'Accepted',
    },
  }) as never;

describe('a profileDrift alert message', () => {
  it("names the composite's limit, or no limit where the composite states none", () => {
    expect(alertMessage(drift(72_800), {}).text).toContain(
      'The charger will enforce 72800 W from 6 Dec 2026, 10:15 (UTC), above the 60000 W of its charging profile. The profile was sent again (Accepted).',
    );
    expect(alertMessage(drift(null), {}).text).toContain(
      'The charger will enforce no limit from 6 Dec 2026, 10:15 (UTC), above the 60000 W of its charging profile.',
    );
  });
});
