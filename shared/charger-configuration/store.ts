/**
 * Where a charger's configuration is kept: one `chargerConfiguration` item per charger (the
 * settings as JSON text, when and how they were read, a 2.0.1 report pending), and the pages of
 * 2.0.1 reports (`deviceModelPage`) until they are assembled (OCPP 2.0.1 B07/B08: NotifyReport
 * pages of one `requestId`, numbered by `seqNo` from 0, every page but the last with `tbc`).
 *
 * Every write of the item is an UpdateItem (upsert), so the functions that write it need no
 * PutItem on the charger's partition; a report's pages are PutItems (the OCPP function's).
 */
import { gunzipSync, gzipSync } from 'node:zlib';
import type { Db } from '../db';
import { isConditionalCheckFailure } from '../db/conditions';
import type { OcppProtocol } from '../db/entities/common';
import type { ReportBase } from './commands';
import { mergeVariables, storedVariable, type StoredSettings } from './settings';

/** A report page is kept this long after it came (s): a report is assembled within it, or never. */
export const REPORT_PAGE_TTL_SECONDS = 86_400;
/** A report with no page for this long (ms) since it was asked for or since its last page is shown `incomplete`. */
export const REPORT_STALL_MS = 5 * 60_000;
/** The most pages a report may have (seqNo 0 to this): a page beyond is not stored. */
export const MAX_REPORT_PAGES = 10_000;
/** Settings longer than this as JSON (characters) are stored gzipped, in base64. */
const GZIP_ABOVE = 64_000;
/** The most characters `content` may hold: DynamoDB items are at most 400 KB. */
const MAX_CONTENT = 350_000;

/** A charger's configuration as stored. */
export interface StoredConfiguration {
  ocppProtocol: OcppProtocol;
  /** When the settings were read (ISO 8601); absent: never read. */
  readAt?: string;
  source?: 'GetConfiguration' | 'NotifyReport';
  /** 2.0.1: the report the settings come from. */
  report?: { requestId: number; reportBase?: string; generatedAt?: string };
  settings: StoredSettings;
  /** A 2.0.1 report asked for whose last page has not come (absent once it is assembled). */
  pendingReport?: { requestId: number; reportBase: string; requestedAt: string };
  updatedAt?: string;
}

/**
 * Settings as the item's `content`: JSON text, gzipped (base64) above 64,000 characters; a device
 * model still above 350,000 characters loses variables at its end (counted in `omittedVariables`).
 */
export function encodeSettings(settings: StoredSettings): { content: string; contentEncoding: 'json' | 'gzip' } {
  const json = JSON.stringify(settings);
  if (json.length <= GZIP_ABOVE) return { content: json, contentEncoding: 'json' };
  const content = gzipSync(json).toString('base64');
  if (content.length <= MAX_CONTENT || !settings.variables?.length) return { content, contentEncoding: 'gzip' };
  const keep = Math.floor((settings.variables.length * MAX_CONTENT) / content.length / 1.1);
  return encodeSettings({
    ...settings,
    variables: settings.variables.slice(0, keep),
    omittedVariables: (settings.omittedVariables ?? 0) + settings.variables.length - keep,
  });
}

/** The settings of an item's `content` ({@link encodeSettings}'s inverse); none when absent. */
export function decodeSettings(content: string | undefined, encoding: 'json' | 'gzip' | undefined): StoredSettings {
  if (content === undefined) return {};
  return JSON.parse(encoding === 'gzip' ? gunzipSync(Buffer.from(content, 'base64')).toString() : content);
}

/** A `chargerConfiguration` item as written (ElectroDB's attributes). */
type ConfigurationItem = NonNullable<Awaited<ReturnType<ReturnType<Db['chargerConfiguration']['get']>['go']>>['data']>;

