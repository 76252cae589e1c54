/**
 * Getting a charger's log from the charger page (docs/charger-logs.md): a log type, "Get logs"
 * (`POST /api/ocpp/get-log`), then the operation's logs (`GET /api/charger-operations/{id}/logs`)
 * followed until the charger has uploaded (a download link) or failed.
 *
 * @module
 */
import { useEffect, useState } from 'preact/hooks';
import { OutcomeNotice, useAction } from '../action';
import { useSession } from '../context';
import type { Charger, ChargerOperationAnswer } from '../types';
import type { z } from 'zod';
import type { ChargerLogList } from '../../../../shared/api/routes/charger-operation-reads';

/** One charger's log of a get-log operation, as the API gives it. */
type ChargerLog = z.infer<typeof ChargerLogList>['data'][number];

/** How often the logs are read while an upload is pending, ms, and for how long. */
const FOLLOW_EVERY_MS = 2_000;
const FOLLOW_FOR_MS = 10 * 60_000;

/** The "Get logs" part of the charger's operations. */
export function ChargerLogRequest(props: {
  charger: Charger;
  /** Called when a request is recorded and when its upload ends (the recent operations follow). */
  onChange?: () => void;
}) {
  const { charger } = props;
  const session = useSession();
  const { busy, outcome, run } = useAction();
  const [logType, setLogType] = useState('DiagnosticsLog');
  const [operationId, setOperationId] = useState<string | null>(null);
  const [log, setLog] = useState<ChargerLog | null>(null);

  useEffect(() => {
    if (!operationId) return;
    let stopped = false;
    const until = Date.now() + FOLLOW_FOR_MS;
    const follow = async () => {
      try {
        const { data } = await session.call<{ data: ChargerLog[] }>(`/api/charger-operations/${operationId}/logs`);
        if (stopped) return;
        setLog(data[0] ?? null);
        if (data[0]?.status === 'pending' && Date.now() < until) setTimeout(follow, FOLLOW_EVERY_MS);
        else props.onChange?.();
      } catch {
        if (!stopped && Date.now() < until) setTimeout(follow, FOLLOW_EVERY_MS);
      }
    };
    void follow();
    return () => {
      stopped = true;
    };
  }, [session, operationId]);

  const request = () =>
    run(
      async () => {
        setLog(null);
        setOperationId(null);
        const { data } = await session.call<ChargerOperationAnswer>('/api/ocpp/get-log', {
          method: 'POST',
          body: { chargerId: charger.id, logType },
        });
        props.onChange?.();
        const result = data.results[0];
        if (result?.status !== 'scheduled' && result?.status !== 'accepted') {
          return `Get logs: ${result?.status ?? data.status}${result?.error ? `: ${result.error.code}` : ''}.`;
        }
        setOperationId(data.operationId);
        return 'Get logs: the charger accepted; waiting for its upload…';
      },
      'Get logs failed. ',
      'Get logs: asking the charger…',
    );

  return (
    <>
      <div class="inline-form">
        <label>
          Log type
          <select value={logType} onChange={(event) => setLogType((event.target as HTMLSelectElement).value)}>
            <option>DiagnosticsLog</option>
            <option>SecurityLog</option>
          </select>
        </label>
        <button type="button" disabled={busy} onClick={() => void request()}>
          Get logs
        </button>
      </div>
      <div aria-live="polite">
        {log && log.status !== 'pending' ? null : <OutcomeNotice outcome={outcome} />}
        {log ? <LogState log={log} /> : null}
      </div>
    </>
  );
}

function LogState(props: { log: ChargerLog }) {
  const { log } = props;
  if (log.status === 'uploaded' && log.downloadUrl) {
    return (
      <p>
        Log uploaded:{' '}
        <a href={log.downloadUrl} download={log.fileName ?? undefined}>
          Download {log.fileName ?? 'the log'}
        </a>{' '}
        ({log.sizeBytes} bytes; the link is valid 15 minutes).
      </p>
    );
  }
  if (log.status === 'pending') return <p class="muted">Upload pending ({log.ocppStatus}).</p>;
  return (
    <p class="muted">
      Upload {log.status}
      {log.ocppStatus ? ` (${log.ocppStatus})` : ''}.
    </p>
  );
}
