/**
 * A site's tariff as the default tariff of its OCPP 2.1 stations (docs/tariffs.md, "OCPP 2.1
 * stations"), so that they compute the cost of their transactions themselves: SetDefaultTariff
 * (I07, `evseId` 0) with the tariff of `station-tariff.ts`, then ChangeTransactionTariff (I10) of
 * each transaction in progress on the station, ClearTariffs (I09) of it once the site's tariff is
 * deleted. The charger's message function cannot wait for a CALLRESULT of its own, so they are
 * sent from the table's stream, as CostUpdated is (`cost-updates.ts`):
 *
 * - {@link tariffUpdatesOf} (pure): the sites whose tariff was set, replaced or deleted, and the
 *   2.1 stations that booted or connected again, in a batch of changes;
 * - {@link sendTariffUpdates}: each station concerned (connected, OCPP 2.1) is brought to hold the
 *   site's current tariff ({@link syncStationTariff}). What a station was sent is remembered on the
 *   charger (`defaultTariff`: the tariffId and the answer), so each version of a tariff is sent to a
 *   station at most once per boot; a station that answers NotSupported/NotImplemented, or
 *   SetDefaultTariff `Rejected`, is remembered (`tariffSupport: unsupported`) and sent nothing until
 *   its next BootNotification. Nothing here throws: a failure is logged, the batch never retried for it.
 * - {@link changeTransactionTariffs}: once a station took a version it did not hold, its
 *   transactions in progress are moved to it too (OCPP 2.1 applies a new default tariff to new
 *   transactions only). The same memory keeps it at most once per version per transaction: a
 *   replayed batch finds the version held and sends neither message again. The station then prices
 *   the rest of a transaction under the new version; the CSMS's cost of the session (all its energy
 *   under the tariff in force when it ends, `../history/session-cost.ts`, the final `totalCost`)
 *   stays the figure the driver is shown.
 */
import type { Db } from '../db';
import type { ChargerItem, StoredPortItem } from '../chargers/items';
import { chargerConnectionChange, entityOf, numberIn, type TableChange } from '../db/table-changes';
import { logger } from '../logger';
import type { SendOptions } from '../charger-commands';
import { deliveryFailure, type TariffCommands } from './commands';
import { stationTariffId, toStationTariff, type StoredSiteTariff } from './station-tariff';
import { HELD_TARIFF_STATUSES as HELD, TARIFF_PROTOCOL } from '../chargers/default-tariff';
import { type SiteChargers, siteChargersOnce } from './site-chargers';

/** The entities whose changes can call for a tariff message; the stream filter passes these. */
export const TARIFF_UPDATE_ENTITIES = ['siteTariff', 'charger'] as const;

/** Why a station is brought to hold its site's tariff. */
export type TariffUpdateReason = 'change' | 'boot' | 'connect';

/** The tariff messages a batch of changes calls for. */
export interface TariffUpdates {
  /** Sites whose tariff was set, replaced or deleted → their organization: each connected 2.1 station of theirs. */
  sites: Map<number, number>;
  /** 2.1 stations that booted (sent the tariff again) or connected again (sent what they missed). */
  chargers: Map<number, Exclude<TariffUpdateReason, 'change'>>;
}

type Image = Record<string, unknown>;

/** A 2.1 station's reason of its own, or undefined: a boot, or a new connection after one. */
function chargerReason(before: Image, after: Image): 'boot' | 'connect' | undefined {
  if (after.ocppProtocol !== TARIFF_PROTOCOL || !after.lastBootAt) return undefined;
  return chargerConnectionChange(before, after);
}

/**
 * The tariff messages (OCPP 2.1 I07 SetDefaultTariff, I09 ClearTariffs) a batch of the table's
 * changes (new and old images) calls for: each site whose `siteTariff` item was written or deleted
 * (→ its organizationId), and each 2.1 station that booted or connected again (→ `boot` or
 * `connect`; a boot wins over a connection in the same batch). Pure.
 */
