/**
 * One webhook endpoint's delivery log (`GET /api/webhook-endpoints/{id}/deliveries`, read every 5 s
 * while shown): per delivery its event, status, attempts, last response code, next attempt and
 * each attempt (when, response code or error, duration), with "Retry" (`POST
 * /api/webhook-deliveries/{id}/retry`) for one not succeeded.
 *
 * @module
 */
import { OutcomeNotice, useAction } from '../action';
import { DataTable, LoadState } from '../components';
import { useSession, useSiteZones } from '../context';
import { formatDateTime } from '../format';
import { usePoll } from '../live';
import type { WebhookDelivery, WebhookDeliveryList, WebhookEndpoint } from '../types';
import { attemptWords } from '../webhook-data';

const STATUS_TONES: Record<WebhookDelivery['status'], string> = { pending: 'warn', succeeded: 'ok', failed: 'fault' };

/** The delivery log of `endpoint`. */
export function DeliveryLog(props: { endpoint: WebhookEndpoint }) {
  const zones = useSiteZones();
  const { endpoint } = props;
  const session = useSession();
  const deliveries = usePoll(
    (signal) => session.call<WebhookDeliveryList>(`/api/webhook-endpoints/${endpoint.id}/deliveries`, { signal }),
    [session, endpoint.id],
    session.signOut,
  );
  const { busy, outcome, run } = useAction();
  const retry = (delivery: WebhookDelivery) =>
    void run(async () => {
      await session.call(`/api/webhook-deliveries/${delivery.id}/retry`, { method: 'POST', body: {} });
      deliveries.refresh();
      return `Delivery of ${delivery.eventType} sent again.`;
    }, 'The retry was refused. ');
  const list = deliveries.data?.data;
  return (
    <section aria-labelledby="deliveries-heading">
      <h2 id="deliveries-heading" class="wrap">
        Deliveries to {endpoint.url}
      </h2>
      <LoadState loaded={deliveries} what="the deliveries" />
      <div aria-live="polite">
        <OutcomeNotice outcome={outcome} />
      </div>
      {list && !list.length ? <p class="muted">No deliveries yet: "Send test" sends one.</p> : null}
      {list?.length ? (
        <DataTable
          columns={['Created', 'Event', 'Status', 'Attempts', 'Response', 'Next attempt', '']}
          caption="Deliveries"
        >
          {list.map((delivery) => (
            <tr key={String(delivery.id)} data-delivery-id={delivery.id}>
              <td>{formatDateTime(delivery.createdAt, zones.shared)}</td>
              <td>
                <code>{delivery.eventType}</code>
              </td>
              <td>
                <span class={`badge badge-${STATUS_TONES[delivery.status] ?? 'off'}`}>{delivery.status}</span>
              </td>
              <td class="wrap">
                {delivery.attemptLog.length ? (
                  <details>
                    <summary>{delivery.attempts}</summary>
                    <ol class="attempts">
                      {delivery.attemptLog.map((attempt) => (
                        <li key={attempt.timestamp}>
                          {formatDateTime(attempt.timestamp, zones.shared)}: {attemptWords(attempt)}
                        </li>
                      ))}
                    </ol>
                  </details>
                ) : (
                  delivery.attempts
                )}
              </td>
              <td>{delivery.lastResponseCode ?? '—'}</td>
              <td>{delivery.nextAttemptAt ? formatDateTime(delivery.nextAttemptAt, zones.shared) : '—'}</td>
              <td>
                {delivery.status === 'succeeded' ? null : (
                  <button
                    type="button"
                    class="secondary"
                    disabled={busy}
                    aria-label={`Retry the ${delivery.eventType} delivery of ${formatDateTime(delivery.createdAt, zones.shared)}`}
                    onClick={() => retry(delivery)}
                  >
                    Retry
                  </button>
                )}
              </td>
            </tr>
          ))}
        </DataTable>
      ) : null}
    </section>
  );
}
