/**
 * A charger's operations (docs/charger-operations.md), in two tabs of the charger page that share
 * the charger's recent operations (`GET /api/charger-operations?chargerId=`, refreshed after each):
 * **Operations**, buttons for reset, unlock, availability, trigger message and clear cache
 * (`POST /api/ocpp/<kind>`, for the charger or one of its ports) with the answer of each (or that it
 * is pending; the buttons disabled, with the reason, while the charger is offline or has never
 * connected); and **Firmware and logs**, a firmware update (`firmware.tsx`) and a log request
 * (`charger-logs.tsx`).
 *
 * @module
 */
import { useState } from 'preact/hooks';
import { OutcomeNotice, useAction } from '../action';
import { CommandsBlocked, DataTable, LoadState } from '../components';
import { useRead, useRoleRefusal, useSession } from '../context';
import { commandsBlockedReason, formatDateTime } from '../format';
import { ChargerLogRequest } from './charger-logs';
import type { Charger, ChargerOperation, ChargerOperationAnswer, ChargerOperationList } from '../types';
import { FirmwareUpdate } from './firmware';

const RESET_TYPES = ['Soft', 'Hard', 'OnIdle', 'Immediate'];
const MESSAGES = ['StatusNotification', 'Heartbeat', 'BootNotification', 'MeterValues'];

/** One line of what an operation came to: each result's status and the charger's word. */
function summary(operation: ChargerOperation): string {
  const results = operation.results
    .map(
      (r) =>
        `${r.status}${r.ocppStatus ? ` (${r.ocppStatus})` : ''}${r.firmware?.status ? `, firmware ${r.firmware.status}` : ''}${r.error ? `: ${r.error.code}` : ''}`,
    )
    .join(', ');
  return `${operation.status}: ${results}`;
}

/** The charger's recent operations, loaded once and again on `refresh`. */
function useRecentOperations(charger: Charger) {
  return useRead<ChargerOperationList>(`/api/charger-operations?chargerId=${charger.id}`);
}

/** The recent operations under a tab's forms (the last 20). */
function RecentOperations(props: { recent: ReturnType<typeof useRecentOperations>; zone: string }) {
  const { recent } = props;
  return (
    <>
      <h3>Recent operations</h3>
      <LoadState loaded={recent} what="the operations" />
      {recent.data ? <OperationTable operations={recent.data.data.slice(0, 20)} zone={props.zone} /> : null}
    </>
  );
}

/** The Operations tab of the charger page: the operation buttons, the answer, the recent operations. */
export function ChargerOperations(props: { charger: Charger }) {
  const { charger } = props;
  const session = useSession();
  const { busy, outcome, run } = useAction();
  const recent = useRecentOperations(charger);
  const blocked = useRoleRefusal('operator', 'Running a charger operation') ?? commandsBlockedReason(charger);

  const send = (label: string, kind: string, body: Record<string, unknown>) => {
    const action = async () => {
      const answer = await session.call<ChargerOperationAnswer>(`/api/ocpp/${kind}`, { method: 'POST', body });
      recent.refresh();
      const { data } = answer;
      return data.status === 'pending'
        ? `${label}: pending (${summary(data)}); the list below follows it.`
        : `${label}: ${summary(data)}.`;
    };
    void run(action, `${label} failed. `, `${label}: sending…`);
  };

  return (
    <section aria-labelledby="operations-heading">
      <h2 id="operations-heading">Operations</h2>
      {blocked ? <CommandsBlocked id="operations-blocked" reason={blocked} /> : null}
      <OperationControls charger={charger} off={busy || blocked !== null} blocked={blocked !== null} send={send} />
      <div aria-live="polite">
        <OutcomeNotice outcome={outcome} />
      </div>
      <RecentOperations recent={recent} zone={charger.site.timezone} />
    </section>
  );
}

/** The Firmware and logs tab of the charger page: a firmware update, a log request, the recent operations. */
export function ChargerFirmwareAndLogs(props: { charger: Charger }) {
  const { charger } = props;
  const recent = useRecentOperations(charger);
  return (
    <section aria-labelledby="firmware-logs-heading">
      <h2 id="firmware-logs-heading">Firmware and logs</h2>
      <FirmwareUpdate chargerId={charger.id} onSent={recent.refresh} />
      <ChargerLogRequest charger={charger} onChange={recent.refresh} />
      <RecentOperations recent={recent} zone={charger.site.timezone} />
    </section>
  );
}

/**
 * The operation buttons, for the charger or the chosen port; `off` disables them (busy, or the
 * charger cannot be reached: `blocked`, whose reason the section says above them).
 */
function OperationControls(props: {
  charger: Charger;
  off: boolean;
  blocked: boolean;
  send(label: string, kind: string, body: Record<string, unknown>): void;
}) {
  const { charger, off, send } = props;
  const [portId, setPortId] = useState('');
  const [resetType, setResetType] = useState('Soft');
  const [message, setMessage] = useState('StatusNotification');
  const target = portId ? { portId: Number(portId) } : { chargerId: charger.id };
  // One button per operation, each disabled with the section (and pointing to its reason).
  const button = (text: string, onClick: () => void, unusable = false) => (
    <button
      type="button"
      disabled={off || unusable}
      aria-describedby={props.blocked ? 'operations-blocked' : undefined}
      onClick={onClick}
    >
      {text}
    </button>
  );
  return (
    <div class="inline-form">
      <label>
        Port
        <select value={portId} onChange={(event) => setPortId((event.target as HTMLSelectElement).value)}>
          <option value="">The whole charger</option>
          {charger.ports.map((port) => (
            <option key={port.id} value={String(port.id)}>
              Port {port.portNumber}
            </option>
          ))}
        </select>
      </label>
      <label>
        Reset type
        <select value={resetType} onChange={(event) => setResetType((event.target as HTMLSelectElement).value)}>
          {RESET_TYPES.map((type) => (
            <option key={type}>{type}</option>
          ))}
        </select>
      </label>
      {button('Reset', () => send('Reset', 'reset', { ...target, type: resetType }))}
      {button('Unlock', () => send('Unlock', 'unlock-connector', { portId: Number(portId) }), !portId)}
      {button('Make inoperative', () =>
        send('Inoperative', 'change-availability', { ...target, operationalStatus: 'Inoperative' }),
      )}
      {button('Make operative', () =>
        send('Operative', 'change-availability', { ...target, operationalStatus: 'Operative' }),
      )}
      <label>
        Message
        <select value={message} onChange={(event) => setMessage((event.target as HTMLSelectElement).value)}>
          {MESSAGES.map((name) => (
            <option key={name}>{name}</option>
          ))}
        </select>
      </label>
      {button('Trigger message', () => send('Trigger', 'trigger-message', { ...target, requestedMessage: message }))}
      {button('Clear cache', () => send('Clear cache', 'clear-cache', { chargerId: charger.id }))}
    </div>
  );
}

function OperationTable(props: { operations: ChargerOperation[]; zone: string }) {
  if (props.operations.length === 0) return <p class="muted">No operations yet.</p>;
  return (
    <DataTable columns={['Asked', 'By', 'Operation', 'Outcome']} caption="Recent operations">
      {props.operations.map((operation) => (
        <tr key={operation.operationId}>
          <td>{formatDateTime(operation.createdAt, props.zone)}</td>
          <td class="wrap">{operation.userEmail ?? '—'}</td>
          <td>{operation.action}</td>
          <td class="wrap">{summary(operation)}</td>
        </tr>
      ))}
    </DataTable>
  );
}
