import { describe, expect, it } from 'vitest';
import { fromStoredEvent, toStoredEvent, type HistoryEvent } from '../../../shared/history/history-codec';

describe('history codec', () => {
  const session: HistoryEvent = {
    kind: 'session',
    at: 1_700_000_900_000,
    portNumber: 2,
    id: 41,
    sessionStart: 1_700_000_000_000,
    sessionEnd: 1_700_000_900_000,
    failedToStart: false,
    endedEarly: true,
  };

  it('stores the one-letter names items written before use', () => {
    expect(toStoredEvent(session)).toEqual({
      k: 'session',
      t: 1_700_000_900_000,
      n: 2,
      i: 41,
      a: 1_700_000_000_000,
      b: 1_700_000_900_000,
      f: false,
      x: true,
    });
    expect(toStoredEvent({ kind: 'status', at: 5, portNumber: 1, status: 'Faulted', previous: 'Available' })).toEqual({
      k: 'status',
      t: 5,
      n: 1,
      s: 'Faulted',
      p: 'Available',
    });
  });

  it('leaves absent fields out (ElectroDB refuses undefined values)', () => {
    const stored = toStoredEvent({ kind: 'connected', at: 7, previous: 'Disconnected' });
    expect(Object.keys(stored).sort()).toEqual(['k', 'p', 't']);
  });

  it('reads a stored event back with named fields', () => {
    expect(fromStoredEvent(toStoredEvent(session))).toEqual(session);
    expect(fromStoredEvent({ k: 'error', t: 9, n: 0, s: 'preventedCharging', i: 3 })).toEqual({
      kind: 'error',
      at: 9,
      portNumber: 0,
      status: 'preventedCharging',
      id: 3,
    });
  });
});
