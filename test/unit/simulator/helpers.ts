/**
 * Helpers of the simulator tests that talk to the fake CSMS: the file's fake CSMS and simulators,
 * polling, and the meter readings a charge point reported (1.6 MeterValues, 2.0.1
 * TransactionEvent Updated).
 */
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import {
  startSimulator,
  type OcppProtocol,
  type Simulator,
  type SimulatorLogEntry,
  type SimulatorOptions,
} from '../../../lib/simulator';
import { startFakeCsms, type FakeCsms, type RecordedCall } from './fake-csms';

/** A test file's fake CSMS and the simulators its tests start ({@link useFakeCsms}). */
export interface FakeCsmsFixture {
  /** The fake CSMS, started before the file's first test. */
  readonly csms: FakeCsms;
  /** What the current test's simulators logged. */
  readonly logs: SimulatorLogEntry[];
  /**
   * Starts a simulator against the fake CSMS (ocppId `<prefix>-<n>`, meter values every
   * 50 ms, the file's defaults, then `options`); it is closed after the test.
   */
  simulate(protocol: OcppProtocol, options?: Partial<SimulatorOptions>): Promise<Simulator>;
}

/**
 * Registers a test file's hooks around one fake CSMS: started before all tests, closed after
 * them; after each test its simulators are closed and neither side may have sent a payload that
 * breaks the official OCPP schemas.
 * @param chargePointPrefix prefix of the simulators' ocppIds
 * @param defaults simulator options of the file (e.g. `speed`)
 */
export function useFakeCsms(chargePointPrefix: string, defaults: Partial<SimulatorOptions> = {}): FakeCsmsFixture {
  let started: FakeCsms | undefined;
  const running: Simulator[] = [];
  const logs: SimulatorLogEntry[] = [];
  let counter = 0;
  const csms = (): FakeCsms => {
    if (!started) throw new Error('the fake CSMS starts in beforeAll');
    return started;
  };

  beforeAll(async () => {
    started = await startFakeCsms();
  });
  afterEach(async () => {
    await Promise.all(running.splice(0).map((sim) => sim.close()));
    expect(csms().schemaFailures).toEqual([]);
    expect(logs.filter((entry) => entry.message.includes('breaks the OCPP schema'))).toEqual([]);
    logs.length = 0;
  });
  afterAll(async () => {
    await started?.close();
  });

  return {
    get csms() {
      return csms();
    },
    logs,
    async simulate(protocol, options = {}) {
      const sim = await startSimulator({
        ocppId: `${chargePointPrefix}-${++counter}`,
        protocol,
        url: csms().url,
        meterIntervalSeconds: 0.05,
        onLog: (entry) => logs.push(entry),
        ...defaults,
        ...options,
      });
      running.push(sim);
      return sim;
    },
  };
}

/** Polls until `check` stops throwing (e.g. an `expect`), or fails after `timeoutMs`. */
export async function eventually<T>(check: () => T, timeoutMs = 5000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return check();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }
}

/** One periodic meter reading as the CSMS received it. */
export interface Reading {
  readonly connectorId: number;
  readonly timestamp: Date;
  readonly powerW: number;
  readonly currentA: number[];
  readonly voltageV: number;
  readonly socPercent: number;
}

type Sampled = { measurand: string; value: string | number };

function readingOf(
  connectorId: number,
  meterValue: { timestamp: string; sampledValue: Sampled[] },
): Reading | undefined {
  const values = (measurand: string): number[] =>
    meterValue.sampledValue.filter((s) => s.measurand === measurand).map((s) => Number(s.value));
  const [powerW] = values('Power.Active.Import');
  if (powerW === undefined) return undefined;
  return {
    connectorId,
    timestamp: new Date(meterValue.timestamp),
    powerW,
    currentA: values('Current.Import'),
    voltageV: values('Voltage')[0] ?? NaN,
    socPercent: values('SoC')[0] ?? NaN,
  };
}

/** Periodic readings of every connector, in the order received. */
export function readingsOf(calls: RecordedCall[]): Reading[] {
  const evseOf = new Map<string, number>(); // 2.0.1: only TransactionEvent Started names the EVSE
  return calls.flatMap((call) => {
    if (call.action === 'TransactionEvent' && call.payload.evse)
      evseOf.set(call.payload.transactionInfo.transactionId, call.payload.evse.id);
    const periodic =
      (call.action === 'MeterValues' && call.payload.transactionId !== undefined) ||
      (call.action === 'TransactionEvent' && call.payload.eventType === 'Updated');
    if (!periodic) return [];
    const connectorId = call.payload.connectorId ?? evseOf.get(call.payload.transactionInfo?.transactionId) ?? 1;
    const reading = readingOf(connectorId, call.payload.meterValue[0]);
    return reading ? [reading] : [];
  });
}

/** The first periodic reading of `connectorId` sampled at or after `after` (polls until it comes). */
export function nextReading(csms: FakeCsms, sim: Simulator, after: Date, connectorId = 1): Promise<Reading> {
  return eventually(() => {
    const reading = readingsOf(csms.callsOf(sim.ocppId)).find(
      (r) => r.connectorId === connectorId && r.timestamp.getTime() >= after.getTime(),
    );
    if (!reading) throw new Error(`no reading of connector ${connectorId} since ${after.toISOString()}`);
    return reading;
  });
}