export function tariffUpdatesOf(changes: readonly TableChange[]): TariffUpdates {
  const updates: TariffUpdates = { sites: new Map(), chargers: new Map() };
  for (const change of changes) {
    const image = change.newImage ?? change.oldImage ?? {};
    switch (entityOf(change)) {
      case 'siteTariff': {
        const siteId = numberIn(image, 'siteId');
        const organizationId = numberIn(image, 'organizationId');
        if (siteId !== undefined && organizationId !== undefined) updates.sites.set(siteId, organizationId);
        break;
      }
      case 'charger': {
        const chargerId = numberIn(image, 'chargerId');
        const reason = change.eventName === 'MODIFY' ? chargerReason(change.oldImage ?? {}, image) : undefined;
        if (chargerId !== undefined && reason && updates.chargers.get(chargerId) !== 'boot')
          updates.chargers.set(chargerId, reason);
        break;
      }
    }
  }
  return updates;
}

/** What became of one station (OCPP 2.1 I07 SetDefaultTariff, I09 ClearTariffs). */
export type TariffUpdateOutcome =
  /** SetDefaultTariff answered `Accepted` or `DuplicateTariffId`: the station holds this version. */
  | 'set'
  /** SetDefaultTariff answered another status (`Rejected`, `TooManyElements`, `ConditionNotSupported`): it does not hold it. */
  | 'refused'
  /** ClearTariffs of the tariff it held, the site having none now. */
  | 'cleared'
  /** Nothing to send: it was sent this version since its last boot, or holds none to clear. */
  | 'unchanged'
  /** It answered NotSupported/NotImplemented: remembered (`tariffSupport`) until its next boot. */
  | 'unsupported'
  /** Remembered as taking no tariffs since its last boot: sent nothing. */
  | 'knownUnsupported'
  /** Not connected over OCPP 2.1: sent nothing. */
  | 'notConnected'
  /** A timeout, an invalid answer, another CALLERROR or a failed read: logged. */
  | 'failed';

/**
 * Brings one connected 2.1 station to hold its site's tariff (`tariff`, undefined when the site has
 * none): SetDefaultTariff unless it was sent this version of the tariff since its last boot (after a
 * boot it is sent again, once), ClearTariffs of the tariff it holds when the site has none. Remembers
 * what it was sent on the charger (1 UpdateItem after an answer).
 * @throws the command path's failures (not connected, timeout, an invalid answer)
 */
export async function syncStationTariff(
  db: Db,
  commands: TariffCommands,
  charger: ChargerItem,
  tariff: StoredSiteTariff | undefined,
  reason: TariffUpdateReason,
): Promise<TariffUpdateOutcome> {
  const { chargerId } = charger;
  if (!charger.currentConnectionId || charger.ocppProtocol !== TARIFF_PROTOCOL) return 'notConnected';
  if (charger.tariffSupport === 'unsupported') return 'knownUnsupported';
  const held = charger.defaultTariff;
  const bootAt = charger.lastBootAt ?? '';
  const unsupported = async () => {
    await db.charger.patch({ chargerId }).set({ tariffSupport: 'unsupported' }).go();
    return 'unsupported' as const;
  };
  if (tariff) {
    const tariffId = stationTariffId(tariff);
    if (held?.tariffId === tariffId && (reason !== 'boot' || held.bootAt === bootAt)) return 'unchanged';
    const answer = await commands.send(chargerId, 'SetDefaultTariff', { tariff: toStationTariff(tariff) }, { charger });
    if (!answer.ok) {
      if (!answer.unsupported) throw answer.error;
      return unsupported();
    }
    const { status } = answer.result;
    const defaultTariff = { tariffId, status, bootAt, at: new Date().toISOString() };
    await db.charger
      .patch({ chargerId })
      .set(status === 'Rejected' ? { defaultTariff, tariffSupport: 'unsupported' } : { defaultTariff })
      .go();
    return HELD.has(status) ? 'set' : 'refused';
  }
  if (!held || !HELD.has(held.status)) return 'unchanged';
  const answer = await commands.send(chargerId, 'ClearTariffs', { tariffIds: [held.tariffId] }, { charger });
  if (!answer.ok) {
    if (!answer.unsupported) throw answer.error;
    return unsupported();
  }
  await db.charger.patch({ chargerId }).remove(['defaultTariff']).go();
  return 'cleared';
}

