/**
 * A charger's configuration (docs/charger-configuration.md): OCPP 1.6 configuration keys (§5.8
 * GetConfiguration, §5.3 ChangeConfiguration, §9) and the OCPP 2.0.1 device model (B07
 * GetBaseReport and its NotifyReport pages, B06 GetVariables, B05 SetVariables), read as last
 * reported, read again from the charger, and changed.
 *
 * Each function that reaches a charger performs one charger and answers its result: the charger's
 * own answer, or how it failed (`notConnected`, `timeout`, `failed` with the CALLERROR), never a
 * thrown command error, so a charger operation kind is a thin wrapper of it. Bad input and
 * unknown chargers are thrown (domain errors) before anything is sent.
 */
import type { Db } from '../db';
import { baseProtocol, type OcppProtocol } from '../db/entities/common';
import { canAccess, type AccessScope } from '../organizations/access-scope';
import { ChargerNotFoundError } from '../chargers/errors';
import type { CommandableCharger } from '../charger-commands';
import type {
  ConfigurationCommands,
  ReportBase,
  SettingChange,
  SettingChangeAnswer,
  SettingReading,
  SettingRef,
} from './commands';
import { GuardedSettingError, SettingFormError } from './errors';
import { viewOf, type ConfigurationView } from './view';
import { guardOf, mergeSettings, settingIdentity, type ComponentRef, type StoredKey } from './settings';
import {
  dropPendingReport,
  loadConfiguration,
  notePendingReport,
  saveSettings,
  updateSettings,
  type StoredConfiguration,
} from './store';
import { pollUntil } from '../db';

/** How long a refresh waits for a 2.0.1 report's pages before answering `pending` (ms). */
export const REPORT_WAIT_MS = 5_000;

/** A charger's result, in the charger operations' words (`status` as theirs; `ocppStatus` as the charger sent it). */
export interface ChargerResult {
  status: 'accepted' | 'pending' | 'rejected' | 'notSupported' | 'notConnected' | 'timeout' | 'failed';
  ocppStatus?: string;
  error?: { code: string; description: string };
}

/** `POST /api/chargers/{id}/configuration/refresh` body: what to read (default: everything). */
export interface ConfigurationRefreshRequest {
  /** 1.6: these keys only (GetConfiguration `key`). */
  keys?: string[];
  /** 2.0.1: these variables only (GetVariables). */
  variables?: VariableRequest[];
  /** 2.0.1: the report to ask for when reading everything (GetBaseReport); default `FullInventory`. */
  reportBase?: ReportBase;
}

/** A 2.0.1 variable as the API names it (OCPP's ComponentType and VariableType). */
export interface VariableRequest {
  component: ComponentRef;
  variable: { name: string; instance?: string };
  attributeType?: SettingRef['attributeType'];
}

/** A 1.6 key change or a 2.0.1 variable change, as the API takes it. */
export type ConfigurationChangeItem = { key: string; value: string } | (VariableRequest & { value: string });

/** `PATCH /api/chargers/{id}/configuration` body. */
export interface ConfigurationChangeRequest {
  changes: ConfigurationChangeItem[];
  /** Change settings the product relies on anyway (never a credential). */
  force?: boolean;
}

/** The answer to one change: the charger's status (`NotSent`: none, its CALL or an earlier change's failed). */
export type ConfigurationChangeResult = ConfigurationChangeItem & {
  status: SettingChangeAnswer['status'] | 'NotSent';
  statusInfo?: string;
  /** What the product relies on, for a guarded setting changed with `force`. */
  guarded?: string;
};

/** A refresh's result: the charger's, what it answered of the settings asked, and the configuration now stored. */
export interface ConfigurationRefresh extends ChargerResult {
  /** The answers of a read of some keys or variables. */
  readings?: (SettingReading & { guarded?: string })[];
  configuration: ConfigurationView;
}

/** A change's result: the charger's (`accepted` when every change was), each change's answer, the configuration now stored. */
export interface ConfigurationChange extends ChargerResult {
  results: ConfigurationChangeResult[];
  configuration: ConfigurationView;
}

/** The same, through the command path (its connection, fresh). */
export async function reachConnected(commands: ConfigurationCommands, scope: AccessScope, chargerId: number) {
  const charger = await commands.find(chargerId, true);
  if (!charger || !canAccess(scope, charger.organizationId, charger.siteId)) throw new ChargerNotFoundError(chargerId);
  return charger;
}

/** A charger's result with the failure it describes. */
type Failure = ChargerResult & { error: NonNullable<ChargerResult['error']> };

