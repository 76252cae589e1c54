/**
 * Test support: a charger that takes charging profiles, built on a strict-mode OCPP client (every
 * frame it receives or sends is checked against the official schemas), recording the smart
 * charging CALLs the CSMS sends it and answering them as told.
 */
import { randomUUID } from 'node:crypto';
import type { RPCClient } from 'ocpp-rpc';
import type { LocalStack } from '../../../lib/local/stack';
import { acceptedVariables, connectCharger, pollUntil, type OcppProtocol, type RequestedVariable } from './ocpp';

/** A CALL the CSMS sent, as received. */
export interface ReceivedCall {
  action: string;
  params: any;
  /** When it arrived, and when the charger answered it (absent: not answered), ms since epoch. */
  receivedAt?: number;
  answeredAt?: number;
}

/** How the charger answers smart charging. */
export interface SmartChargerOptions {
  /** Units it takes (1.6 `ChargingScheduleAllowedChargingRateUnit`, 2.0.1 `SmartChargingCtrlr.RateUnit`). @default ['W'] */
  rateUnits?: ('A' | 'W')[];
  /** Whether it supports smart charging at all. @default true */
  smartCharging?: boolean;
  /** Its answer to SetChargingProfile. @default 'Accepted' */
  answer?: 'Accepted' | 'Rejected';
  /** How long it takes to answer SetChargingProfile, ms. @default 0 */
  answerDelayMs?: number;
  /** How many SetChargingProfile CALLs it answers; it never answers the later ones. @default all */
  answersFirst?: number;
  /**
   * Runs before it answers a SetChargingProfile (after the delay); a status it returns is the
   * answer (e.g. the charger ends the transaction, then rejects the profile for it).
   */
  beforeAnswer?: (params: any, client: RPCClient) => Promise<'Accepted' | 'Rejected' | undefined>;
  /**
   * Its answer to GetCompositeSchedule, from the request and the last SetChargingProfile it took
   * for that connector/EVSE (undefined: none yet). Absent: the CALL is not handled (ocpp-rpc answers NotImplemented).
   */
  compositeSchedule?: (params: any, lastProfile: any) => Record<string, unknown>;
  /** Its answer to GetChargingProfiles (2.0.1), given the client to send its reports with. Absent: not handled. */
  chargingProfiles?: (params: any, client: RPCClient) => Record<string, unknown>;
}

/** A connected charger that records the CALLs it receives. */
export interface SmartCharger {
  client: RPCClient;
  protocol: OcppProtocol;
  calls: ReceivedCall[];
  /** Starts a session on a port (1.6 StartTransaction, 2.0.1 TransactionEvent Started): the transactionId. */
  start(portNumber: number, idTag: string, powerW?: number): Promise<string>;
  /** Waits for a CALL matching `match`, received after `from` calls; returns it. */
  waitFor(match: (call: ReceivedCall) => boolean, what: string, from?: number): Promise<ReceivedCall>;
  close(): Promise<void>;
}

const v16Units = { A: 'Current', W: 'Power' } as const;

/** Registers the answers of the CSMS's smart charging CALLs. */
function answerSmartCharging(client: RPCClient, calls: ReceivedCall[], options: SmartChargerOptions): void {
  const units = options.rateUnits ?? ['W'];
  const record = (action: string) => (call: { params: unknown }) => void calls.push({ action, params: call.params });
  const handle = (action: string, handler: (call: any) => unknown) => client.handle(action, handler as never);
  handle('GetConfiguration', (call: { params: unknown }) => {
    record('GetConfiguration')(call);
    const profiles = options.smartCharging === false ? 'Core' : 'Core,SmartCharging';
    return {
      configurationKey: [
        { key: 'SupportedFeatureProfiles', readonly: true, value: profiles },
        {
          key: 'ChargingScheduleAllowedChargingRateUnit',
          readonly: true,
          value: units.map((u) => v16Units[u]).join(','),
        },
      ],
    };
  });
  handle('GetVariables', (call: { params: { getVariableData: RequestedVariable[] } }) => {
    record('GetVariables')(call);
    const values: Record<string, string> = {
      Enabled: String(options.smartCharging !== false),
      Available: 'true',
      RateUnit: units.join(','),
    };
    return acceptedVariables(call.params, (d) => values[d.variable.name] ?? '');
  });
  handle('SetChargingProfile', async (call: { params: unknown }) => {
    const received: ReceivedCall = { action: 'SetChargingProfile', params: call.params, receivedAt: Date.now() };
    calls.push(received);
    const answered = calls.filter((c) => c.action === 'SetChargingProfile').length;
    if (options.answersFirst !== undefined && answered > options.answersFirst) return new Promise(() => undefined);
    if (options.answerDelayMs) await new Promise((resolve) => setTimeout(resolve, options.answerDelayMs));
    const status = (await options.beforeAnswer?.(call.params, client)) ?? options.answer ?? 'Accepted';
    received.answeredAt = Date.now();
    return { status };
  });
  const compositeSchedule = options.compositeSchedule;
  if (compositeSchedule) {
    handle('GetCompositeSchedule', (call: { params: { connectorId?: number; evseId?: number } }) => {
      record('GetCompositeSchedule')(call);
      const port = call.params.connectorId ?? call.params.evseId;
      const last = calls
        .filter((c) => c.action === 'SetChargingProfile' && (c.params.connectorId ?? c.params.evseId) === port)
        .at(-1)?.params;
      return compositeSchedule(call.params, last);
    });
  }
  const chargingProfiles = options.chargingProfiles;
  if (chargingProfiles) {
    handle('GetChargingProfiles', (call: { params: unknown }) => {
      record('GetChargingProfiles')(call);
      return chargingProfiles(call.params, client);
    });
  }
  handle('ClearChargingProfile', (call: { params: unknown }) => {
    record('ClearChargingProfile')(call);
    return { status: 'Accepted' };
  });
}

