import { describe, expect, it } from 'vitest';
import { nextStep, TURN_GRACE_MS, type LaneState } from '../../../shared/ocpp/commands/lane';
import { waitMs } from '../../../shared/ocpp/commands/call';

const now = 1_000_000;
const lane = (state: Partial<LaneState>): LaneState => ({
  currentConnectionId: 'c1',
  commandsIssued: 5,
  commandsServed: 2,
  ...state,
});
const holder = (leaseUntil: number) => ({ messageId: 'm-2', connectionId: 'c1', leaseUntil });

describe("a queued command's next step", () => {
  it('claims when its ticket is served and nobody holds the wire', () => {
    expect(nextStep(lane({ commandsServed: 3, commandTurnAt: now }), 3, now)).toBe('claim');
  });

  it('waits behind a live holder, and releases one past its lease', () => {
    expect(nextStep(lane({ commandHolder: holder(now + 1) }), 3, now)).toBe('wait');
    expect(nextStep(lane({ commandHolder: holder(now - 1) }), 3, now)).toEqual({ release: 'm-2' });
  });

  it('skips a turn given up at once, and a turn never claimed after the grace', () => {
    expect(nextStep(lane({ commandsAbandoned: [2], commandTurnAt: now }), 3, now)).toEqual({ skip: 2 });
    expect(nextStep(lane({ commandTurnAt: now - TURN_GRACE_MS + 1 }), 3, now)).toBe('wait');
    expect(nextStep(lane({ commandTurnAt: now - TURN_GRACE_MS - 1 }), 3, now)).toEqual({ skip: 2 });
  });

  it('knows it was skipped when the lane moved past its ticket', () => {
    expect(nextStep(lane({ commandsServed: 4 }), 3, now)).toBe('skipped');
  });
});

describe('how long a queued command waits between reads', () => {
  it('reads about when its turn is expected: one round trip per command ahead', () => {
    expect(waitMs(lane({ commandsServed: 2, commandTurnAt: now }), 3, 40, now)).toBe(40);
    expect(waitMs(lane({ commandsServed: 2, commandTurnAt: now - 30 }), 4, 40, now)).toBe(50);
  });

  it('backs off when its turn is overdue, and never waits long enough to lose a turn', () => {
    expect(waitMs(lane({ commandsServed: 2, commandTurnAt: now - 100 }), 3, 40, now)).toBe(50);
    expect(waitMs(lane({ commandsServed: 2, commandTurnAt: now - 100_000 }), 3, 40, now)).toBe(250);
    expect(waitMs(lane({ commandsServed: 0, commandTurnAt: now }), 40, 1000, now)).toBe(TURN_GRACE_MS / 2);
    expect(waitMs(lane({ commandsServed: 2, commandTurnAt: now }), 3, 0, now)).toBeGreaterThan(0);
  });
});