/** Our codes of the command path's failures. */
const FAILURE_CODES = { notConnected: 'NotConnected', timeout: 'Timeout', invalidAnswer: 'InvalidAnswer' } as const;

/** A command path error as a charger's result; anything else is rethrown. */
export function failed(commands: ConfigurationCommands, error: unknown): Failure {
  const kind = commands.failureOf(error);
  if (!kind) throw error;
  const status = kind === 'invalidAnswer' ? 'failed' : kind;
  return { status, error: { code: FAILURE_CODES[kind], description: (error as Error).message } };
}

/** A CALLERROR answer as a charger's result: NotSupported/NotImplemented `notSupported`, others `failed`. */
export function refused(answer: { unsupported: boolean; errorCode: string; errorDescription: string }): Failure {
  return {
    status: answer.unsupported ? 'notSupported' : 'failed',
    error: { code: answer.errorCode, description: answer.errorDescription },
  };
}

/** A variable request as a setting reference. */
function settingOfVariable(v: VariableRequest): SettingRef {
  return {
    component: v.component,
    name: v.variable.name,
    ...(v.variable.instance !== undefined ? { instance: v.variable.instance } : {}),
    ...(v.attributeType ? { attributeType: v.attributeType } : {}),
  };
}

/** The refused form of a refresh for the charger's version, if any (nothing is sent then). */
function checkRefreshForm(request: ConfigurationRefreshRequest, charger: CommandableCharger): void {
  const protocol = charger.connection!.protocol;
  if (charger.connection!.takes.componentVariables) {
    if (request.keys) throw new SettingFormError('keys', protocol);
  } else {
    if (request.variables) throw new SettingFormError('variables', protocol);
    if (request.reportBase) throw new SettingFormError('reportBase', protocol);
  }
}

/**
 * Reads a charger's configuration from the charger and stores it: everything (1.6 GetConfiguration;
 * 2.0.1 GetBaseReport, whose NotifyReport pages the OCPP function assembles: waited for up to
 * `reportWaitMs`, else `pending`), or some keys (1.6 GetConfiguration `key`) or variables (2.0.1
 * GetVariables), merged into what is stored.
 * @param options `reportWaitMs` how long to wait for a report's pages (default {@link REPORT_WAIT_MS})
 * @throws ChargerNotFoundError; SettingFormError (the other version's form: nothing sent)
 */
export async function refreshChargerConfiguration(
  db: Db,
  commands: ConfigurationCommands,
  scope: AccessScope,
  chargerId: number,
  request: ConfigurationRefreshRequest,
  options: { reportWaitMs?: number } = {},
): Promise<ConfigurationRefresh> {
  const charger = await reachConnected(commands, scope, chargerId);
  // The view of what a write answered, else of the stored item (one GetItem).
  const view = async (stored?: StoredConfiguration) =>
    viewOf(db, chargerId, stored ?? (await loadConfiguration(db, chargerId)), charger.connection?.protocol);
  if (!charger.connection)
    return { ...failed(commands, commands.notConnected(chargerId)), configuration: await view() };
  checkRefreshForm(request, charger);
  // The settings' form: a 2.1 charger's device model is 2.0.1's, stored as such.
  const protocol = baseProtocol(charger.connection.protocol);
  const some = request.keys?.map((name): SettingRef => ({ name })) ?? request.variables?.map(settingOfVariable);
  try {
    if (some) {
      const answer = await commands.send(chargerId, 'GetSettings', { settings: some });
      if (!answer.ok) return { ...refused(answer), configuration: await view() };
      const { readings, stored } = await storeReadings(db, chargerId, protocol, answer.result);
      return { status: 'accepted', readings, configuration: await view(stored) };
    }
    return await readWhole(db, commands, chargerId, protocol, request.reportBase ?? 'FullInventory', view, options);
  } catch (error) {
    return { ...failed(commands, error), configuration: await view() };
  }
}

/**
 * Reads a charger's whole configuration: 1.6 GetConfiguration without keys, stored at once; 2.0.1
 * GetBaseReport, noted before it is sent (its pages may come before its answer) and withdrawn when
 * the charger does not accept it, then awaited up to `options.reportWaitMs`.
 * @throws the command path's failures (not connected, timeout, invalid answer), after withdrawing the note
 */
