/**
 * The charger page's Security tab (docs/certificates.md): its OCPP security profile, which an admin
 * sets (`PUT /api/chargers/{id}/security-profile`: from its next connection on, profile 3 needs a
 * certificate of the CSMS CA); the certificates the CSMS CA issued to it (`GET …/certificates`,
 * newest end first), whether each is revoked, and for an admin a Revoke button, confirmed before it
 * acts, on each installed one not revoked yet (`POST …/certificates/{serialNumber}/revoke`: the
 * charger's next connection with it is refused; the list is read again after); and its security
 * events (`GET …/security-events`, newest first, the critical ones marked). Read when the tab
 * opens, and again after the profile changes.
 *
 * @module
 */
import type { z } from 'zod';
import { useState } from 'preact/hooks';
import { OutcomeNotice, useAction } from '../action';
import { ConfirmButton, DataTable, LoadState } from '../components';
import { useRead, useRoleRefusal, useSession } from '../context';
import { formatDateTime } from '../format';
import type { Charger } from '../types';
import type {
  ChargerCertificate as ChargerCertificateSchema,
  SecurityEventList as SecurityEventListSchema,
} from '../../../../shared/api/routes/chargers';

type ChargerCertificate = z.infer<typeof ChargerCertificateSchema>;
type SecurityEventList = z.infer<typeof SecurityEventListSchema>;

/** What each profile means to the charger's connection. */
const PROFILES: Record<1 | 2 | 3, string> = {
  1: '1: password (Basic auth)',
  2: '2: password over TLS',
  3: '3: client certificate (TLS)',
};

/** The Security tab of a charger. */
export function SecurityTab(props: { charger: Charger; refresh: () => void }) {
  return (
    <>
      <SecurityProfileSection charger={props.charger} refresh={props.refresh} />
      <CertificatesSection charger={props.charger} />
      <SecurityEventsSection charger={props.charger} />
    </>
  );
}