/** An item as a stored configuration: its settings decoded, a pending report only while it is not the stored one. */
function storedOf(data: ConfigurationItem): StoredConfiguration {
  const pending = data.pendingReport && data.pendingReport.requestId !== data.reportRequestId;
  return {
    ocppProtocol: data.ocppProtocol,
    ...(data.readAt ? { readAt: data.readAt } : {}),
    ...(data.source ? { source: data.source } : {}),
    ...(data.reportRequestId !== undefined
      ? {
          report: {
            requestId: data.reportRequestId,
            ...(data.reportBase ? { reportBase: data.reportBase } : {}),
            ...(data.generatedAt ? { generatedAt: data.generatedAt } : {}),
          },
        }
      : {}),
    settings: decodeSettings(data.content, data.contentEncoding),
    ...(pending ? { pendingReport: data.pendingReport } : {}),
    updatedAt: data.updatedAt,
  };
}

/**
 * A charger's stored configuration (one GetItem, strongly consistent).
 * @returns undefined when nothing was ever read or asked of it
 */
export async function loadConfiguration(db: Db, chargerId: number): Promise<StoredConfiguration | undefined> {
  const { data } = await db.chargerConfiguration.get({ chargerId }).go({ consistent: true });
  return data ? storedOf(data) : undefined;
}

/** The UpdateItem that stores settings as read now (they replace the stored ones). */
function upsertRead(
  db: Db,
  chargerId: number,
  ocppProtocol: OcppProtocol,
  settings: StoredSettings,
  read: { readAt: string; source: 'GetConfiguration' | 'NotifyReport'; report?: StoredConfiguration['report'] },
) {
  return db.chargerConfiguration.upsert({
    chargerId,
    ocppProtocol,
    readAt: read.readAt,
    source: read.source,
    ...(read.report
      ? {
          reportRequestId: read.report.requestId,
          ...(read.report.reportBase ? { reportBase: read.report.reportBase } : {}),
          ...(read.report.generatedAt ? { generatedAt: read.report.generatedAt } : {}),
        }
      : {}),
    ...encodeSettings(settings),
    updatedAt: new Date().toISOString(),
  });
}

/**
 * Stores a charger's settings as read now (one UpdateItem): they replace the stored ones.
 * @param read when and how they were read (1.6 GetConfiguration; 2.0.1 a report's pages)
 * @returns the configuration now stored (the UpdateItem's new item: no read after it)
 */
export async function saveSettings(
  db: Db,
  chargerId: number,
  ocppProtocol: OcppProtocol,
  settings: StoredSettings,
  read: { readAt: string; source: 'GetConfiguration' | 'NotifyReport'; report?: StoredConfiguration['report'] },
): Promise<StoredConfiguration> {
  const { data } = await upsertRead(db, chargerId, ocppProtocol, settings, read).go({ response: 'all_new' });
  return storedOf(data as ConfigurationItem);
}

/**
 * Stores settings changed since they were read (merged answers of GetVariables, SetVariables,
 * ChangeConfiguration, GetConfiguration of some keys): `readAt` and the report stay. One UpdateItem.
 * @returns the configuration now stored
 */
export async function updateSettings(
  db: Db,
  chargerId: number,
  ocppProtocol: OcppProtocol,
  settings: StoredSettings,
): Promise<StoredConfiguration> {
  const { data } = await db.chargerConfiguration
    .upsert({ chargerId, ocppProtocol, ...encodeSettings(settings), updatedAt: new Date().toISOString() })
    .go({ response: 'all_new' });
  return storedOf(data as ConfigurationItem);
}

/**
 * Notes a 2.0.1 report about to be asked for (GetBaseReport), before it is sent: a charger may send
 * its pages before its answer, and the page that completes the report takes its `reportBase` from
 * this note. One UpdateItem.
 * @returns the configuration now stored
 */
export async function notePendingReport(
  db: Db,
  chargerId: number,
  pending: { requestId: number; reportBase: ReportBase; requestedAt: string },
): Promise<StoredConfiguration> {
  const { data } = await db.chargerConfiguration
    .upsert({ chargerId, ocppProtocol: 'ocpp2.0.1', pendingReport: pending, updatedAt: pending.requestedAt })
    .go({ response: 'all_new' });
  return storedOf(data as ConfigurationItem);
}

