import { describe, expect, it } from 'vitest';
import { securityEventIntents } from '../../../shared/alerts/security-events';
import { CRITICAL_SECURITY_EVENTS } from '../../../shared/history/security-events';

const AT = '2026-12-05T10:00:00.000Z';
const event = (overrides: object = {}) => ({
  chargerId: 4,
  organizationId: 1,
  siteId: 2,
  timestamp: AT,
  type: 'TamperDetectionActivated',
  techInfo: 'door',
  source: 'charger',
  critical: true,
  receivedAt: AT,
  ...overrides,
});

describe('securityEvent', () => {
  it('raises and ends at once an alert per critical event inserted, on the charger, in the API shape', () => {
    const key = `securityEvent:charger:4:${AT}:TamperDetectionActivated`;
    expect(securityEventIntents({ eventName: 'INSERT', newImage: event() })).toEqual([
      {
        action: 'raise',
        type: 'securityEvent',
        episodeKey: key,
        place: { organizationId: 1, chargerId: 4 },
        details: { type: 'TamperDetectionActivated', timestamp: AT, techInfo: 'door', source: 'charger' },
        at: AT,
      },
      { action: 'clear', organizationId: 1, episodeKey: key, at: AT },
    ]);
    const csr = securityEventIntents({ eventName: 'INSERT', newImage: event({ type: 'InvalidCsr', source: 'csms' }) });
    expect(csr[0]).toMatchObject({ details: { type: 'InvalidCsr', source: 'csms' } });
  });

  it('raises nothing for a routine event, a notification sent again (overwritten) or a removal', () => {
    expect(
      securityEventIntents({ eventName: 'INSERT', newImage: event({ type: 'StartupOfTheDevice', critical: false }) }),
    ).toEqual([]);
    expect(securityEventIntents({ eventName: 'MODIFY', oldImage: event(), newImage: event() })).toEqual([]);
    expect(securityEventIntents({ eventName: 'REMOVE', oldImage: event() })).toEqual([]);
    expect(securityEventIntents({ eventName: 'INSERT', newImage: event({ organizationId: undefined }) })).toEqual([]);
  });

  it('takes the threatening events of both versions as critical, not the routine ones the appendix also pushes', () => {
    for (const type of [
      'TamperDetectionActivated',
      'InvalidFirmwareSignature',
      'InvalidCsmsCertificate',
      'InvalidCentralSystemCertificate',
      'InvalidChargingStationCertificate',
      'InvalidChargePointCertificate',
      'MaintenanceLoginFailed',
      'FirmwareTampered',
      'InvalidCsr',
    ])
      expect(CRITICAL_SECURITY_EVENTS.has(type), type).toBe(true);
    for (const type of [
      'StartupOfTheDevice',
      'ResetOrReboot',
      'FirmwareUpdated',
      'SettingSystemTime',
      'tamperdetectionactivated',
    ])
      expect(CRITICAL_SECURITY_EVENTS.has(type), type).toBe(false);
  });
});