/**
 * Sends what a batch's {@link TariffUpdates} call for (the stations in parallel; one station's
 * messages go one after the other on its command lane): {@link syncStationTariff}, then
 * {@link changeTransactionTariffs} when the station took a version it did not hold. Requests: per
 * site 1 GetItem (its tariff) and its connected chargers (`siteChargers`: 1 paged Query, shared with
 * the batch's cost sender), of which the 2.1 stations; per station of its own 1 GetItem (the charger) and 1 of its
 * site's tariff (once per site); then per SetDefaultTariff/ClearTariffs the command path's and 1
 * UpdateItem; per station that took a new version 1 paged Query (its ports) and per transaction in
 * progress the command path's. Never throws: a station not connected is skipped, a timeout, an
 * invalid answer or a failed read is logged.
 * @param siteChargers the batch's reader of a site's connected chargers (`siteChargersOnce`)
 * @returns each station's outcome, by chargerId
 */
export async function sendTariffUpdates(
  db: Db,
  commands: TariffCommands,
  updates: TariffUpdates,
  siteChargers: SiteChargers = siteChargersOnce(db),
): Promise<Map<number, TariffUpdateOutcome>> {
  const tariffs = new Map<number, Promise<StoredSiteTariff | undefined>>();
  const tariffOf = (siteId: number) => {
    if (!tariffs.has(siteId))
      tariffs.set(
        siteId,
        // Strongly consistent: the stream reports a write this read must see (a stale version would
        // be taken for the one the station holds, and the new one never sent).
        db.siteTariff
          .get({ siteId })
          .go({ consistent: true })
          .then(({ data }) => data ?? undefined),
      );
    return tariffs.get(siteId)!;
  };
  const stations = new Map<number, Promise<{ charger: ChargerItem; reason: TariffUpdateReason } | undefined>>();
  for (const [chargerId, reason] of updates.chargers) {
    stations.set(
      chargerId,
      db.charger
        .get({ chargerId })
        .go({ consistent: true })
        .then(({ data }) => (data ? { charger: data, reason } : undefined))
        // Handled where it is made: it is awaited only after the site queries and earlier stations.
        .catch(logFailedRead(undefined)),
    );
  }
  const siteStations = [...updates.sites].map(async ([siteId, organizationId]) =>
    (await siteChargers(siteId, organizationId)).filter((charger) => charger.ocppProtocol === TARIFF_PROTOCOL),
  );
  const outcomes = new Map<number, TariffUpdateOutcome>();
  const run = async (charger: ChargerItem, reason: TariffUpdateReason) => {
    const outcome = await tariffOf(charger.siteId)
      .then(async (tariff) => {
        const synced = await syncStationTariff(db, commands, charger, tariff, reason);
        if (tariff && movesTransactions(charger, tariff, synced))
          await changeTransactionTariffs(db, commands, charger.chargerId, tariff, { charger });
        return synced;
      })
      .catch(deliveryFailure(commands, 'Station tariff not delivered', { chargerId: charger.chargerId }));
    outcomes.set(charger.chargerId, outcome);
  };
  const runs: Promise<void>[] = [];
  for (const found of await Promise.all(
    siteStations.map((stationsOfSite) => stationsOfSite.catch(logFailedRead<ChargerItem[]>([]))),
  )) {
    // A station with a reason of its own (a boot) runs once, for that reason.
    for (const charger of found) if (!stations.has(charger.chargerId)) runs.push(run(charger, 'change'));
  }
  for (const station of stations.values()) {
    const found = await station;
    if (found) runs.push(run(found.charger, found.reason));
  }
  await Promise.all(runs);
  return outcomes;
}

/**
 * Whether a station's transactions in progress are to move to `tariff`: it just took it
 * (`outcome` `set`) and it is a version the station did not hold before (`charger` as read before
 * the SetDefaultTariff). A boot that brings the same version again moves nothing: its transactions
 * were moved when it first took it, and a replayed batch finds it held (`unchanged`).
 */
export function movesTransactions(
  charger: Pick<ChargerItem, 'defaultTariff'>,
  tariff: StoredSiteTariff,
  outcome: TariffUpdateOutcome,
): boolean {
  return outcome === 'set' && charger.defaultTariff?.tariffId !== stationTariffId(tariff);
}

/**
 * The transactionIds of the transactions in progress on a station's ports (each port's
 * `currentChargingSession`), in port order, each once (a transaction on two connectors of one EVSE
 * shows on both ports).
 */
export function transactionsInProgress(
  ports: readonly Pick<StoredPortItem, 'portNumber' | 'currentChargingSession'>[],
): string[] {
  const ids = [...ports]
    .sort((a, b) => a.portNumber - b.portNumber)
    .flatMap((port) => (port.currentChargingSession ? [port.currentChargingSession.ocppTransactionId] : []));
  return [...new Set(ids)];
}

