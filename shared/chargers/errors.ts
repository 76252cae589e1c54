/** Domain errors of chargers, ports and sites. */
import { ConflictError, InvalidError, NotFoundError } from '../errors';

/** No site has this ID (in this organization, or visible to the caller). */
export class SiteNotFoundError extends NotFoundError {
  constructor(siteId: number, organizationId?: number) {
    super(
      organizationId === undefined
        ? `Site ${siteId} not found`
        : `Site ${siteId} not found in organization ${organizationId}`,
      'siteId',
      'not found',
    );
  }
}

/** No charger matches (or none the caller may see: same answer). */
export class ChargerNotFoundError extends NotFoundError {
  /** @param reference the ID, external ID or OCPP identity asked for */
  constructor(reference: number | string) {
    super(`Charger ${JSON.stringify(reference)} not found`);
  }
}

/** The charger holds no certificate the CSMS CA issued with this serial number. */
export class ChargerCertificateNotFoundError extends NotFoundError {
  constructor(chargerId: number, serialNumber: string) {
    super(
      `Charger ${chargerId} has no certificate with serial number ${serialNumber}`,
      'serialNumber',
      "not one of the charger's certificates",
    );
  }
}

/**
 * The certificate was stored without its CA's key ID: which
 * CA's revocation list it belongs to is not known, so it cannot be revoked here.
 */
export class CertificateCaUnknownError extends ConflictError {
  constructor(serialNumber: string) {
    super(
      `Certificate ${serialNumber} was stored without its CA's key ID: which CA's revocation list it belongs to is not known, so it cannot be revoked here; renew the charger's certificate (docs/certificates.md, "Revoking a certificate")`,
      'serialNumber',
      'issuing CA not recorded',
    );
  }
}

/** No port has this ID (or none the caller may see). */
export class PortNotFoundError extends NotFoundError {
  constructor(portId: number) {
    super(`Port ${portId} not found`, 'portId', 'not found');
  }
}

/** The OCPP identity (1.6's Charge Point identity, 2.0.1's Charging Station identity) is registered already: it is unique across the deployment. */
export class OcppIdTakenError extends ConflictError {
  constructor(ocppId: string) {
    super(`OCPP identity ${ocppId} is already registered`, 'ocppId', 'already registered');
  }
}

/** The external ID (network station ID) is used by another charger of the organization. */
export class ExternalIdTakenError extends ConflictError {
  constructor(externalId: string) {
    super(`External ID ${externalId} is already used in this organization`, 'externalId', 'already used');
  }
}

/** An update that names no field. */
export class NothingToUpdateError extends InvalidError {
  constructor() {
    super('input', 'give at least one field', 'Nothing to update: give at least one field');
  }
}