/** The profile, and for an admin a form that changes it. */
function SecurityProfileSection(props: { charger: Charger; refresh: () => void }) {
  const { charger } = props;
  const session = useSession();
  const refused = useRoleRefusal('admin', "Changing a charger's security profile");
  const [chosen, setChosen] = useState(String(charger.securityProfile));
  const { busy, outcome, run } = useAction();
  const save = () =>
    run(async () => {
      await session.call(`/api/chargers/${charger.id}/security-profile`, {
        method: 'PUT',
        body: { securityProfile: Number(chosen) },
      });
      props.refresh();
      return `Security profile ${chosen}: it applies from the charger's next connection.`;
    }, 'Changing the security profile failed. ');
  return (
    <section aria-labelledby="security-profile-heading">
      <h2 id="security-profile-heading">Security profile</h2>
      <p>
        Now: <strong>{PROFILES[charger.securityProfile]}</strong>
      </p>
      {refused ? (
        <p class="muted">{refused}</p>
      ) : (
        <form
          class="inline-form"
          onSubmit={(event) => {
            event.preventDefault();
            void save();
          }}
        >
          <label>
            Security profile
            <select value={chosen} onChange={(event) => setChosen(event.currentTarget.value)}>
              {Object.entries(PROFILES).map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </select>
          </label>
          <button type="submit" disabled={busy || chosen === String(charger.securityProfile)}>
            Save profile
          </button>
        </form>
      )}
      <OutcomeNotice outcome={outcome} />
    </section>
  );
}

/** The certificates the CSMS CA issued to the charger, and for an admin a Revoke button on each it may revoke. */
function CertificatesSection(props: { charger: Charger }) {
  const path = `/api/chargers/${props.charger.id}/certificates`;
  const loaded = useRead<{ data: ChargerCertificate[] }>(path);
  const session = useSession();
  const refused = useRoleRefusal('admin', "Revoking a charger's certificate");
  const { busy, outcome, run } = useAction();
  const zone = props.charger.site.timezone;
  const certificates = loaded.data?.data;
  const revoke = (certificate: ChargerCertificate) =>
    void run(async () => {
      await session.call(`${path}/${certificate.serialNumber}/revoke`, { method: 'POST' });
      loaded.refresh();
      return `Certificate ${certificate.serialNumber} revoked: the charger's next connection with it is refused.`;
    }, `Certificate ${certificate.serialNumber} was not revoked. `);
  return (
    <section aria-labelledby="certificates-heading">
      <h2 id="certificates-heading">Certificates</h2>
      <LoadState loaded={loaded} what="the certificates" />
      {certificates && certificates.length === 0 ? (
        <p class="muted">The CSMS CA has issued this charger no certificate.</p>
      ) : null}
      {certificates?.length && refused ? <p class="muted">{refused}</p> : null}
      <div aria-live="polite">
        <OutcomeNotice outcome={outcome} />
      </div>
      {certificates?.length ? (
        <DataTable
          columns={[
            'Serial number',
            'Subject',
            'Issuer',
            'Valid from',
            'Valid until',
            'SHA-256',
            'Charger',
            'Revocation',
            ...(refused ? [] : ['Actions']),
          ]}
        >
          {certificates.map((c) => (
            <tr key={c.serialNumber}>
              <td class="wrap">{c.serialNumber}</td>
              <td class="wrap">{c.subject}</td>
              <td class="wrap">{c.issuer}</td>
              <td>{formatDateTime(c.notBefore, zone)}</td>
              <td>{formatDateTime(c.notAfter, zone)}</td>
              <td title={c.sha256}>{c.sha256.slice(0, 16)}…</td>
              <td>{c.deliveryStatus}</td>
              <td>
                {c.revoked ? (
                  <span class="badge badge-fault" title={c.revokedAt ? formatDateTime(c.revokedAt, zone) : undefined}>
                    Revoked
                  </span>
                ) : (
                  '—'
                )}
              </td>
              {refused ? null : (
                <td class="actions">
                  {revocable(c) ? (
                    <ConfirmButton
                      label="Revoke"
                      name={`Revoke certificate ${c.serialNumber}`}
                      question={`Revoke certificate ${c.serialNumber}? The charger's connections with it are refused from the next one on; this cannot be undone.`}
                      confirm="Yes, revoke"
                      disabled={busy}
                      onConfirm={() => revoke(c)}
                    />
                  ) : null}
                </td>
              )}
            </tr>
          ))}
        </DataTable>
      ) : null}
    </section>
  );
}

/**
 * Whether the console offers to revoke `certificate`: one the charger installed (it answered
 * CertificateSigned `Accepted`) and not revoked yet. The listing does not say whether it was stored
 * with its CA's key ID; the API answers 409 for one without, shown as any refusal.
 */
const revocable = (certificate: ChargerCertificate): boolean =>
  certificate.deliveryStatus === 'Accepted' && !certificate.revoked;

/** The charger's security events, the critical ones marked. */
function SecurityEventsSection(props: { charger: Charger }) {
  const path = `/api/chargers/${props.charger.id}/security-events`;
  const loaded = useRead<SecurityEventList>(path);
  const zone = props.charger.site.timezone;
  const events = loaded.data?.data;
  return (
    <section aria-labelledby="security-events-heading">
      <h2 id="security-events-heading">Security events</h2>
      <LoadState loaded={loaded} what="the security events" />
      {events && events.length === 0 ? <p class="muted">No security event so far.</p> : null}
      {events?.length ? (
        <DataTable columns={['Time', 'Type', 'Critical', 'Details', 'From']}>
          {events.map((e) => (
            <tr key={`${e.timestamp}-${e.type}`}>
              <td>{formatDateTime(e.timestamp, zone)}</td>
              <td>{e.type}</td>
              <td>{e.critical ? 'critical' : ''}</td>
              <td class="wrap">{e.techInfo ?? ''}</td>
              <td>{e.source === 'csms' ? 'CSMS' : 'charger'}</td>
            </tr>
          ))}
        </DataTable>
      ) : null}
    </section>
  );
}
