import { describe, expect, it } from 'vitest';
import type { Db } from '../../../shared/db';
import { alertEventsOf } from '../../../shared/alerts/events';
import type { TableChange } from '../../../shared/db/table-changes';

const alert = (fields: object = {}) => ({
  __edb_e__: 'alert',
  alertId: 31,
  organizationId: 1,
  siteId: 2,
  siteName: 'Depot',
  chargerId: 4,
  chargerName: 'DC 4',
  portId: 11,
  portNumber: 1,
  portName: 'Left',
  sessionId: 55,
  vehicleId: 9,
  vehicleName: 'Van 9',
  type: 'lateCharging',
  episodeKey: 'lateCharging:session:55',
  startTimestamp: '2026-11-28T02:00:00.000Z',
  muted: false,
  details: {
    originalEta: '2026-11-28T07:00:00.000Z',
    currentEta: '2026-11-28T07:00:00.000Z',
    originalDepartureTime: '2026-11-28T06:00:00.000Z',
    currentDepartureTime: '2026-11-28T06:00:00.000Z',
  },
  createdAt: '2026-11-28T02:00:00.000Z',
  updatedAt: '2026-11-28T02:00:00.000Z',
  ...fields,
});
const db = {} as Db;
const moved = { ...alert().details, currentEta: '2026-11-28T07:30:00.000Z' };

describe('alert events', () => {
  it('an alert inserted is raised, with the alert as the API lists it', async () => {
    const [event, ...rest] = await alertEventsOf(db, [{ eventName: 'INSERT', newImage: alert() }]);
    expect(rest).toEqual([]);
    expect(event).toEqual({
      id: 'evt_31_raised',
      type: 'alert.raised',
      timestamp: '2026-11-28T02:00:00.000Z',
      organizationId: 1,
      siteId: 2,
      data: expect.objectContaining({
        id: 31,
        type: 'lateCharging',
        endTimestamp: null,
        muted: false,
        lateCharging: alert().details,
        lowBattery: null,
        chargingSession: { id: 55 },
        vehicle: { id: 9, name: 'Van 9' },
        site: { id: 2, name: 'Depot' },
        charger: { id: 4, name: 'DC 4' },
        port: { id: 11, name: 'Left' },
      }),
    });
  });

  it('details changed is updated (one ID per change), endTimestamp set is cleared, in order', async () => {
    const updatedAt = '2026-11-28T02:05:00.000Z';
    const changes: TableChange[] = [
      { eventName: 'MODIFY', oldImage: alert(), newImage: alert({ details: moved, updatedAt }) },
      {
        eventName: 'MODIFY',
        oldImage: alert({ details: moved }),
        newImage: alert({ details: moved, endTimestamp: '2026-11-28T03:00:00.000Z' }),
      },
    ];
    const events = await alertEventsOf(db, changes);
    expect(events.map((e) => [e.id, e.type, e.timestamp])).toEqual([
      [`evt_31_updated_${Date.parse(updatedAt)}`, 'alert.updated', updatedAt],
      ['evt_31_cleared', 'alert.cleared', '2026-11-28T03:00:00.000Z'],
    ]);
    expect(events[0]!.data.lateCharging).toEqual(moved);
    expect(events[1]!.data.endTimestamp).toBe('2026-11-28T03:00:00.000Z');
    // The same change delivered again gets the same IDs.
    expect((await alertEventsOf(db, changes)).map((e) => e.id)).toEqual(events.map((e) => e.id));
  });

  it('muted alerts, unchanged details, removals and other entities yield nothing', async () => {
    const changes: TableChange[] = [
      { eventName: 'INSERT', newImage: alert({ muted: true }) },
      {
        eventName: 'MODIFY',
        oldImage: alert({ muted: true }),
        newImage: alert({ muted: true, endTimestamp: '2026-11-28T03:00:00.000Z' }),
      },
      { eventName: 'MODIFY', oldImage: alert(), newImage: alert({ recipientIds: [3] }) },
      { eventName: 'REMOVE', oldImage: alert() },
      { eventName: 'INSERT', newImage: { __edb_e__: 'chargerError', organizationId: 1 } },
    ];
    expect(await alertEventsOf(db, changes)).toEqual([]);
  });
});
