/**
 * Upgrading a charger to security profile 3 (docs/certificates.md "Moving a fleet from profile 2 to
 * 3"), as one operation: OCPP 2.0.1 A05 (SetNetworkProfile of a profile 3 connection to the CSMS in
 * a slot, SetVariables `OCPPCommCtrlr.NetworkConfigurationPriority` with that slot first, Reset
 * `OnIdle`), OCPP 1.6 the security extension's `SecurityProfile` configuration key (the charger
 * reconnects with the new profile; `RebootRequired` is followed by a soft reset). Only a charger
 * that holds a current certificate of the CSMS CA is upgraded (else it could not connect again):
 * one it answered CertificateSigned `Accepted` for, issued for its TLS client use (or both uses),
 * not revoked (`latestCertificateEndingAfter`); otherwise `rejected` with `NoCertificate` and
 * nothing sent. Once the charger has taken the change, the
 * CSMS sets its `securityProfile` to 3, so that from its next connection it is refused without its
 * certificate, even with its password.
 */
import type { SettingChangeAnswer } from '../charger-configuration';
// The modules, not the face: the face would bring zod and every charger view into the worker.
import { latestCertificateEndingAfter } from '../chargers/certificates';
import { storeSecurityProfile } from '../chargers/security-profile';
import type { OperationInput } from './inputs';
import { outcomeOf, type OperationKind, type PerformContext, type TargetOutcome } from './kinds';

/** Seconds a charger waits for an answer on its new connection (2.0.1 `messageTimeout`). */
const MESSAGE_TIMEOUT_SECONDS = 30;

type Context = PerformContext<OperationInput<'upgradeSecurityProfile'>>;

/** The outcome of a settings change: accepted when every setting is Accepted or RebootRequired. */
function settingsOutcome(answers: SettingChangeAnswer[]): TargetOutcome {
  const statuses = answers.map((a) => a.status);
  const taken = statuses.length > 0 && statuses.every((s) => s === 'Accepted' || s === 'RebootRequired');
  return {
    status: taken ? 'accepted' : 'rejected',
    ocppStatus: statuses.find((s) => s !== 'Accepted') ?? 'Accepted',
  };
}

/** 2.0.1 A05: the profile in its slot, the slot first, then a reset when the charger is idle. */
async function upgrade201({ commands, request, target }: Context): Promise<TargetOutcome> {
  const { configurationSlot, ocppCsmsUrl } = request;
  const stored = outcomeOf(
    await commands.send(target.chargerId, 'SetNetworkProfile', {
      configurationSlot,
      ocppCsmsUrl,
      securityProfile: 3,
      messageTimeout: MESSAGE_TIMEOUT_SECONDS,
    }),
  );
  if (stored.status !== 'accepted') return stored;
  const priority = await commands.send(target.chargerId, 'ChangeSettings', {
    settings: [
      { component: { name: 'OCPPCommCtrlr' }, name: 'NetworkConfigurationPriority', value: String(configurationSlot) },
    ],
  });
  if (!priority.ok) return outcomeOf(priority);
  const prioritized = settingsOutcome(priority.result);
  if (prioritized.status !== 'accepted') return prioritized;
  return outcomeOf(await commands.send(target.chargerId, 'Reset', { type: 'OnIdle' }));
}

/** 1.6 security extension: the `SecurityProfile` key; a soft reset when the charger asks for one. */
async function upgrade16({ commands, target }: Context): Promise<TargetOutcome> {
  const changed = await commands.send(target.chargerId, 'ChangeSettings', {
    settings: [{ name: 'SecurityProfile', value: '3' }],
  });
  if (!changed.ok) return outcomeOf(changed);
  const outcome = settingsOutcome(changed.result);
  if (outcome.status !== 'accepted' || outcome.ocppStatus !== 'RebootRequired') return outcome;
  return outcomeOf(await commands.send(target.chargerId, 'Reset', { type: 'Soft' }));
}

/**
 * The upgrade: refused without a current certificate of the CSMS CA; then the version's steps;
 * then the charger's `securityProfile` set to 3 in the CSMS when the charger took them (a reset
 * answered `Scheduled` counts: it will reconnect with profile 3 once idle).
 */
export const upgradeSecurityProfile: OperationKind<OperationInput<'upgradeSecurityProfile'>> = {
  action: 'upgradeSecurityProfile',
  async perform(context) {
    const { db, target, charger } = context;
    if (!(await latestCertificateEndingAfter(db, target.chargerId, new Date().toISOString()))) {
      return {
        status: 'rejected',
        error: {
          code: 'NoCertificate',
          description:
            'The charger holds no current certificate of the CSMS CA: renew its certificate first (trigger-message SignChargingStationCertificate)',
        },
      };
    }
    const outcome = charger.connection.protocol === 'ocpp1.6' ? await upgrade16(context) : await upgrade201(context);
    if (outcome.status !== 'accepted' && outcome.status !== 'scheduled') return outcome;
    await storeSecurityProfile(db, target.chargerId, 3);
    return {
      ...outcome,
      status: 'accepted',
      note: 'The charger reconnects with its certificate (security profile 3); the CSMS now refuses it without one',
    };
  },
};
