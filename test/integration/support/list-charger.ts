/**
 * Test support: a charger that keeps a local authorization list, built on a strict-mode OCPP
 * client (every frame it receives or sends is checked against the official schemas): it says what
 * it supports (1.6 GetConfiguration, 2.0.1 GetVariables `LocalAuthListCtrlr`), answers
 * GetLocalListVersion, applies SendLocalList (Full and Differential) to its list, and records every
 * CALL; it can be told to answer the next SendLocalLists otherwise (`VersionMismatch`, `Failed`).
 */
import type { RPCClient } from 'ocpp-rpc';
import type { LocalStack } from '../../../lib/local/stack';
import { acceptedVariables, connectCharger, pollUntil, type OcppProtocol, type RequestedVariable } from './ocpp';

/** What the charger says of its list. */
export interface ListChargerOptions {
  /** Whether it keeps a local list. @default true */
  supported?: boolean;
  /** 1.6 `LocalAuthListMaxLength` (2.0.1: not readable with GetVariables). */
  maxLength?: number;
  /** 1.6 `SendLocalListMaxLength`, 2.0.1 `ItemsPerMessage`. */
  itemsPerMessage?: number;
}

/** A CALL the CSMS sent, as received. */
export interface ReceivedCall {
  action: string;
  params: any;
}

/** A connected charger with its local list. */
export interface ListCharger {
  client: RPCClient;
  calls: ReceivedCall[];
  /** The list it holds: tag → status. */
  list: Map<string, string>;
  /** Its list version. */
  version(): number;
  /** Answers the next SendLocalLists with these statuses, in order. */
  answerNext(...statuses: string[]): void;
  /** The SendLocalLists received after `from` calls. */
  sends(from?: number): ReceivedCall[];
  /** Waits until its list holds exactly `tags`. */
  waitForList(tags: string[], what?: string): Promise<void>;
  /** Boots (BootNotification). */
  boot(): Promise<void>;
  /** Forgets its list (as a charger reset to factory settings): version 0, no entries. */
  forget(): void;
  close(): Promise<void>;
}

/** The tag and status of an entry, whatever the version. */
function entryOf(entry: any): { tag: string; status?: string } {
  return entry.idTag !== undefined
    ? { tag: entry.idTag, status: entry.idTagInfo?.status }
    : { tag: entry.idToken.idToken, status: entry.idTokenInfo?.status };
}

/** Connects a charger that keeps a local list and boots it. */
export async function connectListCharger(
  stack: LocalStack,
  identity: string,
  protocol: OcppProtocol,
  options: ListChargerOptions = {},
): Promise<ListCharger> {
  const calls: ReceivedCall[] = [];
  const list = new Map<string, string>();
  let version = 0;
  const answers: string[] = [];
  const supported = options.supported !== false;
  const client = await connectCharger(stack, identity, protocol, undefined, (c) => {
    const handle = (action: string, handler: (params: any) => unknown) =>
      c.handle(action, ((call: { params: unknown }) => {
        calls.push({ action, params: call.params });
        return handler(call.params);
      }) as never);
    handle('GetConfiguration', (params: { key?: string[] }) => {
      const values: Record<string, string | undefined> = {
        SupportedFeatureProfiles: supported ? 'Core,LocalAuthListManagement' : 'Core',
        LocalAuthListEnabled: supported ? 'true' : undefined,
        LocalAuthListMaxLength: options.maxLength?.toString(),
        SendLocalListMaxLength: options.itemsPerMessage?.toString(),
      };
      const keys = (params.key ?? Object.keys(values)).filter((k) => values[k] !== undefined);
      const unknownKey = (params.key ?? []).filter((k) => values[k] === undefined);
      return {
        configurationKey: keys.map((key) => ({ key, readonly: true, value: values[key] })),
        ...(unknownKey.length ? { unknownKey } : {}),
      };
    });
    handle('GetVariables', (params: { getVariableData: RequestedVariable[] }) => {
      const values: Record<string, string> = {
        Enabled: String(supported),
        Available: String(supported),
        ItemsPerMessage: String(options.itemsPerMessage ?? 100),
        BytesPerMessage: '20000',
      };
      return acceptedVariables(params, (d) => values[d.variable.name] ?? '');
    });
    handle('GetLocalListVersion', () =>
      protocol === 'ocpp1.6' ? { listVersion: supported ? version : -1 } : { versionNumber: version },
    );
    handle('SendLocalList', (params: any) => {
      const status = answers.shift() ?? 'Accepted';
      if (status !== 'Accepted') return { status };
      if (params.updateType === 'Full') list.clear();
      for (const entry of params.localAuthorizationList ?? []) {
        const { tag, status: entryStatus } = entryOf(entry);
        if (entryStatus) list.set(tag, entryStatus);
        else list.delete(tag);
      }
      version = params.listVersion ?? params.versionNumber;
      return { status };
    });
  });
  const boot = async () => {
    if (protocol === 'ocpp1.6')
      await client.call('BootNotification', { chargePointVendor: 'Test', chargePointModel: 'LL' });
    else
      await client.call('BootNotification', {
        reason: 'PowerUp',
        chargingStation: { vendorName: 'Test', model: 'LL' },
      });
  };
  await boot();
  const sends = (from = 0) => calls.slice(from).filter((c) => c.action === 'SendLocalList');
  return {
    client,
    calls,
    list,
    version: () => version,
    answerNext: (...statuses) => answers.push(...statuses),
    sends,
    waitForList: async (tags, what = `the list ${tags.join(',')}`) => {
      const wanted = [...tags].sort().join(',');
      await pollUntil(
        async () => [...list.keys()].sort().join(','),
        (held) => held === wanted,
        what,
      );
    },
    boot,
    forget: () => {
      list.clear();
      version = 0;
    },
    close: () => client.close({ force: true }) as Promise<unknown> as Promise<void>,
  };
}

/** The tags of a SendLocalList's entries, and whether each is held (true) or removed (false). */
export function entriesOf(call: ReceivedCall): { tag: string; held: boolean }[] {
  return (call.params.localAuthorizationList ?? []).map((entry: any) => {
    const { tag, status } = entryOf(entry);
    return { tag, held: status !== undefined };
  });
}
