/**
 * Chargers' security events (docs/certificates.md "Security events"), both versions, with real
 * strict-mode OCPP clients: every SecurityEventNotification is stored and listed newest first by
 * `GET /api/chargers/{id}/security-events` (a notification sent again is stored once); a critical
 * one raises a `securityEvent` alert (raised and ended at once), a routine one does not; a CSR that
 * SignCertificate refuses, at once ($default) or later (the certificate function), is a stored
 * `InvalidCsr` event of the CSMS's, critical too. The list pages by 100 and refuses bad input.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RPCClient } from 'ocpp-rpc';
import type { LocalStack } from '../../../lib/local/stack';
import { recordSecurityEvent } from '../../../shared/history/security-events';
import { opensslCsr } from '../../unit/certificates/openssl';
import type { CheckedCall } from '../support/checked-api';
import { pollUntil, type BaseProtocol } from '../support/ocpp';
import {
  PROTOCOLS,
  signCertificateRequest,
  startSecurityChargers,
  type SecurityChargers,
} from '../support/security-chargers';
import type { Tenant } from '../support/stack';

const ROUTE = '/api/chargers/{id}/security-events';

let fixture: SecurityChargers | undefined;
let stack: LocalStack;
let tenant: Tenant;
let other: Tenant;
let call: CheckedCall;
let dir: string;
let clients: Record<BaseProtocol, RPCClient>;

beforeAll(async () => {
  fixture = await startSecurityChargers({ idPrefix: 'SE', alerts: true });
  ({ stack, tenant, other, call, dir, clients } = fixture);
});
afterAll(async () => fixture?.close());

/** One page of a charger's security events (checked against the OpenAPI document). */
const list = (chargerId: number, query = '') =>
  call('GET', `/api/chargers/${chargerId}/security-events${query}`, ROUTE, 200);

/** The charger's securityEvent alerts. */
async function securityAlerts(chargerId: number) {
  const body = await call('GET', `/api/alerts?types=securityEvent&chargerIds=${chargerId}`, '/api/alerts', 200);
  return body.data as { type: string; endTimestamp: string | null; securityEvent: Record<string, unknown> }[];
}

describe.each(PROTOCOLS)('SecurityEventNotification (%s)', (protocol) => {
  const index = PROTOCOLS.indexOf(protocol);
  const chargerId = () => tenant.chargers[index]!.id;
  const client = () => clients[protocol];

  it('stores each event, newest first, once however often it is sent; a critical one raises an alert', async () => {
    const boot = new Date(Date.now() - 60_000).toISOString();
    const tamper = new Date(Date.now() - 30_000).toISOString();
    expect(await client().call('SecurityEventNotification', { type: 'StartupOfTheDevice', timestamp: boot })).toEqual(
      {},
    );
    const tampered = { type: 'TamperDetectionActivated', timestamp: tamper, techInfo: 'door sensor 2' };
    expect(await client().call('SecurityEventNotification', tampered)).toEqual({});
    expect(await client().call('SecurityEventNotification', tampered)).toEqual({});

    const page = await list(chargerId());
    expect(page).toEqual({
      data: [
        {
          timestamp: tamper,
          type: 'TamperDetectionActivated',
          techInfo: 'door sensor 2',
          source: 'charger',
          critical: true,
          receivedAt: expect.any(String),
        },
        {
          timestamp: boot,
          type: 'StartupOfTheDevice',
          techInfo: null,
          source: 'charger',
          critical: false,
          receivedAt: expect.any(String),
        },
      ],
      pagination: { hasNextPage: false, nextPageCursor: null },
    });

    const alerts = await pollUntil(
      () => securityAlerts(chargerId()),
      // Raised, then ended by a second write: wait for both.
      (a) => a.length > 0 && a.every((alert) => alert.endTimestamp !== null),
      'the securityEvent alert, ended',
    );
    expect(alerts).toHaveLength(1);
    expect(alerts[0]).toMatchObject({
      type: 'securityEvent',
      severity: 'critical',
      detectedTimestamp: tamper,
      endTimestamp: expect.any(String),
      securityEvent: {
        type: 'TamperDetectionActivated',
        timestamp: tamper,
        techInfo: 'door sensor 2',
        source: 'charger',
      },
      charger: { id: chargerId() },
    });
  });

  it('records each CSR that SignCertificate refuses as a critical event of the CSMS', async () => {
    const params = (csr: string) => signCertificateRequest(protocol, csr);
    expect(await client().call('SignCertificate', params('garbage, not a CSR'))).toEqual({ status: 'Rejected' });
    const otherId = tenant.chargers[1 - index]!.ocppId!;
    expect(await client().call('SignCertificate', params(opensslCsr(dir, `/CN=${otherId}`).csr))).toEqual({
      status: 'Rejected',
    });
    const csrEvents = await pollUntil(
      async () => ((await list(chargerId())).data as { type: string }[]).filter((e) => e.type === 'InvalidCsr'),
      (events) => events.length === 2,
      'both refusals stored',
    );
    expect(csrEvents).toEqual([
      expect.objectContaining({
        source: 'csms',
        critical: true,
        techInfo: expect.stringContaining('commonNameMismatch'),
      }),
      expect.objectContaining({ source: 'csms', critical: true, techInfo: expect.stringContaining('not a PKCS #10') }),
    ]);
    await pollUntil(
      async () => (await securityAlerts(chargerId())).filter((a) => a.securityEvent.type === 'InvalidCsr'),
      (a) => a.length === 2 && a.every((alert) => alert.endTimestamp !== null),
      'an alert per refusal, ended',
    );
  });
});