async function readWhole(
  db: Db,
  commands: ConfigurationCommands,
  chargerId: number,
  protocol: OcppProtocol,
  reportBase: ReportBase,
  view: (stored?: StoredConfiguration) => Promise<ConfigurationView>,
  options: { reportWaitMs?: number },
): Promise<ConfigurationRefresh> {
  const report = { requestId: randomRequestId(), reportBase, requestedAt: new Date().toISOString() };
  const noted = protocol !== 'ocpp1.6' ? await notePendingReport(db, chargerId, report) : undefined;
  const withdraw = () => (noted ? dropPendingReport(db, chargerId, report.requestId) : Promise.resolve());
  const answer = await commands
    .send(chargerId, 'ReadConfiguration', { requestId: report.requestId, reportBase })
    .catch(async (error: unknown) => {
      await withdraw();
      throw error;
    });
  if (!answer.ok) {
    await withdraw();
    return { ...refused(answer), configuration: await view() };
  }
  const read = answer.result;
  if (read.kind === 'keys') {
    const saved = await storeKeys(db, chargerId, protocol, read.readings, report.requestedAt);
    return { status: 'accepted', configuration: await view(saved) };
  }
  const ocppStatus = { ocppStatus: read.status };
  if (read.status !== 'Accepted') {
    await withdraw();
    const status =
      read.status === 'Rejected' ? 'rejected' : read.status === 'NotSupported' ? 'notSupported' : 'accepted';
    return { status, ...ocppStatus, configuration: await view() };
  }
  const { done, stored } = await waitForReport(db, chargerId, report.requestId, options.reportWaitMs ?? REPORT_WAIT_MS);
  return { status: done ? 'accepted' : 'pending', ...ocppStatus, configuration: await view(stored) };
}

/**
 * Merges the answers of a read of some settings (1.6 GetConfiguration with keys, 2.0.1
 * GetVariables) into the stored ones: the accepted values, and 1.6's unknown keys.
 * @returns the readings as answered (`guarded` on the settings the product relies on) and the configuration now stored
 */
async function storeReadings(db: Db, chargerId: number, protocol: OcppProtocol, result: SettingReading[]) {
  const stored = await loadConfiguration(db, chargerId);
  const accepted = result.filter((r) => r.status === 'Accepted');
  const settings = mergeSettings(stored?.ocppProtocol === protocol ? stored.settings : {}, accepted);
  const unknownKeys = result.filter((r) => r.status === 'UnknownKey').map((r) => r.name);
  const updated = await updateSettings(
    db,
    chargerId,
    protocol,
    unknownKeys.length ? { ...settings, unknownKeys } : settings,
  );
  const readings = result.map((r) => {
    const g = guardOf(r);
    return g ? { ...r, guarded: g.reliance } : r;
  });
  return { readings, stored: updated };
}

/**
 * Stores a 1.6 GetConfiguration answer without keys (every key the charger has) as the whole
 * configuration, read at `readAt` (ISO 8601, when it was asked).
 * @returns the configuration now stored
 */
async function storeKeys(
  db: Db,
  chargerId: number,
  protocol: OcppProtocol,
  readings: SettingReading[],
  readAt: string,
): Promise<StoredConfiguration> {
  const unknownKeys = readings.filter((r) => r.status === 'UnknownKey').map((r) => r.name);
  const keys = readings
    .filter((r) => r.status === 'Accepted')
    .map(
      (r): StoredKey => ({
        key: r.name,
        readonly: r.readonly ?? false,
        ...(r.value !== undefined ? { value: r.value } : {}),
      }),
    );
  const settings = { keys, ...(unknownKeys.length ? { unknownKeys } : {}) };
  return saveSettings(db, chargerId, protocol, settings, { readAt, source: 'GetConfiguration' });
}

/** A report's requestId (GetBaseReport, GetMonitoringReport): random, positive, 31 bits (the charger's pages carry it). */
export function randomRequestId(): number {
  return 1 + Math.floor(Math.random() * 2_147_483_646);
}

/**
 * Reads the stored configuration (one strongly consistent GetItem per look, backing off from 50 to
 * 500 ms) until the report `requestId` is the stored one or `ms` have passed.
 * @returns whether it is, and the configuration as last read
 */
async function waitForReport(
  db: Db,
  chargerId: number,
  requestId: number,
  ms: number,
): Promise<{ done: boolean; stored: StoredConfiguration | undefined }> {
  const stored = await pollUntil(
    () => loadConfiguration(db, chargerId),
    (read) => read?.report?.requestId === requestId,
    { waitMs: ms, minTimeoutMs: 50, maxTimeoutMs: 500 },
  );
  return { done: stored?.report?.requestId === requestId, stored };
}

