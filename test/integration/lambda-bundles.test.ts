/**
 * The Lambda bundles as deployed: the charger read, the three OCPP functions and smart charging's
 * `allocate` (with the HiGHS WebAssembly module beside it, as the stack ships it) built with the
 * stack's own esbuild options (`LAMBDA_ESBUILD_OPTIONS`: minified, with the stand-ins of
 * `LAMBDA_BUNDLE_ALIASES`, and each OCPP version's validators built beside them as the stack ships
 * them, `LAZY_MODULES`, imported on first use), hosted by a local
 * gateway and driven by a real OCPP client and real HTTP requests on DynamoDB Local. The other
 * tests run the TypeScript sources; this one fails if bundling changes what the code does.
 */
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import type { RPCClient } from 'ocpp-rpc';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LAMBDA_ESBUILD_OPTIONS, PROJECT_ROOT } from '../../lib/aws/functions';
import { loadHandlers, startLocalGateway, type LambdaHandler, type LocalGateway } from '../../lib/local/gateway';
import type { LocalStack } from '../../lib/local/stack';
import { api, createTenant, startTestStack, uniqueOcppId, type Tenant } from './support/stack';
import { connectCharger, connectRaw, pollUntil } from './support/ocpp';
import { connectSmartCharger } from './support/smart-charger';
import { buildLazyModules } from '../support/bundles';
import { HIGHS_WASM } from '../../lib/aws/smart-charging';

const BUNDLED = ['http/chargers', 'ocpp/connect', 'ocpp/message', 'ocpp/disconnect'] as const;

let stack: LocalStack;
let bundled: LocalStack;
let gateway: LocalGateway;
let tenant: Tenant;
let dir: string;
const ocppId = uniqueOcppId('BND');

/** Builds a handler as the stack does and imports it. */
async function bundledHandler(entry: string): Promise<LambdaHandler<any, any>> {
  const outfile = join(dir, `${entry.replace('/', '-')}.mjs`);
  await build({
    ...LAMBDA_ESBUILD_OPTIONS,
    entryPoints: [join(PROJECT_ROOT, `lambdas/${entry}.ts`)],
    outfile,
    logLevel: 'silent',
  });
  return (await import(pathToFileURL(outfile).href)).handler;
}

beforeAll(async () => {
  // Plug & Charge's test provider: the bundled message function invokes the certificate status function.
  stack = await startTestStack({ plugAndCharge: {} });
  tenant = await createTenant(stack, [
    { ocppId, name: 'Bundled', type: 'DCFC', ports: [{ connectorType: 'CCS1', maximumPowerKw: 150 }] },
  ]);
  dir = mkdtempSync(join(tmpdir(), 'cn-bundles-'));
  await buildLazyModules(dir);
  const [chargers, connect, message, disconnect] = await Promise.all(BUNDLED.map(bundledHandler));
  const sources = await loadHandlers();
  gateway = await startLocalGateway(
    {
      http: { ...sources.http, chargers: chargers! },
      ocpp: { connect: connect!, message: message!, disconnect: disconnect! },
      power: sources.power,
      operations: sources.operations,
    },
    { port: 0 },
  );
  bundled = { ...stack, gateway, url: gateway.url, ocppUrl: `${gateway.url.replace(/^http/, 'ws')}/ocpp` };
}, 120_000);

