/**
 * What an operation kind is (docs/charger-operations.md, "Adding a kind"): its action name, what
 * each charger's version must take of its API body (the body's schema is in `inputs.ts`), how one
 * target is performed through the charger's command path, and, for answers that complete later
 * (`Scheduled`), how such a result settles. The machinery (`operations.ts`) is the same for every
 * kind.
 */
import type { Db } from '../db';
import type { ChargerAnswer, CommandableCharger } from '../charger-commands';
import type { ChargerOperationCommands, InstalledCertificate, OperationAnswer } from './commands';
import type { OperationTarget, TargetFields } from './targets';
import type { CompositeSchedule } from '../site-power/commands';
import type { MonitorResult } from './monitors';
import type { DisplayMessagesReport } from './display';

/**
 * Every operation kind's action, in the API's order: the kinds (`registry.ts`) and their bodies
 * (`inputs.ts`) are each one entry per action, and the audit trail filters by them.
 */
export const OPERATION_ACTIONS = [
  'reset',
  'unlockConnector',
  'changeAvailability',
  'triggerMessage',
  'clearCache',
  'updateFirmware',
  'getLog',
  'getCompositeSchedule',
  'customerInformation',
  'installCertificate',
  'getInstalledCertificateIds',
  'deleteCertificate',
  'setVariableMonitoring',
  'clearVariableMonitoring',
  'setMonitoringBase',
  'setMonitoringLevel',
  'setDisplayMessage',
  'clearDisplayMessage',
  'getDisplayMessages',
  'upgradeSecurityProfile',
  'publishFirmware',
  'unpublishFirmware',
  'getReport',
  'getTransactionStatus',
  'getTariffs',
] as const;

/** An operation's action. */
export type OperationAction = (typeof OPERATION_ACTIONS)[number];

/**
 * A result's status: `pending` (not done yet), `accepted` (done, or a `Scheduled` answer whose
 * change has happened), `scheduled` (the charger will do it later: still in progress), `rejected`,
 * `notSupported` (the charger says it cannot: a status such as NotSupported, or CALLERROR
 * NotSupported/NotImplemented), `failed` (another CALLERROR, an invalid answer, or ours), `timeout`
 * (no answer by the deadline), `notConnected` (nothing could be sent).
 */
export type ResultStatus =
  | 'pending'
  | 'accepted'
  | 'scheduled'
  | 'rejected'
  | 'notSupported'
  | 'failed'
  | 'timeout'
  | 'notConnected';

/** Statuses that are not final. */
export const OPEN_RESULT_STATUSES: readonly ResultStatus[] = ['pending', 'scheduled'];

/**
 * A firmware request's progress: an update's (`firmware-kind.ts`: our requestId and the charger's
 * FirmwareStatusNotifications) or a publication's (`publish-kinds.ts`: PublishFirmwareStatusNotifications).
 */
export interface FirmwareProgress {
  /** Ours, unique per charger (2.0.1 `requestId`; 1.6 sends none: its notifications are the latest request's). */
  requestId: number;
  /** The last status notified (`Downloading`, `Installed`, `InstallationFailed`, …); absent before the first. */
  status?: string;
  /** Every status notified for the request, oldest first, with when it was received (ISO 8601 UTC). */
  history: { status: string; at: string }[];
  /** Publish-firmware results: where the local controller serves the image (its `Published` notification's URIs). */
  locations?: string[];
}

/** A report asked of a charger about a customer (a result's `customerInformation`). */
export interface CustomerInformationReport {
  /** Ours (CustomerInformation `requestId`), unique across chargers. */
  requestId: number;
  /** Whether every page has come (the result is then `accepted`). */
  complete: boolean;
  /** Once complete: the pages' `data` joined in `seqNo` order (empty when the charger holds nothing). */
  report?: string;
  /** How many pages it came in (0 until complete). */
  pages: number;
  /** When the charger generated it (the last page's `generatedAt`), ISO 8601. */
  generatedAt?: string;
  /** Set when the report was longer than `MAX_REPORT_CHARACTERS` (`customer-information.ts`): its end is left out. */
  truncated?: boolean;
}