/** A change item as a setting change, with the request's field naming its setting. */
function settingChangeOf(item: ConfigurationChangeItem, index: number): { change: SettingChange; field: string } {
  if ('key' in item) return { change: { name: item.key, value: item.value }, field: `changes.${index}.key` };
  return { change: { ...settingOfVariable(item), value: item.value }, field: `changes.${index}.variable.name` };
}

/**
 * Changes settings of a charger: 1.6 ChangeConfiguration per key, in order (after a failed CALL
 * the rest are `NotSent`); 2.0.1 one SetVariables. Values the charger accepted (also
 * `RebootRequired`, marked so) are merged into the stored configuration.
 *
 * Settings the product relies on ({@link GUARDED_SETTINGS}) are refused without `force`;
 * credentials are refused always (the charger credentials operation sets them).
 * @throws ChargerNotFoundError; SettingFormError (a key for a 2.0.1 charger, a variable for a 1.6
 *   one); GuardedSettingError. Nothing is sent then.
 */
export async function changeChargerConfiguration(
  db: Db,
  commands: ConfigurationCommands,
  scope: AccessScope,
  chargerId: number,
  request: ConfigurationChangeRequest,
): Promise<ConfigurationChange> {
  const charger = await reachConnected(commands, scope, chargerId);
  const items = request.changes.map(settingChangeOf);
  for (const [index, { change, field }] of items.entries()) {
    const guard = guardOf(change);
    if (guard?.credential)
      throw new GuardedSettingError(
        field,
        `is a credential (${guard.reliance}); it is never changed here, even with force`,
      );
    if (guard && !request.force)
      throw new GuardedSettingError(
        field,
        `the product relies on it: ${guard.reliance}. Send force: true to change it anyway (changes.${index})`,
      );
  }
  const view = async (stored?: StoredConfiguration) =>
    viewOf(db, chargerId, stored ?? (await loadConfiguration(db, chargerId)), charger.connection?.protocol);
  const notSent = (): ConfigurationChangeResult[] => request.changes.map((item) => ({ ...item, status: 'NotSent' }));
  if (!charger.connection) {
    return { ...failed(commands, commands.notConnected(chargerId)), results: notSent(), configuration: await view() };
  }
  const { takes } = charger.connection;
  const protocol = baseProtocol(charger.connection.protocol);
  for (const [index, item] of request.changes.entries()) {
    if (takes.componentVariables === 'key' in item) throw new SettingFormError(`changes.${index}`, protocol);
  }
  const answers = new Map<number, SettingChangeAnswer>();
  let failure: Failure | undefined;
  for (let start = 0; start < items.length && !failure; start += takes.settingsPerCall) {
    const batch = items.slice(start, start + takes.settingsPerCall);
    try {
      const answer = await commands.send(chargerId, 'ChangeSettings', { settings: batch.map((b) => b.change) });
      if (!answer.ok) {
        failure = refused(answer);
        break;
      }
      for (const [offset, { change }] of batch.entries()) {
        // 1.6 answers one status for its one key; 2.0.1 results are matched by variable, else by position.
        const result = takes.componentVariables
          ? (answer.result.find((r) => settingIdentity(r) === settingIdentity(change)) ?? answer.result[offset])
          : answer.result[0];
        if (result) answers.set(start + offset, result);
      }
    } catch (error) {
      failure = failed(commands, error);
    }
  }
  const results = request.changes.map((item, index): ConfigurationChangeResult => {
    const answer = answers.get(index);
    const guard = guardOf(items[index]!.change);
    return {
      ...item,
      status: answer?.status ?? 'NotSent',
      ...(answer?.statusInfo ? { statusInfo: answer.statusInfo } : {}),
      ...(guard ? { guarded: guard.reliance } : {}),
    };
  });
  const applied = items
    .map(({ change }, index) => ({ change, status: answers.get(index)?.status }))
    .filter(({ status }) => status === 'Accepted' || status === 'RebootRequired');
  let stored = await loadConfiguration(db, chargerId);
  if (applied.length && stored?.readAt && stored.ocppProtocol === protocol) {
    const updates = applied.map(({ change, status }) => ({ ...change, rebootRequired: status === 'RebootRequired' }));
    stored = await updateSettings(db, chargerId, protocol, mergeSettings(stored.settings, updates));
  }
  const everyAccepted = results.every((r) => r.status === 'Accepted' || r.status === 'RebootRequired');
  const outcome: ChargerResult = failure ?? { status: everyAccepted ? 'accepted' : 'rejected' };
  return { ...outcome, results, configuration: await viewOf(db, chargerId, stored, charger.connection.protocol) };
}
