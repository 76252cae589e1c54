/**
 * Every Lambda function the stack defines, bundled as the stack bundles it (`LAMBDA_ESBUILD_OPTIONS`,
 * one esbuild run for all, in memory), stays within its size budget: a bundle is parsed whole at
 * each cold start, and its size is most of a function's init time (docs/benchmarks.md, "Lambda
 * bundles"). Each budget is today's size with a little headroom, none above 800 KiB; a function
 * that grows past its budget fails here with what it holds, largest first, so the change that
 * grew it can be looked at (`npm run bench -- lambda-bundles` for init times). The modules a
 * bundle imports from beside itself on first use (`LAZY_MODULES`: each OCPP version's validators)
 * are the stack's to ship and have budgets of their own. And the heavy packages sit only in the
 * functions that run them.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { LAZY_MODULES } from '../../../lib/aws/functions';
import { buildBundles, buildLazyModules, stackFunctions, type Bundle, type StackFunction } from '../../support/bundles';

/** The most any function's bundle may weigh, KiB. */
const CEILING_KIB = 800;

/**
 * The functions allowed past {@link CEILING_KIB}, with their own ceiling: off every request path,
 * their cold start delays no charger's frame and no API call. The certificate function serves a
 * charger's CSR (about once a year per charger) from the table's stream, the charger waiting for
 * CertificateSigned anyway; it holds the X.509 library (@peculiar/x509 and its ASN.1 schemas,
 * about 200 KiB) and the KMS client beside the data layer and the command path.
 */
const OFF_PATH_CEILING_KIB: Record<string, number> = { 'lambdas/certificates/sign.ts': 900 };

