import { describe, expect, it } from 'vitest';
import { pendingRemoteStartFor, REMOTE_START_LINK_MS } from '../../../shared/charging/authorization';

const requestedAt = '2026-11-24T08:00:00.000Z';
const port = { pendingRemoteStart: { remoteStartId: 7, idTag: 'DRIVER-X', requestedAt } };
const at = (ms: number) => Date.parse(requestedAt) + ms;

describe('pendingRemoteStartFor', () => {
  it('names the remote start pending for the tag (compared normalised) for 10 minutes', () => {
    expect(pendingRemoteStartFor(port, 'DRIVER-X', at(0))).toBe(7);
    expect(pendingRemoteStartFor(port, ' driver-x ', at(REMOTE_START_LINK_MS))).toBe(7);
    expect(pendingRemoteStartFor(port, 'DRIVER-X', at(REMOTE_START_LINK_MS + 1))).toBeUndefined();
  });

  it('names nothing for another tag, no tag or no pending remote start', () => {
    expect(pendingRemoteStartFor(port, 'DRIVER-Y', at(0))).toBeUndefined();
    expect(pendingRemoteStartFor(port, undefined, at(0))).toBeUndefined();
    expect(pendingRemoteStartFor({}, 'DRIVER-X', at(0))).toBeUndefined();
  });
});
