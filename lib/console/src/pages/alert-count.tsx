/**
 * The navigation's count of active, unacknowledged critical alerts (`GET /api/alerts` with
 * `severities=critical&acknowledged=false`, muted ones left out): a badge on the Alerts link, read
 * every 30 s while visible and at once when an alert is acknowledged on a page. Nothing while it
 * is 0 or unknown.
 *
 * @module
 */
import { useEffect } from 'preact/hooks';
import { UNACKNOWLEDGED_CRITICAL_QUERY } from '../alert-data';
import { nextPageCursorOf } from '../api';
import { useSession } from '../context';
import { usePoll } from '../live';
import type { AlertList } from '../types';
import { ALERTS_CHANGED_EVENT } from './alerts';

/** How often the count is read, ms. */
const COUNT_REFRESH_MS = 30_000;

/** The badge of the Alerts link: `3`, or `50+` beyond the API's first page. */
export function AlertCount() {
  const session = useSession();
  const count = usePoll(
    async (signal) => {
      const list = await session.call<AlertList>(`/api/alerts?${UNACKNOWLEDGED_CRITICAL_QUERY}`, { signal });
      return { count: list.data.length, more: nextPageCursorOf(list) !== null };
    },
    [session],
    session.signOut,
    COUNT_REFRESH_MS,
  );
  const { refresh } = count;
  useEffect(() => {
    addEventListener(ALERTS_CHANGED_EVENT, refresh);
    return () => removeEventListener(ALERTS_CHANGED_EVENT, refresh);
  }, [refresh]);
  const data = count.data;
  if (!data?.count) return null;
  const text = `${data.count}${data.more ? '+' : ''}`;
  return (
    <>
      {' '}
      <span class="badge badge-fault" data-testid="critical-alert-count">
        {text}
        <span class="visually-hidden"> unacknowledged critical</span>
      </span>
    </>
  );
}