/** Each function's budget, KiB (1,024 bytes), by handler module. */
const BUDGET_KIB: Record<string, number> = {
  // The probe's module declares every charger-operation command and each entity's model is in every
  // bundle: 605.1 with publish-firmware's; 537.1 once the OCPP validators were loaded on first use.
  'lambdas/alerts/sweep.ts': 560,
  'lambdas/alerts/trigger.ts': 480,
  // Plug & Charge: the X.509 library, the OCSP schemas and the test PKI's provider; no table: 282.0;
  // 298.5 with request-filtering-agent and ipaddr.js (16.5 KiB), which check the OCSP responder's
  // address where the connection is made.
  'lambdas/certificates/status.ts': 300,
  // Every function holds every entity's model (security events, certificates, monitors, customer
  // information requests): 620.4 with the first two.
  // The CA set-up at deployment: the X.509 library, KMS and S3 (606 today).
  'lambdas/certificates/ca-setup.ts': 630,
  // Off the request paths (OFF_PATH_CEILING_KIB): 835 today.
  'lambdas/certificates/sign.ts': 855,
  'lambdas/http/access-ids.ts': 635,
  'lambdas/http/alert-recipients.ts': 635,
  // Verifying people's tokens (jose's jwtVerify and key set, about 16 KiB) is in every HTTP function.
  'lambdas/http/alerts.ts': 620,
  // The S3 log storage signs with the SigV4 signer alone, without the S3 client and its checksums:
  // 800.1 with them, 631.3 without.
  'lambdas/http/charger-operation-reads.ts': 640,
  // Every operation kind's body schema (certificates and customer information too): 753.8; with
  // publish-firmware's and get-report's: 775.3; with the display-messages listing and the security
  // profile upgrade: 785.4; 789.9 later; 790.3 once the upgrade counts only certificates the charger
  // accepted and its CA has not revoked.
  'lambdas/http/charger-operations.ts': 795,
  // Every entity's model, the vehicle's battery and telematics attributes included: 620.0.
  'lambdas/http/chargers.ts': 625,
  // A charger's security profile (its route and the charger read it answers with): 783; a station's
  // monitors asked for (GetMonitoringReport's validators, the monitors' schemas): 792.6; the vehicle
  // entity's battery and telematics attributes (in every bundle): 797.0; 700 once the OCPP validators
  // were loaded on first use.
  'lambdas/http/commands.ts': 720,
  'lambdas/http/departure-times.ts': 620,
  'lambdas/http/fallback.ts': 10,
  // The session list's vehicle, access ID and cost additions and jose: 641 today.
  'lambdas/http/history.ts': 660,
  'lambdas/http/maintenance-windows.ts': 630,
  // Every route's schema and text: 721.3 with publish-firmware's, the display-messages listing and the security profile upgrade;
  // 740.0 with the charger read's default tariff and the same-tariff PUT's text.
  'lambdas/http/openapi.ts': 745,
  // 620.1 with the drivers' estimates (the site-power face).
  'lambdas/http/site-limits.ts': 623,
  // The allocation read's SoC and battery sources: 611.0; the drivers' estimate routes: 615.9.
  'lambdas/http/site-power.ts': 619,
  // Every entity's model, as above.
  'lambdas/http/sites.ts': 615,
  // Every entity's model (display-messages and publish-firmware requests too): 610.2; the vehicles'
  // telematics state (its routes, schemas and store): 619.7.
  'lambdas/http/vehicles.ts': 625,
  'lambdas/http/webhooks.ts': 670,
  // The Cognito client (inviting and removing people's accounts) is about 145 KiB of it: 760 today.
  'lambdas/http/users.ts': 780,
  // 535 since the OCPP validators are loaded on first use.
  'lambdas/local-list/sync.ts': 560,
  'lambdas/logs/upload.ts': 370,
  // Security profile 3: the X.509 library and its ASN.1 schemas (@peculiar/x509, asn1js, tsyringe,
  // reflect-metadata: about 250 KiB), evaluated only for a certificate or a profile 3 charger: 784;
  // 761 once the OCPP validators (a new password's confirmation) were loaded on first use.
  'lambdas/ocpp/connect.ts': 780,
  'lambdas/ocpp/disconnect.ts': 490,
  // The monitors' reports and events, customer information, the display-messages pages, the
  // publish-firmware statuses, the session's cost, Plug & Charge's CALLs and their Invoke of the
  // certificate status function (the SigV4 signer): 785 with both versions' validators (224 KiB),
  // 558.2 since each version's validators are a module loaded on first use (LAZY_MODULE_BUDGET_KIB).
  'lambdas/ocpp/message.ts': 580,
  // Every operation kind's commands but the log requests', without S3: 632 after the logs left, 699.8
  // with monitoring and display messages, 753 with the security profile upgrade (the validators of
  // SetNetworkProfile, SetVariables and ChangeConfiguration: 37 KiB); 773.7 with publish firmware
  // and GetReport, 776.6 with GetTransactionStatus (its validators and kind); 568.6 once the OCPP
  // validators were loaded on first use.
  'lambdas/operations/perform.ts': 590,
  // The log requests' worker: the log commands and the kinds' registry; 729.4 with the S3 client and
  // presigner, 576.4 since the upload URLs are presigned by the SigV4 signer alone.
  'lambdas/operations/perform-logs.ts': 590,
  // 764.3 with the S3 client (a log's HeadObject), 609.6 with the SigV4 signer alone.
  'lambdas/operations/sweep.ts': 620,
  // The drift check's GetCompositeSchedule (both versions' validators) took it to 772; every
  // entity's model is in every bundle (each new entity adds about 0.5 KiB); 699.3 once the OCPP
  // validators were loaded on first use; the estimates (the history forecast and its summary,
  // shared/smart-charging/estimates.ts) add about 7.
  'lambdas/power/allocate.ts': 720,
  'lambdas/power/schedule.ts': 550,
  'lambdas/power/trigger.ts': 550,
  'lambdas/webhooks/deliver.ts': 560,
  'lambdas/webhooks/fan-out.ts': 620,
};

/**
 * Each of the modules the bundles import on first use (`LAZY_MODULES`), KiB: one OCPP version's
 * validators, parsed by a function the first time a charger of that version needs them (every
 * action of the version: the CALLs, the CALLRESULTs and the definitions they share).
 */
const LAZY_MODULE_BUDGET_KIB: Record<string, number> = {
  // 157.1 today.
  'validators/v16.code.mjs': 170,
  // 342.9 today.
  'validators/v201.code.mjs': 360,
  // 653.7 today: OCPP 2.1 has 91 actions (2.0.1: 64), most of them larger.
  'validators/v21.code.mjs': 680,
};

/**
 * The packages that are a large share of a bundle and run in few functions: the handlers that
 * hold each (any other holding it fails). The HTTP functions validate with zod; the OCPP, stream
 * and scheduled functions validate no request body.
 */
