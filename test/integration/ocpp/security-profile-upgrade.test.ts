/**
 * Moving chargers to security profile 3 as one operation (docs/certificates.md "Moving a fleet from
 * profile 2 to 3"), against ocpp-rpc strict clients of both versions: 2.0.1 gets SetNetworkProfile
 * (a profile 3 connection to the CSMS URL in the slot), SetVariables NetworkConfigurationPriority
 * and Reset OnIdle; 1.6 the SecurityProfile key (and a soft reset when it asks for a reboot); the
 * charger is then at profile 3 in the CSMS. A charger without a current certificate of the CSMS CA
 * that it accepted (not one it rejected or never received, not a V2G one, not a revoked one) is
 * refused (NoCertificate) with nothing sent; a refused step leaves the profile as it was; bad
 * bodies are 400 naming the field.
 */
import type { RPCClient } from 'ocpp-rpc';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { revokeSerialOfCa } from '../../../shared/certificates/revocation-store';
import type { LocalStack } from '../../../lib/local/stack';
import { type IssuedChargerCertificate, recordChargerCertificate } from '../../../shared/chargers/certificates';
import { connectCharger, type OcppProtocol } from '../support/ocpp';
import { api, createTenant, startTestStack, uniqueOcppId, type Tenant } from '../support/stack';

process.env.OCPP_COMMAND_TIMEOUT_MS = '3000';
process.env.OPERATION_WAIT_MS = '4000';

const CSMS_URL = 'wss://charging.example.com/ocpp';
let stack: LocalStack;
let tenant: Tenant;

/** A test charger: what it received, and how it answers each step. */
interface UpgradingCharger {
  client: RPCClient;
  chargerId: number;
  protocol: OcppProtocol;
  received: { method: string; params: any }[];
  answers: Record<string, Record<string, unknown>>;
}
const chargers: UpgradingCharger[] = [];

/** Handlers that record every CALL and answer from `charger.answers`. */
function answering(charger: UpgradingCharger) {
  return (client: RPCClient) => {
    for (const method of ['SetNetworkProfile', 'SetVariables', 'ChangeConfiguration', 'Reset']) {
      client.handle(method, async ({ params }: any) => {
        charger.received.push({ method, params });
        return charger.answers[method] ?? {};
      });
    }
  };
}

/** Stores a certificate the CSMS CA issued to the charger, valid for a year; by default one it accepted. */
async function giveCertificate(
  chargerId: number,
  {
    serial = '0a',
    deliveryStatus = 'Accepted',
    certificateType = 'ChargingStationCertificate',
    caKeyId,
  }: Partial<Pick<IssuedChargerCertificate, 'deliveryStatus' | 'certificateType' | 'caKeyId'>> & {
    serial?: string;
  } = {},
): Promise<void> {
  const now = Date.now();
  await recordChargerCertificate(stack.db, {
    chargerId,
    serialNumber: `${chargerId.toString(16)}${serial}`,
    subject: 'CN=test',
    issuer: 'CN=Test CSMS CA',
    notBefore: new Date(now - 60_000).toISOString(),
    notAfter: new Date(now + 365 * 86_400_000).toISOString(),
    sha256: 'ab'.repeat(32),
    certificateType,
    issuedAt: new Date(now).toISOString(),
    deliveryStatus,
    ...(caKeyId ? { caKeyId } : {}),
  });
}

/** The charger's security profile as the API shows it. */
async function profileOf(chargerId: number): Promise<number> {
  const read = await api(stack, `/api/chargers/${chargerId}`, { key: tenant.apiKey });
  return read.body.data.securityProfile;
}

const post = (body: unknown) =>
  api(stack, '/api/ocpp/upgrade-security-profile', { key: tenant.apiKey, method: 'POST', body });

beforeAll(async () => {
  stack = await startTestStack();
  const protocols: OcppProtocol[] = ['ocpp2.0.1', 'ocpp1.6', 'ocpp2.0.1'];
  tenant = await createTenant(
    stack,
    protocols.map((protocol) => ({
      ocppId: uniqueOcppId(protocol === 'ocpp1.6' ? 'UP16' : 'UP201'),
      name: protocol,
      type: 'Level 2' as const,
      ports: [{ connectorType: 'J1772' as const }],
    })),
  );
  for (const [i, protocol] of protocols.entries()) {
    const charger = {
      chargerId: tenant.chargers[i]!.id,
      protocol,
      received: [],
      answers: {},
    } as never as UpgradingCharger;
    charger.client = await connectCharger(stack, tenant.chargers[i]!.ocppId!, protocol, undefined, answering(charger));
    chargers.push(charger);
  }
});

afterAll(async () => {
  for (const charger of chargers) await charger.client.close({ force: true });
  await stack?.close();
});

