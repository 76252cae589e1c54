import { describe, expect, it } from 'vitest';
import { chargersToStart, type CampaignCharger } from '../../../shared/firmware-campaigns/progress';

/** Chargers of a campaign: `[siteId, state]` each. */
const chargers = (...specs: [number, CampaignCharger['state']][]): CampaignCharger[] =>
  specs.map(([siteId, state], i) => ({ chargerId: i + 1, ocppId: `CP${i + 1}`, siteId, state }));

describe('chargersToStart', () => {
  it('starts pending chargers in order up to maxConcurrent, counting those updating', () => {
    const list = chargers([1, 'installed'], [1, 'updating'], [2, 'pending'], [3, 'pending'], [4, 'pending']);
    expect(chargersToStart(list, { maxConcurrent: 3 })).toEqual([2, 3]);
  });

  it('never has more than maxDownPerSite of one site updating, skipping to other sites', () => {
    const list = chargers([1, 'updating'], [1, 'pending'], [1, 'pending'], [2, 'pending'], [2, 'pending']);
    expect(chargersToStart(list, { maxConcurrent: 10, maxDownPerSite: 1 })).toEqual([3]);
    expect(chargersToStart(list, { maxConcurrent: 10, maxDownPerSite: 2 })).toEqual([1, 3, 4]);
  });

  it('starts nothing when the campaign is at its limit or nothing is pending', () => {
    expect(chargersToStart(chargers([1, 'updating'], [2, 'pending']), { maxConcurrent: 1 })).toEqual([]);
    expect(chargersToStart(chargers([1, 'failed'], [2, 'skipped']), { maxConcurrent: 5 })).toEqual([]);
  });
});