const HELD_ONLY_BY: Record<string, (entry: string) => boolean> = {
  '@aws-sdk/client-s3': (e) =>
    // Presigned URLs and a log's HeadObject need only the signer (`shared/charger-logs/s3-storage.ts`).
    ['lambdas/logs/upload.ts', 'lambdas/certificates/ca-setup.ts'].includes(e),
  '@aws-sdk/client-lambda': (e) =>
    ['lambdas/http/charger-operations.ts', 'lambdas/operations/sweep.ts'].includes(e) || e.startsWith('lambdas/power/'),
  '@aws-sdk/client-sesv2': (e) => e === 'lambdas/webhooks/fan-out.ts',
  nodemailer: () => false,
  zod: (e) => e.startsWith('lambdas/http/'),
  highs: (e) => e === 'lambdas/power/allocate.ts',
  '@aws-sdk/client-cognito-identity-provider': (e) => e === 'lambdas/http/users.ts',
  '@peculiar/x509': (e) => e === 'lambdas/ocpp/connect.ts' || e.startsWith('lambdas/certificates/'),
};

const kib = (bytes: number) => bytes / 1024;

/** The packages (or our folders) of a bundle with the KiB each adds, largest first. */
function composition(bundle: Bundle): string {
  const by = new Map<string, number>();
  for (const [input, bytes] of bundle.inputs) {
    const part = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(input)?.[1] ?? input.split('/').slice(0, -1).join('/');
    by.set(part, (by.get(part) ?? 0) + bytes);
  }
  return [...by]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 12)
    .map(([part, bytes]) => `${part} ${kib(bytes).toFixed(0)}`)
    .join(', ');
}

/** Whether a bundle holds code of `pkg` (bytes in the output, not only an import tree-shaken away). */
const holds = (bundle: Bundle, pkg: string) =>
  [...bundle.inputs].some(([input, bytes]) => bytes > 0 && input.includes(`node_modules/${pkg}/`));

let functions: StackFunction[];
let bundles: Map<string, Bundle>;
let lazyModules: Map<string, number>;

// Synthesising the stack and one esbuild run for 31 entries take seconds, more on a loaded machine.
beforeAll(async () => {
  functions = await stackFunctions();
  [bundles, lazyModules] = await Promise.all([
    buildBundles([...new Set(functions.map((f) => f.entry))]),
    buildLazyModules(),
  ]);
}, 180_000);

describe('Lambda bundle budgets', () => {
  it('finds every function of the stack, each with a budget of at most 800 KiB (or its own off-path ceiling)', () => {
    expect(functions.length).toBeGreaterThanOrEqual(33);
    const entries = new Set(functions.map((f) => f.entry));
    expect([...entries].filter((entry) => BUDGET_KIB[entry] === undefined)).toEqual([]);
    expect(Object.keys(BUDGET_KIB).filter((entry) => !entries.has(entry))).toEqual([]);
    for (const [entry, budget] of Object.entries(BUDGET_KIB)) {
      expect(budget, entry).toBeLessThanOrEqual(OFF_PATH_CEILING_KIB[entry] ?? CEILING_KIB);
    }
  });

  it('keeps every bundle within its budget', () => {
    const over = functions
      .map(({ name, entry }) => ({ name, entry, bundle: bundles.get(entry)! }))
      .filter(({ entry, bundle }) => kib(bundle.bytes) > BUDGET_KIB[entry]!)
      .map(
        ({ name, entry, bundle }) =>
          `${name} (${entry}): ${kib(bundle.bytes).toFixed(1)} KiB > ${BUDGET_KIB[entry]} KiB: ${composition(bundle)}`,
      );
    expect(over).toEqual([]);
  });

  it('imports from beside a bundle only the modules the stack ships there, each within its budget', () => {
    const shipped = new Set(LAZY_MODULES.map(({ output }) => `./${output}`));
    const unshipped = [...bundles].flatMap(([entry, { lazyImports }]) =>
      lazyImports.filter((path) => path.startsWith('.') && !shipped.has(path)).map((path) => `${entry}: ${path}`),
    );
    expect(unshipped).toEqual([]);
    // The function that answers chargers imports each version's validators rather than holding them.
    expect(bundles.get('lambdas/ocpp/message.ts')!.lazyImports).toEqual(expect.arrayContaining([...shipped]));
    expect([...lazyModules.keys()].sort()).toEqual(Object.keys(LAZY_MODULE_BUDGET_KIB).sort());
    for (const [output, bytes] of lazyModules) {
      expect(LAZY_MODULE_BUDGET_KIB[output]!, output).toBeLessThanOrEqual(CEILING_KIB);
      expect(kib(bytes), output).toBeLessThanOrEqual(LAZY_MODULE_BUDGET_KIB[output]!);
    }
  });

  it.each(Object.entries(HELD_ONLY_BY))('holds %s only in the functions that run it', (pkg, allowed) => {
    const holders = [...bundles].filter(([, bundle]) => holds(bundle, pkg)).map(([entry]) => entry);
    expect(holders.filter((entry) => !allowed(entry))).toEqual([]);
  });
});
