/**
 * The cost model of `docs/cost-and-scale.md`: AWS cost per charger-month at the reference profile, from the
 * figures `cost.bench.ts` measures per OCPP message kind and the us-east-1 list prices below.
 */
import { HEARTBEAT_INTERVAL_SECONDS } from '../../shared/ocpp/connection';

/** What one message of a kind costs, as measured (means per message). */
export interface KindCost {
  /** DynamoDB requests. */
  requests: number;
  /** Read request units (on-demand). */
  rru: number;
  /** Write request units (on-demand). */
  wru: number;
  /** Handler wall time, ms (all invocations of the message together). */
  wallMs: number;
  /** Of which CPU time on this machine, ms. */
  cpuMs: number;
  /** Lambda invocations. */
  invocations: number;
}

/**
 * us-east-1 list prices (USD, first tiers, free tiers ignored), from the AWS pricing pages of API
 * Gateway, Lambda, DynamoDB and CloudWatch as of November 2026 (docs/cost-and-scale.md, "Prices").
 */
export const PRICES = {
  /** WebSocket API, per message sent or received (32 KB increments; ours are all < 32 KB). */
  websocketMessage: 1.0 / 1e6,
  /** WebSocket API, per connection minute. */
  connectionMinute: 0.25 / 1e6,
  /** Lambda on arm64, per GB-second. */
  lambdaGbSecond: 0.0000133334,
  /** Lambda, per request. */
  lambdaRequest: 0.2 / 1e6,
  /** DynamoDB on-demand, per write request unit. */
  wru: 0.625 / 1e6,
  /** DynamoDB on-demand, per read request unit. */
  rru: 0.125 / 1e6,
  /** CloudWatch Logs (Standard), per GB ingested. */
  logsGb: 0.5,
} as const;

/** Memory sizes compared (MB). */
export const MEMORY_SIZES_MB = [128, 256, 512, 1024] as const;

/** Memory at which a Lambda function has one full vCPU; below it, CPU time stretches by 1769 / memory. */
const FULL_VCPU_MB = 1769;

/**
 * Bytes of log per invocation. The functions log JSON with platform events from WARN up
 * (`lib/aws/functions.ts`), so Lambda writes no START / END / REPORT lines (~350 bytes
 * each invocation otherwise), and the handlers log warnings and errors only.
 */
const LOG_BYTES_PER_INVOCATION = 0;

const DAYS = 30;

/**
 * The reference profile, per charger and day: always connected (API Gateway closes a connection
 * after 2 h, so 12 reconnections a day), a Heartbeat every {@link HEARTBEAT_INTERVAL_SECONDS},
 * MeterValues every 60 s for 8 h, 20 status changes, 2 sessions, one boot, and smart-charging
 * profiles at 2 per charging hour (the depot benchmark sends 1.85 per charger-hour).
 */
export const REFERENCE_DAY: Record<string, number> = {
  'connect ($connect)': 12,
  'disconnect ($disconnect)': 12,
  BootNotification: 1,
  Heartbeat: 86_400 / HEARTBEAT_INTERVAL_SECONDS,
  MeterValues: 8 * 60,
  StatusNotification: 20,
  'session start': 2,
  'session stop': 2,
  'smart-charging profile': 16,
};

/** Kinds that are not WebSocket messages (a connection's opening and closing). */
const NOT_MESSAGES = new Set(['connect ($connect)', 'disconnect ($disconnect)']);

/** Cost per charger-month by service (USD), and the `$default` duration of a MeterValues at this memory. */
export interface ChargerMonth {
  apiGateway: number;
  lambda: number;
  dynamodb: number;
  logs: number;
  total: number;
  /** Billed duration of a MeterValues at this memory, ms. */
  messageMs: number;
}

/** Billed milliseconds of an invocation at `memoryMb`: waiting as measured, CPU stretched below one vCPU. */
export function billedMs(kind: KindCost, memoryMb: number): number {
  const perInvocation = (ms: number) => ms / Math.max(kind.invocations, 1);
  const wait = perInvocation(Math.max(kind.wallMs - kind.cpuMs, 0));
  const cpu = perInvocation(kind.cpuMs) * Math.max(1, FULL_VCPU_MB / memoryMb);
  return Math.ceil(wait + cpu);
}

/**
 * The cost of a charger-month at the reference profile with the OCPP functions at `memoryMb`.
 * @throws Error naming a kind of the profile that was not measured
 */
export function chargerMonth(kinds: Record<string, KindCost>, memoryMb: number): ChargerMonth {
  const month = { apiGateway: DAYS * 24 * 60 * PRICES.connectionMinute, lambda: 0, dynamodb: 0, logs: 0 };
  for (const [name, perDay] of Object.entries(REFERENCE_DAY)) {
    const kind = kinds[name];
    if (!kind) throw new Error(`${name} was not measured`);
    const n = perDay * DAYS;
    if (!NOT_MESSAGES.has(name)) month.apiGateway += n * 2 * PRICES.websocketMessage; // the frame and its answer
    const invocations = n * kind.invocations;
    const gbSeconds = (invocations * billedMs(kind, memoryMb) * memoryMb) / 1024 / 1000;
    month.lambda += invocations * PRICES.lambdaRequest + gbSeconds * PRICES.lambdaGbSecond;
    month.dynamodb += n * (kind.wru * PRICES.wru + kind.rru * PRICES.rru);
    month.logs += (invocations * LOG_BYTES_PER_INVOCATION * PRICES.logsGb) / 1e9;
  }
  const total = month.apiGateway + month.lambda + month.dynamodb + month.logs;
  return { ...month, total, messageMs: billedMs(kinds.MeterValues!, memoryMb) };
}