/** Connects a charger, boots it and reports its ports Available. */
export async function connectSmartCharger(
  stack: LocalStack,
  identity: string,
  protocol: OcppProtocol,
  ports: number,
  options: SmartChargerOptions = {},
): Promise<SmartCharger> {
  const calls: ReceivedCall[] = [];
  // The handlers are in place before the socket opens: the CSMS asks for the charger's smart
  // charging support and may send a profile as soon as it connects.
  const client = await connectCharger(stack, identity, protocol, undefined, (c) =>
    answerSmartCharging(c, calls, options),
  );
  const now = () => new Date().toISOString();
  if (protocol === 'ocpp1.6') {
    await client.call('BootNotification', { chargePointVendor: 'Test', chargePointModel: 'SC' });
    for (let n = 1; n <= ports; n++)
      await client.call('StatusNotification', {
        connectorId: n,
        status: 'Available',
        errorCode: 'NoError',
        timestamp: now(),
      });
  } else {
    await client.call('BootNotification', { reason: 'PowerUp', chargingStation: { vendorName: 'Test', model: 'SC' } });
    for (let n = 1; n <= ports; n++) {
      await client.call('StatusNotification', {
        timestamp: now(),
        connectorStatus: 'Available',
        evseId: n,
        connectorId: 1,
      });
    }
  }
  let seqNo = 0;
  const start = async (portNumber: number, idTag: string, powerW = 50_000): Promise<string> => {
    if (protocol === 'ocpp1.6') {
      const started = (await client.call('StartTransaction', {
        connectorId: portNumber,
        idTag,
        meterStart: 1000,
        timestamp: now(),
      })) as { transactionId: number };
      await client.call('MeterValues', {
        connectorId: portNumber,
        transactionId: started.transactionId,
        meterValue: [
          { timestamp: now(), sampledValue: [{ value: String(powerW), measurand: 'Power.Active.Import', unit: 'W' }] },
        ],
      });
      return String(started.transactionId);
    }
    const transactionId = randomUUID();
    await client.call('TransactionEvent', {
      eventType: 'Started',
      timestamp: now(),
      triggerReason: 'Authorized',
      seqNo: seqNo++,
      transactionInfo: { transactionId },
      evse: { id: portNumber, connectorId: 1 },
      idToken: { idToken: idTag, type: 'ISO14443' },
      meterValue: [
        {
          timestamp: now(),
          sampledValue: [{ value: powerW, measurand: 'Power.Active.Import', unitOfMeasure: { unit: 'W' } }],
        },
      ],
    });
    return transactionId;
  };
  return {
    client,
    protocol,
    calls,
    start,
    waitFor: (match, what, from = 0) =>
      pollUntil(
        async () => calls.slice(from).find(match),
        (found) => found !== undefined,
        what,
      ) as Promise<ReceivedCall>,
    close: () => client.close({ force: true }) as Promise<unknown> as Promise<void>,
  };
}

/** A TxProfile's limit and unit, whatever the version. */
export function txProfileOf(call: ReceivedCall): {
  purpose: string;
  unit: string;
  limit: number;
  transactionId?: string | number;
  connector: number;
} {
  if (call.params.csChargingProfiles) {
    const p = call.params.csChargingProfiles;
    return {
      purpose: p.chargingProfilePurpose,
      unit: p.chargingSchedule.chargingRateUnit,
      limit: p.chargingSchedule.chargingSchedulePeriod[0].limit,
      transactionId: p.transactionId,
      connector: call.params.connectorId,
    };
  }
  const p = call.params.chargingProfile;
  return {
    purpose: p.chargingProfilePurpose,
    unit: p.chargingSchedule[0].chargingRateUnit,
    limit: p.chargingSchedule[0].chargingSchedulePeriod[0].limit,
    transactionId: p.transactionId,
    connector: call.params.evseId,
  };
}
