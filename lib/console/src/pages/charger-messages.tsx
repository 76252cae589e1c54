/**
 * The charger page's Message log tab: the OCPP exchanges logged for the charger in the last 24 hours
 * (`GET /api/ocpp-messages?chargerId=`, newest first, 50 a page; docs/history-and-health.md), each
 * CALL with who sent it, its action, its answer (CALLRESULT, CALLERROR with its code, or none) and
 * the frames as they went over the WebSocket, times in the site's zone.
 *
 * @module
 */
import { useState } from 'preact/hooks';
import { DataTable, LoadState, Notice, Pager } from '../components';
import { useRead } from '../context';
import { formatDateTime } from '../format';
import type { Charger, OcppMessageList } from '../types';

type OcppMessage = OcppMessageList['data'][number];

/** What the answer was, in a few words: `CALLRESULT`, `CALLERROR NotSupported`, or `no answer`. */
function answerOf(message: OcppMessage): string {
  if (!message.responseType) return 'no answer';
  if (message.responseType === 'CALLERROR') {
    const code = (message.messageResponse as { errorCode?: unknown } | null)?.errorCode;
    return `CALLERROR${typeof code === 'string' ? ` ${code}` : ''}`;
  }
  return 'CALLRESULT';
}

/** The Message log tab of `charger`. */
export function ChargerMessageLog(props: { charger: Charger }) {
  const { charger } = props;
  const [cursor, setCursor] = useState<string | null>(null);
  const query = `chargerId=${charger.id}&limit=50${cursor ? `&nextPageCursor=${encodeURIComponent(cursor)}` : ''}`;
  const log = useRead<OcppMessageList>(`/api/ocpp-messages?${query}`);
  return (
    <section aria-labelledby="message-log-heading">
      <div class="section-head">
        <h2 id="message-log-heading">Message log</h2>
        <button type="button" class="secondary" onClick={log.refresh}>
          Refresh
        </button>
      </div>
      <p class="muted">The last 24 hours of OCPP, newest first; times in the site's zone.</p>
      <LoadState loaded={log} what="the message log" />
      {log.data?.data.length === 0 ? (
        <Notice kind="info">
          <p>No OCPP messages in the last 24 hours.</p>
        </Notice>
      ) : null}
      {log.data && log.data.data.length > 0 ? (
        <DataTable columns={['Time', 'From', 'Action', 'Answer', 'Frames']} caption="OCPP messages">
          {log.data.data.map((message) => (
            <tr key={message.id}>
              <td>{formatDateTime(message.createdAt, charger.site.timezone)}</td>
              <td>{message.direction === 'fromCharger' ? 'Charger' : 'CSMS'}</td>
              <td>{message.messageType}</td>
              <td>{answerOf(message)}</td>
              <td class="wrap">
                <details>
                  <summary>{message.messageFrame.bytes} bytes</summary>
                  <pre>{message.messageFrame.text}</pre>
                  {message.responseFrame ? <pre>{message.responseFrame.text}</pre> : null}
                </details>
              </td>
            </tr>
          ))}
        </DataTable>
      ) : null}
      <Pager label="Message log pages" cursor={cursor} pagination={log.data?.pagination} onCursor={setCursor} />
    </section>
  );
}
