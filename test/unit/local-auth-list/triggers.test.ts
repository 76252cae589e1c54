import { describe, expect, it } from 'vitest';
import { listSyncsOf } from '../../../shared/local-auth-list/triggers';

const E = '__edb_e__';

describe('listSyncsOf', () => {
  it('synchronises an organization when an access ID is created, deleted, revoked or retyped, not renamed', () => {
    const card = { [E]: 'accessId', organizationId: 4, authorizationStatus: 'Authorized', type: 'RFID', name: 'a' };
    const syncs = (change: Parameters<typeof listSyncsOf>[0][number]) => [...listSyncsOf([change]).organizationIds];
    expect(syncs({ eventName: 'INSERT', newImage: card })).toEqual([4]);
    expect(syncs({ eventName: 'REMOVE', oldImage: card })).toEqual([4]);
    expect(
      syncs({ eventName: 'MODIFY', oldImage: card, newImage: { ...card, authorizationStatus: 'Revoked' } }),
    ).toEqual([4]);
    expect(syncs({ eventName: 'MODIFY', oldImage: card, newImage: { ...card, type: 'Vehicle' } })).toEqual([4]);
    expect(syncs({ eventName: 'MODIFY', oldImage: card, newImage: { ...card, name: 'b' } })).toEqual([]);
  });

  it('gives a charger its strongest reason: resync over boot over connect; a disconnect is none', () => {
    const charger = { [E]: 'charger', chargerId: 9, currentConnectionId: 'c1', lastBootAt: 't1' };
    const reasons = listSyncsOf([
      { eventName: 'MODIFY', oldImage: charger, newImage: { ...charger, currentConnectionId: 'c2' } },
      { eventName: 'MODIFY', oldImage: charger, newImage: { ...charger, lastBootAt: 't2' } },
      { eventName: 'MODIFY', oldImage: { ...charger, chargerId: 10 }, newImage: { [E]: 'charger', chargerId: 10 } },
    ]).chargers;
    expect([...reasons]).toEqual([[9, 'boot']]);
    const list = { [E]: 'localAuthList', chargerId: 9 };
    const resync = listSyncsOf([
      { eventName: 'MODIFY', oldImage: charger, newImage: { ...charger, lastBootAt: 't2' } },
      { eventName: 'MODIFY', oldImage: list, newImage: { ...list, resyncRequestedAt: 'now' } },
      { eventName: 'MODIFY', oldImage: { ...list, chargerId: 11 }, newImage: { ...list, chargerId: 11, entries: [] } },
    ]).chargers;
    expect([...resync]).toEqual([[9, 'resync']]);
  });
});
