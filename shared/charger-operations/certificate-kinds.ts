/**
 * The certificate management operation kinds (docs/certificates.md, "Certificate management"):
 * install a root certificate (2.0.1 M05; 1.6 security whitepaper), list the installed ones (2.0.1
 * M03), delete one by its hash data (2.0.1 M04). Their bodies are in `inputs.ts` (the certificate
 * checked to be PEM there, before anything is written), their commands in
 * `shared/ocpp/commands/certificate-operations.ts`; what each version takes comes with the charger
 * (`VersionInputs`): the CSMS root's two names are one type (`certificateTypeTaken`).
 */
import type { InstalledCertificate } from './commands';
import { NotTakenByChargerError } from './errors';
import type { OperationInput } from './inputs';
import { outcomeOf, type OperationKind, type TargetOutcome } from './kinds';
import { certificateTypeTaken } from './version-inputs';

/**
 * InstallCertificate: `Accepted` is accepted; `Rejected` and `Failed` rejected. The type is sent
 * by the charger's version's name.
 */
export const installCertificate: OperationKind<OperationInput<'installCertificate'>> = {
  action: 'installCertificate',
  check(request, { chargerId, connection: { takes } }) {
    if (!certificateTypeTaken(request.certificateType, takes.installCertificateTypes)) {
      const types = takes.installCertificateTypes.join(', ');
      throw new NotTakenByChargerError('certificateType', chargerId, `its OCPP version installs ${types}`);
    }
  },
  async perform({ commands, request, target, charger }) {
    const certificateType = certificateTypeTaken(
      request.certificateType,
      charger.connection.takes.installCertificateTypes,
    );
    return outcomeOf(
      await commands.send(target.chargerId, 'InstallCertificate', {
        certificateType: certificateType ?? request.certificateType,
        certificate: request.certificate,
      }),
    );
  },
};

/**
 * GetInstalledCertificateIds: the certificates listed, `accepted` also for `NotFound` (none
 * installed: an answer, not a refusal). A 1.6 charger is asked once per type (its request names
 * one), every type of its version when none is given, and its answers are merged; a CALLERROR to
 * any of them is the result.
 */
export const getInstalledCertificateIds: OperationKind<OperationInput<'getInstalledCertificateIds'>> = {
  action: 'getInstalledCertificateIds',
  check(request, { chargerId, connection: { takes } }) {
    for (const type of request.certificateTypes ?? []) {
      if (!certificateTypeTaken(type, takes.certificateIdTypes)) {
        const types = takes.certificateIdTypes.join(', ');
        throw new NotTakenByChargerError('certificateTypes', chargerId, `its OCPP version lists ${types}`);
      }
    }
  },
  async perform({ commands, request, target, charger }) {
    const { takes } = charger.connection;
    const asked = request.certificateTypes?.map((type) => certificateTypeTaken(type, takes.certificateIdTypes) ?? type);
    // One type per request in 1.6 (its types are the version's whole list when none is asked for).
    const calls = takes.certificateIdTypesPerCall === 1 ? (asked ?? takes.certificateIdTypes).map((t) => [t]) : [asked];
    const installedCertificates: InstalledCertificate[] = [];
    const statuses: string[] = [];
    let answer: Record<string, unknown> | undefined;
    for (const types of calls) {
      const sent = await commands.send(
        target.chargerId,
        'GetInstalledCertificateIds',
        types ? { certificateTypes: types } : {},
      );
      if (!sent.ok) return outcomeOf(sent);
      statuses.push(sent.result.ocppStatus);
      answer = calls.length === 1 ? sent.result.answer : undefined;
      for (const listed of sent.result.installedCertificates) {
        installedCertificates.push({ ...listed, certificateType: listed.certificateType ?? types![0]! });
      }
    }
    const ocppStatus = statuses.includes('Accepted') ? 'Accepted' : (statuses[0] ?? 'NotFound');
    const listedAll = statuses.every((s) => s === 'Accepted' || s === 'NotFound');
    const outcome: TargetOutcome = { status: listedAll ? 'accepted' : 'rejected', ocppStatus, installedCertificates };
    return answer ? { ...outcome, answer } : outcome;
  },
};

/** DeleteCertificate: `Accepted` is accepted; `Failed` and `NotFound` rejected. */
export const deleteCertificate: OperationKind<OperationInput<'deleteCertificate'>> = {
  action: 'deleteCertificate',
  async perform({ commands, request, target }) {
    return outcomeOf(
      await commands.send(target.chargerId, 'DeleteCertificate', { certificateHashData: request.certificateHashData }),
    );
  },
};