describe('GET /api/chargers/{id}/security-events', () => {
  it('pages by 100, newest first, with a cursor bound to the charger', async () => {
    const chargerId = other.chargers[0]!.id;
    const { organizationId } = other;
    const base = Date.parse('2026-01-01T00:00:00.000Z');
    for (let i = 0; i < 101; i++) {
      const at = new Date(base + i * 1000).toISOString();
      await recordSecurityEvent(stack.db, {
        chargerId,
        organizationId,
        siteId: other.siteId,
        timestamp: at,
        type: 'InvalidMessages',
        source: 'charger',
        receivedAt: at,
      });
    }
    const otherCall = (query: string, status = 200) =>
      call('GET', `/api/chargers/${chargerId}/security-events${query}`, ROUTE, status, { key: other.apiKey });
    const first = await otherCall('');
    expect(first.data).toHaveLength(100);
    expect(first.data[0].timestamp).toBe(new Date(base + 100_000).toISOString());
    expect(first.pagination.hasNextPage).toBe(true);
    const second = await otherCall(`?nextPageCursor=${first.pagination.nextPageCursor}`);
    expect(second).toEqual({
      data: [expect.objectContaining({ timestamp: new Date(base).toISOString() })],
      pagination: { hasNextPage: false, nextPageCursor: null },
    });
    // The cursor is this charger's list's: on another charger's list it is refused.
    const otherCharger = tenant.chargers[0]!.id;
    const refused = await call(
      'GET',
      `/api/chargers/${otherCharger}/security-events?nextPageCursor=${first.pagination.nextPageCursor}`,
      ROUTE,
      400,
    );
    expect(refused.errors).toEqual([expect.objectContaining({ path: 'queryStringParameters.nextPageCursor' })]);
  });

  it('refuses bad input with a problem document naming the field; another tenant’s charger is 404', async () => {
    const id = tenant.chargers[0]!.id;
    const garbage = await call('GET', `/api/chargers/${id}/security-events?nextPageCursor=xyz`, ROUTE, 400);
    expect(garbage.errors).toEqual([expect.objectContaining({ path: 'queryStringParameters.nextPageCursor' })]);
    const unknown = await call('GET', `/api/chargers/${id}/security-events?limit=5`, ROUTE, 400);
    expect(JSON.stringify(unknown.errors)).toContain('queryStringParameters');
    const badId = await call('GET', '/api/chargers/abc/security-events', ROUTE, 400);
    expect(badId.errors).toEqual([expect.objectContaining({ path: 'pathParameters.id' })]);
    await call('GET', `/api/chargers/${other.chargers[0]!.id}/security-events`, ROUTE, 404);
    await call('GET', '/api/chargers/999999999/security-events', ROUTE, 404);
  });
});