/**
 * The transactionIds of the transactions in progress on a charger's ports
 * ({@link transactionsInProgress}): what a station's tariff and a repricing's CostUpdated
 * (`cost-updates.ts`) are sent for. Requests: 1 paged Query (the charger's ports).
 */
export async function chargerTransactionsInProgress(db: Db, chargerId: number): Promise<string[]> {
  const { data } = await db.port.query.primary({ chargerId }).go({ pages: 'all' });
  return transactionsInProgress(data);
}

/** What became of one transaction's ChangeTransactionTariff. */
export type TransactionTariffOutcome = 'changed' | 'refused' | 'unsupported' | 'notConnected' | 'failed';

/**
 * ChangeTransactionTariff (I10) of one transaction in progress to `tariff` (the site's, as
 * `toStationTariff` maps it). `Accepted`: `changed`. Any other status word is logged and nothing is
 * remembered (`refused`): each is about this transaction and this version only (`TxNotFound`: it
 * ended meanwhile; `NoCurrencyChange`: the site's tariff changed currency, and OCPP forbids a
 * transaction to, so the station keeps pricing it under the old version; `Rejected`,
 * `TooManyElements`, `ConditionNotSupported`: the station prices it as before). CALLERROR
 * NotSupported/NotImplemented is `unsupported` and not remembered: a station may take default
 * tariffs (SetDefaultTariff) without taking per-transaction changes, and it should keep getting
 * the site's new versions; it costs one CALLERROR per transaction per version.
 * @param options how the CALL is sent (`charger`: the station as the caller just read it, not read again)
 * @throws the command path's failures (not connected, timeout, an invalid answer, another CALLERROR)
 */
export async function changeTransactionTariff(
  commands: TariffCommands,
  chargerId: number,
  ocppTransactionId: string,
  tariff: StoredSiteTariff,
  options: SendOptions = {},
): Promise<Exclude<TransactionTariffOutcome, 'notConnected' | 'failed'>> {
  const answer = await commands.send(
    chargerId,
    'ChangeTransactionTariff',
    { ocppTransactionId, tariff: toStationTariff(tariff) },
    options,
  );
  if (!answer.ok) {
    if (!answer.unsupported) throw answer.error;
    return 'unsupported';
  }
  const { status } = answer.result;
  if (status === 'Accepted') return 'changed';
  logger.info('Transaction tariff not changed', {
    chargerId,
    ocppTransactionId,
    tariffId: stationTariffId(tariff),
    status,
  });
  return 'refused';
}

/**
 * Moves each transaction in progress on a station's ports ({@link transactionsInProgress}) to
 * `tariff`, one after the other ({@link changeTransactionTariff}); stops at a station that answers
 * NotSupported/NotImplemented or is no longer connected. Requests: 1 paged Query (the station's
 * ports), then per transaction the command path's. Never throws: a failure is logged.
 * @returns each transaction's outcome, by transactionId
 * @param options how each CALL is sent (`charger`: the station as the caller just read it)
 */
export async function changeTransactionTariffs(
  db: Db,
  commands: TariffCommands,
  chargerId: number,
  tariff: StoredSiteTariff,
  options: SendOptions = {},
): Promise<Map<string, TransactionTariffOutcome>> {
  const outcomes = new Map<string, TransactionTariffOutcome>();
  const transactions = await chargerTransactionsInProgress(db, chargerId).catch(logFailedRead<string[]>([]));
  for (const ocppTransactionId of transactions) {
    const outcome: TransactionTariffOutcome = await changeTransactionTariff(
      commands,
      chargerId,
      ocppTransactionId,
      tariff,
      options,
    ).catch(deliveryFailure(commands, 'Transaction tariff not delivered', { chargerId, ocppTransactionId }));
    outcomes.set(ocppTransactionId, outcome);
    if (outcome === 'unsupported' || outcome === 'notConnected') break;
  }
  return outcomes;
}

/** A failed read of the batch's stations, logged: those stations are sent nothing this time. */
function logFailedRead<T>(fallback: T) {
  return (error: unknown): T => {
    logger.warn('Station tariffs: a read failed', { error: String(error) });
    return fallback;
  };
}