/** What one target came to: the result's fields besides the target's. */
export interface TargetOutcome {
  status: Exclude<ResultStatus, 'pending'>;
  /** The charger's status word as sent (`Accepted`, `Scheduled`, `UnlockFailed`, …). */
  ocppStatus?: string;
  /** The charger's CALLRESULT payload. */
  answer?: Record<string, unknown>;
  /** A CALLERROR's code and description, or ours (`NotConnected`, `Timeout`, `InvalidAnswer`, …). */
  error?: { code: string; description: string };
  /** Something to know about how it came about (e.g. a reset that rebooted before answering). */
  note?: string;
  /** A firmware request's progress (update-firmware and publish-firmware results only). */
  firmware?: FirmwareProgress;
  /** The schedule the charger will enforce (get-composite-schedule results, Accepted only). */
  compositeSchedule?: CompositeSchedule;
  /** The report asked about a customer (customer-information results that asked for one). */
  customerInformation?: CustomerInformationReport;
  /** The certificates the charger listed (get-installed-certificate-ids results; none for `NotFound`). */
  installedCertificates?: InstalledCertificate[];
  /** Each monitor's result (set-/clear-variable-monitoring results), in the request's order. */
  monitors?: MonitorResult[];
  /** The id the message was set under (set-display-message results the charger answered). */
  displayMessageId?: number;
  /** The messages the charger listed (get-display-messages results the charger took). */
  displayMessages?: DisplayMessagesReport;
  /** What the station says of its queued transaction messages (get-transaction-status results it answered). */
  transactionStatus?: { messagesInQueue: boolean; ongoingIndicator?: boolean };
  /** The tariffs the station holds (get-tariffs results it took: `Accepted`, or none for `NoTariff`), as assigned (2.1 TariffAssignmentType). */
  tariffAssignments?: Record<string, unknown>[];
}

/** One entry of an operation's `results`: the target and what it came to. */
export interface OperationResult extends OperationTarget, Partial<Omit<TargetOutcome, 'status'>> {
  status: ResultStatus;
  /** When the charger answered (or the failure was recorded), ISO 8601 UTC. */
  answeredAt?: string;
  /** When a `scheduled` result settled, ISO 8601 UTC. */
  settledAt?: string;
}

/** What `perform` gets for one target. */
export interface PerformContext<Body> {
  db: Db;
  /** The operation being performed, and its organization. */
  operationId: string;
  organizationId: number;
  commands: ChargerOperationCommands;
  /** The validated body. */
  request: Body;
  target: OperationTarget;
  /** The charger, connected. */
  charger: CommandableCharger & { connection: NonNullable<CommandableCharger['connection']> };
}

/** What `settle` gets for a `scheduled` result. */
export interface SettleContext<Body> {
  db: Db;
  /** The operation the result belongs to. */
  operationId: string;
  request: Body;
  result: OperationResult;
}

/**
 * An operation kind, taking `Body` (its `OperationInput` of `inputs.ts`). A kind is a plain object,
 * so a bundle that imports a kind module for something else leaves the kind out.
 */
export interface OperationKind<Body extends TargetFields = TargetFields> {
  /** OCPP-neutral name, stored as the operation's `action` (`reset`, `unlockConnector`, …). */
  action: string;
  /**
   * Refuses a body the charger's OCPP version (or what it last reported of itself, read from `db`)
   * does not take, before anything is written or sent.
   * @throws InvalidError naming the body field
   */
  check?(
    request: Body,
    charger: CommandableCharger & { connection: NonNullable<CommandableCharger['connection']> },
    db: Db,
  ): void | Promise<void>;
  /**
   * Performs the operation on one target through `context.commands` and says what it came to. The
   * command path's failures (not connected, timeout, invalid answer) may be thrown: the machinery
   * records them.
   */
  perform(context: PerformContext<Body>): Promise<TargetOutcome>;
  /**
   * For a `scheduled` result: the outcome once what was scheduled has happened (read from the
   * table), else undefined (still scheduled).
   */
  settle?(context: SettleContext<Body>): Promise<TargetOutcome | undefined>;
  /** How long a `scheduled` result may wait before it times out, ms. @default 24 h */
  scheduledForMs?: number;
  /**
   * Which worker performs it: `logs` for the kinds that sign S3 upload URLs (the log requests'
   * worker, the only one with the S3 client); the operations' worker otherwise.
   */
  worker?: 'logs';
}

/** Status words that mean each result status (those not listed are `rejected`). */
const STATUS_WORDS: Partial<Record<string, TargetOutcome['status']>> = {
  Accepted: 'accepted',
  Unlocked: 'accepted',
  Scheduled: 'scheduled',
  NotSupported: 'notSupported',
  NotImplemented: 'notSupported',
};

/**
 * The outcome of a charger's answer: its status word mapped ({@link STATUS_WORDS}, anything else
 * `rejected`), or its CALLERROR (NotSupported/NotImplemented `notSupported`, others `failed`).
 */
export function outcomeOf(answer: ChargerAnswer<OperationAnswer>): TargetOutcome {
  if (!answer.ok) {
    return {
      status: answer.unsupported ? 'notSupported' : 'failed',
      error: { code: answer.errorCode, description: answer.errorDescription },
    };
  }
  const { ocppStatus, answer: payload } = answer.result;
  return { status: STATUS_WORDS[ocppStatus] ?? 'rejected', ocppStatus, answer: payload };
}