/**
 * Withdraws the note of report `requestId` when the charger did not accept to send it (Rejected,
 * NotSupported, EmptyResultSet, a CALLERROR, no answer): one conditional UpdateItem, which leaves
 * a later request's note alone.
 */
export async function dropPendingReport(db: Db, chargerId: number, requestId: number): Promise<void> {
  try {
    await db.chargerConfiguration
      .update({ chargerId })
      .remove(['pendingReport'])
      .where(({ pendingReport }, { eq }) => eq(pendingReport.requestId, requestId))
      .go({ response: 'none' });
  } catch (error) {
    if (!isConditionalCheckFailure(error)) throw error;
  }
}

/** The most targeted reports a charger's item remembers (the latest requestIds). */
const TARGETED_REPORTS_KEPT = 20;

/**
 * Notes a targeted report about to be asked for (2.0.1 GetReport, B08), before it is sent: its
 * pages, whenever they complete it, are merged into the stored settings instead of replacing them
 * ({@link recordReportPage}). Keeps the latest {@link TARGETED_REPORTS_KEPT} (requestIds grow).
 * One UpdateItem (two when it forgets the oldest).
 */
export async function noteTargetedReport(db: Db, chargerId: number, requestId: number): Promise<void> {
  const { data } = await db.chargerConfiguration
    .upsert({ chargerId, ocppProtocol: 'ocpp2.0.1', updatedAt: new Date().toISOString() })
    .add({ targetedReportIds: [requestId] })
    .go({ response: 'all_new' });
  const ids = [...(data.targetedReportIds ?? [])].sort((a, b) => a - b);
  if (ids.length > TARGETED_REPORTS_KEPT)
    await forgetTargetedReports(db, chargerId, ids.slice(0, -TARGETED_REPORTS_KEPT));
}

/** Forgets targeted reports (one that was refused, the oldest): their pages would no longer be merged. One UpdateItem. */
export async function forgetTargetedReports(db: Db, chargerId: number, requestIds: number[]): Promise<void> {
  await db.chargerConfiguration
    .update({ chargerId })
    .delete({ targetedReportIds: requestIds })
    .go({ response: 'none' });
}

/** One NotifyReport page (OCPP 2.0.1 NotifyReportRequest), as the charger sent it. */
export interface ReportPage {
  requestId: number;
  seqNo: number;
  tbc?: boolean;
  generatedAt: string;
  reportData?: readonly Parameters<typeof storedVariable>[0][];
}

/** What the pages of one report say of it. */
export interface ReportProgress {
  /** The seqNos received, ascending. */
  received: number[];
  /** The last page's seqNo (tbc false), once it came. */
  lastSeqNo?: number;
  /** seqNos still missing: below the last page's, or below the highest received while the last is unknown. */
  missing: number[];
  /** When the most recent page came. */
  lastPageAt?: string;
}

/** Progress of a report from its pages (pure). */
export function reportProgress(pages: readonly { seqNo: number; tbc: boolean; receivedAt: string }[]): ReportProgress {
  const received = [...new Set(pages.map((p) => p.seqNo))].sort((a, b) => a - b);
  const last = pages.find((p) => !p.tbc)?.seqNo;
  const top = last ?? (received.length ? received[received.length - 1]! : -1);
  const have = new Set(received);
  const missing = Array.from({ length: top + 1 }, (_, i) => i).filter((i) => !have.has(i));
  const lastPageAt = pages
    .map((p) => p.receivedAt)
    .sort()
    .at(-1);
  return {
    received,
    ...(last !== undefined ? { lastSeqNo: last } : {}),
    missing,
    ...(lastPageAt ? { lastPageAt } : {}),
  };
}

/** The stored pages of one report (one strongly consistent Query). */
async function pagesOf(db: Db, chargerId: number, requestId: number) {
  const { data } = await db.deviceModelPage.query
    .primary({ chargerId, requestId })
    .go({ consistent: true, pages: 'all' });
  return data.filter((p) => p.requestId === requestId);
}

