import { describe, expect, it } from 'vitest';
import { negotiateProtocol } from '../../../shared/ocpp/connection';

describe('OCPP-J subprotocol negotiation', () => {
  it.each([
    ['ocpp1.6', 'ocpp1.6'],
    ['ocpp2.0.1', 'ocpp2.0.1'],
    ['ocpp1.6, ocpp2.0.1', 'ocpp2.0.1'],
    ['ocpp2.0.1,ocpp1.6', 'ocpp2.0.1'],
    ['ocpp2.0, ocpp1.6', 'ocpp1.6'],
    ['ocpp2.1', 'ocpp2.1'],
    ['ocpp2.0.1, ocpp2.1', 'ocpp2.1'],
    ['ocpp1.6,ocpp2.1,ocpp2.0.1', 'ocpp2.1'],
    ['ocpp2.1, wamp', 'ocpp2.1'],
  ])('chooses from %j → %s', (offer, chosen) => {
    expect(negotiateProtocol(offer)).toBe(chosen);
  });

  it.each([undefined, '', 'ocpp1.5', 'ocpp2.2, wamp'])('chooses nothing from %j', (offer) => {
    expect(negotiateProtocol(offer)).toBeUndefined();
  });
});
