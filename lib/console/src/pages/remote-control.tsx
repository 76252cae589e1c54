/**
 * A charger's ports with remote start / stop buttons (`POST /api/ocpp/remote-start` with an
 * optional tag, `POST /api/ocpp/remote-stop` with the session in progress) and the charger's
 * answer, or why the command failed (not connected, timeout, refused). While the charger is offline
 * or has never connected the buttons are disabled and the section says why.
 *
 * @module
 */
import { useState } from 'preact/hooks';
import { OutcomeNotice, useAction } from '../action';
import { CommandsBlocked } from '../components';
import { useRoleRefusal, useSession } from '../context';
import { commandsBlockedReason } from '../format';
import type { Charger, RemoteStartAnswer, RemoteStopAnswer } from '../types';
import { PortTable } from './sites';

/** The ports section of the charger page; `onAnswer` refreshes the charger after an answer. */
export function RemoteControl(props: { charger: Charger; onAnswer: () => void }) {
  const session = useSession();
  const { busy, outcome, run } = useAction();
  const [idTag, setIdTag] = useState('');
  // The role first: a viewer's command would be refused (403) whether or not the charger is connected.
  const blocked =
    useRoleRefusal('operator', 'Starting or stopping a session remotely') ?? commandsBlockedReason(props.charger);

  const send = (portId: number) => {
    const port = props.charger.ports.find((candidate) => candidate.id === portId);
    const inProgress = port?.currentChargingSession;
    const what = inProgress ? 'stop' : 'start';
    const label = `Port ${port?.portNumber ?? portId}`;
    const command = async () => {
      let status: string;
      let detail = '';
      if (inProgress) {
        const body = { portId, sessionId: inProgress.id };
        status = (await session.call<RemoteStopAnswer>('/api/ocpp/remote-stop', { method: 'POST', body })).data.status;
      } else {
        const body = { portId, ...(idTag.trim() ? { idTag: idTag.trim() } : {}) };
        const answer = await session.call<RemoteStartAnswer>('/api/ocpp/remote-start', { method: 'POST', body });
        status = answer.data.status;
        detail = ` (remote start ${answer.data.remoteStartId})`;
      }
      props.onAnswer();
      return `${label}: the charger answered ${status} to the remote ${what}${detail}.`;
    };
    void run(command, `${label}: remote ${what} failed. `, `${label}: sending remote ${what}…`);
  };

  return (
    <section aria-labelledby="ports-heading">
      <h2 id="ports-heading">Ports</h2>
      {blocked ? <CommandsBlocked id="ports-blocked" reason={blocked} /> : null}
      <label class="inline-field">
        Tag for a remote start (optional; the server's own tag when empty)
        <input
          value={idTag}
          maxLength={20}
          autoComplete="off"
          onInput={(event) => setIdTag((event.target as HTMLInputElement).value)}
        />
      </label>
      <PortTable
        charger={props.charger}
        actions={(port) => (
          <button
            type="button"
            disabled={busy || blocked !== null}
            aria-describedby={blocked ? 'ports-blocked' : undefined}
            onClick={() => send(port.id)}
          >
            {port.currentChargingSession ? 'Stop' : 'Start'}
            <span class="visually-hidden"> port {port.portNumber}</span>
          </button>
        )}
      />
      <div aria-live="polite">
        <OutcomeNotice outcome={outcome} />
      </div>
    </section>
  );
}