/** The progress of a charger's report (one Query of its pages). */
export async function readReportProgress(db: Db, chargerId: number, requestId: number): Promise<ReportProgress> {
  return reportProgress(await pagesOf(db, chargerId, requestId));
}

/**
 * Stores one page of a 2.0.1 report (NotifyReport, B07/B08), and when every page of the report
 * has come (seqNo 0 to the last one, whose `tbc` is false, in any order) assembles them into the
 * charger's device model, which replaces the stored settings. A page sent again replaces itself;
 * a report whose pages stop coming is never assembled (its pages expire after a day).
 * DynamoDB requests: 1 PutItem and 1 Query per page; the page that completes a report adds 1
 * GetItem and 1 UpdateItem. The pages of a targeted report (GetReport, {@link noteTargetedReport}) are
 * merged into the stored settings: only the variables they name change, and again, alike, when a
 * page is sent again.
 * @param receivedAt when the page came (ISO 8601)
 * A page with a `requestId` beyond 32 bits or a `seqNo` outside 0–9,999 is not stored (`ignored`).
 * @returns whether this page completed the report
 */
export async function recordReportPage(
  db: Db,
  chargerId: number,
  page: ReportPage,
  receivedAt: string,
): Promise<{ assembled: boolean; ignored?: true }> {
  // A requestId beyond 32 bits (we send 31) or a seqNo beyond the most pages: answered, not stored.
  const { requestId, seqNo } = page;
  if (Math.abs(requestId) > 2 ** 31 || seqNo < 0 || seqNo >= MAX_REPORT_PAGES)
    return { assembled: false, ignored: true };
  await db.deviceModelPage
    .put({
      chargerId,
      requestId: page.requestId,
      seqNo: page.seqNo,
      tbc: page.tbc ?? false,
      generatedAt: page.generatedAt,
      receivedAt,
      reportData: JSON.stringify(page.reportData ?? []),
      expiresAt: Math.floor(Date.parse(receivedAt) / 1000) + REPORT_PAGE_TTL_SECONDS,
    })
    .go({ response: 'none' });
  const pages = await pagesOf(db, chargerId, page.requestId);
  const progress = reportProgress(pages);
  if (progress.lastSeqNo === undefined || progress.missing.length) return { assembled: false };
  // The whole item costs what its attributes would (reads are by item size); its settings are decoded for a targeted report only.
  const { data: current } = await db.chargerConfiguration.get({ chargerId }).go({ consistent: true });
  const ordered = pages.filter((p) => p.seqNo <= progress.lastSeqNo!).sort((a, b) => a.seqNo - b.seqNo);
  const variablesOf = () =>
    ordered.flatMap((p) => (JSON.parse(p.reportData) as ReportPage['reportData'] & {}).map(storedVariable));
  if (current?.targetedReportIds?.includes(page.requestId)) {
    const settings = mergeVariables(decodeSettings(current.content, current.contentEncoding), variablesOf());
    await updateSettings(db, chargerId, 'ocpp2.0.1', settings);
    return { assembled: true };
  }
  if (current?.source === 'NotifyReport' && current.reportRequestId !== undefined) {
    // Assembled already (a page sent again), or older than the stored report (a late page of a replaced request).
    const { reportRequestId, generatedAt } = current;
    if (
      reportRequestId === page.requestId ||
      (generatedAt && Date.parse(ordered[0]!.generatedAt) < Date.parse(generatedAt))
    )
      return { assembled: false };
  }
  const variables = variablesOf();
  const pending = current?.pendingReport?.requestId === page.requestId ? current.pendingReport : undefined;
  await upsertRead(
    db,
    chargerId,
    'ocpp2.0.1',
    { variables },
    {
      readAt: receivedAt,
      source: 'NotifyReport',
      report: {
        requestId: page.requestId,
        ...(pending ? { reportBase: pending.reportBase } : {}),
        generatedAt: ordered[0]!.generatedAt,
      },
    },
  ).go({ response: 'none' });
  return { assembled: true };
}
