/**
 * What the charger page shows of OCPP 2.0.1's own blocks (display messages, monitors): only for a
 * charger whose OCPP version is 2.0.1 (as `GET /api/chargers/{id}/configuration` says it: the
 * version its settings were read over, else its last connection's), and only for the roles that run
 * charger operations (operator and above; `useRoleRefusal`). Its commands are disabled, with the
 * reason, while the charger cannot be reached.
 *
 * @module
 */
import { CommandsBlocked } from '../components';
import { useRead, useRoleRefusal } from '../context';
import { commandsBlockedReason } from '../format';
import type { Charger, ChargerConfigurationAnswer } from '../types';
import { DisplayMessagesSection } from './charger-display';
import { MonitorsSection } from './charger-monitors';

/** The charger's OCPP version as its configuration read says it; undefined until known. */
function useProtocol(chargerId: number): string | null | undefined {
  const path = `/api/chargers/${chargerId}/configuration`;
  const loaded = useRead<ChargerConfigurationAnswer>(path);
  return loaded.data?.data.ocppProtocol;
}

/** `section` of a 2.0.1 charger, for a role that runs operations; nothing otherwise. */
export function Ocpp201Section(props: { charger: Charger; section: 'display' | 'monitors' }) {
  const { charger } = props;
  const refused = useRoleRefusal('operator', 'Running a charger operation');
  const protocol = useProtocol(charger.id);
  if (refused || protocol === undefined || protocol === null || protocol === 'ocpp1.6') return null;
  const blocked = commandsBlockedReason(charger);
  const Section = props.section === 'display' ? DisplayMessagesSection : MonitorsSection;
  return (
    <>
      {blocked ? <CommandsBlocked id={`${props.section}-blocked`} reason={blocked} /> : null}
      <Section charger={charger} blocked={blocked} />
    </>
  );
}