afterAll(async () => {
  await gateway?.close();
  await stack?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('Lambda bundles built as deployed', () => {
  let client: RPCClient;

  it('accept a charger, handle its frames with the compiled validators, and serve its state', async () => {
    client = await connectCharger(bundled, ocppId, 'ocpp2.0.1');
    const boot: any = await client.call('BootNotification', {
      reason: 'PowerUp',
      chargingStation: { model: 'X1', vendorName: 'Acme', firmwareVersion: '1.2' },
    });
    expect(boot).toMatchObject({ status: 'Accepted', interval: expect.any(Number) });
    await client.call('StatusNotification', {
      timestamp: new Date().toISOString(),
      connectorStatus: 'Occupied',
      evseId: 1,
      connectorId: 1,
    });

    const { status, body } = await api(bundled, `/api/chargers/${tenant.chargers[0]!.id}`, { key: tenant.apiKey });
    expect(status).toBe(200);
    expect(body.data).toMatchObject({
      ocppId,
      manufacturer: 'Acme',
      firmwareVersion: '1.2',
      connectionStatus: { status: 'Connected' },
      ports: [{ portNumber: 1, ocppStatus: { status: 'Occupied' } }],
    });
  });

  it('refuse a frame that breaks the schema with the CALLERROR the version names', async () => {
    const raw = await connectRaw(bundled, ocppId, 'ocpp1.6');
    try {
      const reply = await raw.exchange(
        JSON.stringify([2, 'm1', 'BootNotification', { chargePointVendor: 'E'.repeat(21), chargePointModel: 'M' }]),
      );
      expect(reply).toEqual([
        4,
        'm1',
        'PropertyConstraintViolation',
        expect.stringMatching(/chargePointVendor must NOT have more than 20 characters/),
        expect.anything(),
      ]);
      const unknown = await raw.exchange(JSON.stringify([2, 'm2', 'Reset', { type: 'Hard' }]));
      expect(unknown).toEqual([4, 'm2', 'NotSupported', expect.any(String), {}]);
    } finally {
      await raw.close();
    }
  });

  it("invoke the certificate status function from the message bundle (the SDK's SigV4 signer, bundled)", async () => {
    // A new connection: the raw one above took the charger's over.
    const again = await connectCharger(bundled, ocppId, 'ocpp2.0.1');
    const answer: any = await again
      .call('Get15118EVCertificate', {
        iso15118SchemaVersion: 'urn:iso:15118:2:2013:MsgDef',
        action: 'Install',
        exiRequest: Buffer.from([0x80, 0x98, 0x02, 0x10]).toString('base64'),
      })
      .finally(() => again.close());
    expect(answer.status).toBe('Accepted');
    expect(Buffer.from(answer.exiResponse, 'base64').subarray(1, 18).toString('latin1')).toBe('TEST-PKI-CONTRACT');
  });

  it('refuse an unknown key with 401', async () => {
    const { status } = await api(bundled, `/api/chargers/${tenant.chargers[0]!.id}`, { key: `cnk_${'x'.repeat(43)}` });
    expect(status).toBe(401);
  });

  it('plan with the solver shipped beside the allocate bundle (HiGHS WebAssembly)', async () => {
    const planned = uniqueOcppId('BNP');
    const site = await createTenant(bundled, [
      { ocppId: planned, name: 'Planned', type: 'DCFC', ports: [{ connectorType: 'CCS1', maximumPowerKw: 150 }] },
    ]);
    const limit = { sitePowerLimitSchedule: { type: 'cost', limit: 50_000, chargingRateUnit: 'W' } };
    expect(
      (await api(bundled, `/api/site/${site.siteId}/limits`, { key: site.apiKey, method: 'POST', body: limit })).status,
    ).toBe(201);
    const charger = await connectSmartCharger(stack, planned, 'ocpp1.6', 1);
    await charger.start(1, 'TAG-BND', 150_000);
    copyFileSync(join(PROJECT_ROOT, HIGHS_WASM), join(dir, 'highs.wasm'));
    const allocate = await bundledHandler('power/allocate');
    const stored = await pollUntil(
      async () => {
        await allocate({ siteId: site.siteId }, {} as never);
        return (await stack.db.siteAllocation.get({ siteId: site.siteId }).go()).data;
      },
      (data) => data?.ports.length === 1 && data.planner === 'optimal',
      'an allocation planned by the bundled function',
    );
    expect(stored!.slots!.length).toBeGreaterThan(1);
    await charger.close();
  });

  afterAll(async () => {
    await client?.close();
  });
});