describe('upgrading chargers to security profile 3', () => {
  it('sends 2.0.1 A05 (profile in its slot, the slot first, a reset when idle) and sets the charger to profile 3', async () => {
    const charger = chargers[0]!;
    await giveCertificate(charger.chargerId);
    charger.answers = {
      SetNetworkProfile: { status: 'Accepted' },
      SetVariables: {
        setVariableResult: [
          {
            attributeStatus: 'Accepted',
            component: { name: 'OCPPCommCtrlr' },
            variable: { name: 'NetworkConfigurationPriority' },
          },
        ],
      },
      Reset: { status: 'Scheduled' },
    };
    expect(await profileOf(charger.chargerId)).toBe(2);
    const upgraded = await post({ chargerId: charger.chargerId, ocppCsmsUrl: CSMS_URL, configurationSlot: 3 });
    expect(upgraded.status).toBe(200);
    expect(upgraded.body.data).toMatchObject({
      action: 'upgradeSecurityProfile',
      status: 'completed',
      results: [{ chargerId: charger.chargerId, status: 'accepted', ocppStatus: 'Scheduled' }],
    });
    expect(charger.received).toEqual([
      {
        method: 'SetNetworkProfile',
        params: {
          configurationSlot: 3,
          connectionData: {
            ocppVersion: 'OCPP20',
            ocppTransport: 'JSON',
            ocppCsmsUrl: CSMS_URL,
            messageTimeout: 30,
            securityProfile: 3,
            ocppInterface: 'Wired0',
          },
        },
      },
      {
        method: 'SetVariables',
        params: {
          setVariableData: [
            {
              component: { name: 'OCPPCommCtrlr' },
              variable: { name: 'NetworkConfigurationPriority' },
              attributeValue: '3',
            },
          ],
        },
      },
      { method: 'Reset', params: { type: 'OnIdle' } },
    ]);
    expect(await profileOf(charger.chargerId)).toBe(3);
  });

  it('sets 1.6 chargers\u2019 SecurityProfile key, with a soft reset when the charger asks for a reboot', async () => {
    const charger = chargers[1]!;
    await giveCertificate(charger.chargerId);
    charger.answers = { ChangeConfiguration: { status: 'RebootRequired' }, Reset: { status: 'Accepted' } };
    const upgraded = await post({ chargerId: charger.chargerId, ocppCsmsUrl: CSMS_URL });
    expect(upgraded.body.data).toMatchObject({ status: 'completed', results: [{ status: 'accepted' }] });
    expect(charger.received).toEqual([
      { method: 'ChangeConfiguration', params: { key: 'SecurityProfile', value: '3' } },
      { method: 'Reset', params: { type: 'Soft' } },
    ]);
    expect(await profileOf(charger.chargerId)).toBe(3);
  });

  /** The upgrade refused for want of a certificate: nothing sent to the charger, its profile still 2. */
  async function expectNoCertificate(charger: (typeof chargers)[number]) {
    const refused = await post({ chargerId: charger.chargerId, ocppCsmsUrl: CSMS_URL });
    expect(refused.body.data).toMatchObject({
      status: 'failed',
      results: [{ status: 'rejected', error: { code: 'NoCertificate' } }],
    });
    expect(charger.received).toEqual([]);
    expect(await profileOf(charger.chargerId)).toBe(2);
  }

  it('refuses a charger without a current certificate of the CSMS CA: nothing sent, its profile unchanged', async () => {
    const charger = chargers[2]!;
    charger.received.length = 0;
    await expectNoCertificate(charger);
  });

  it('refuses a charger whose only current certificates it never installed, are for V2G or are revoked: none would let it connect', async () => {
    const charger = chargers[2]!;
    charger.received.length = 0;
    await giveCertificate(charger.chargerId, { serial: '0b', deliveryStatus: 'NotDelivered' });
    await giveCertificate(charger.chargerId, { serial: '0c', deliveryStatus: 'Rejected' });
    await giveCertificate(charger.chargerId, { serial: '0d', certificateType: 'V2GCertificate' });
    const caKeyId = 'cd'.repeat(32);
    await giveCertificate(charger.chargerId, { serial: '0e', caKeyId });
    await revokeSerialOfCa(stack.db, caKeyId, `${charger.chargerId.toString(16)}0e`, new Date().toISOString());
    await expectNoCertificate(charger);
  });

  it('leaves the profile as it was when the charger refuses a step, and stops there', async () => {
    const charger = chargers[2]!;
    await giveCertificate(charger.chargerId);
    charger.received.length = 0;
    charger.answers = { SetNetworkProfile: { status: 'Rejected' } };
    const refused = await post({ chargerId: charger.chargerId, ocppCsmsUrl: CSMS_URL });
    expect(refused.body.data).toMatchObject({ results: [{ status: 'rejected', ocppStatus: 'Rejected' }] });
    expect(charger.received.map((r) => r.method)).toEqual(['SetNetworkProfile']);
    expect(await profileOf(charger.chargerId)).toBe(2);
  });

  it.each([
    [{ ocppCsmsUrl: 'https://charging.example.com/ocpp' }, 'body.ocppCsmsUrl'],
    [{ ocppCsmsUrl: CSMS_URL, configurationSlot: 0 }, 'body.configurationSlot'],
    [{}, 'body.ocppCsmsUrl'],
  ])('refuses %j with 400 naming %s, nothing sent', async (fields, field) => {
    const charger = chargers[2]!;
    charger.received.length = 0;
    const refused = await post({ chargerId: charger.chargerId, ...fields });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toContain(field);
    expect(charger.received).toEqual([]);
  });
});
