/**
 * The spec §2.3 read model of chargers, ports and the session in progress on each port, built
 * from the stored items: what `GET /api/chargers/…`, `GET /api/sites` and the operator CLI show.
 */
import { type SecurityProfile, securityProfileOf } from '../db/entities/chargers';
import type { OcppProtocol } from '../db/entities/common';
import type { ChargerItem, PortItem } from './items';
import { energyDeliveredKwh } from '../metering/meter-values';
import { embeddedVehicle } from '../access/views';
import type { ChargerType } from '../smart-charging/types';
import { defaultTariffOf, tariffsSupportedOf, type DefaultTariff } from './default-tariff';

/** A reading with its own timestamp (spec §2.3 `latestReadings.*`). */
export interface Reading {
  value: number;
  /** ISO 8601 UTC. */
  timestamp: string;
}

/** Spec §2.3 "Current charging session". */
export interface CurrentChargingSession {
  id: number;
  startTime: string;
  socStartPercent: number | null;
  energyDeliveredKwh: number;
  ocppIdTag: string | null;
  ocppTransactionId: number | null;
  /** kW, A, %, V. */
  latestReadings: {
    powerKw: Reading | null;
    currentA: Reading | null;
    socPercent: Reading | null;
    voltage: Reading | null;
  };
  vehicle: { id: number; make: string | null; model: string | null; name: string | null; vin: string | null } | null;
  rfid: { id: number; name: string } | null;
  customer: { name: string } | null;
}

/** Spec §2.3 OCPP status of a port, as last reported by StatusNotification. */
export interface OcppStatus {
  status: string;
  timestamp: string;
  errorCode: string;
  vendorErrorCode: string | null;
  info: string | null;
}

/** Spec §2.3 Port. `portNumber` is the OCPP 1.6 connectorId / 2.0.1 evseId. */
export interface Port {
  id: number;
  name: string;
  portNumber: number;
  maximumPowerKw: number | null;
  connectorType: 'CCS1' | 'J1772' | 'NACS';
  ocppStatus: OcppStatus | null;
  currentChargingSession: CurrentChargingSession | null;
}

/** `{ id, name, address, timezone }` of a charger's site (spec §2.3). */
export interface SiteSummary {
  id: number;
  name: string;
  address: string | null;
  /** IANA time zone. */
  timezone: string;
}

/** Spec §2.3 Charger. */
export interface Charger {
  id: number;
  name: string;
  manufacturer: string | null;
  model: string | null;
  serialNumber: string | null;
  firmwareVersion: string | null;
  latitude: number | null;
  longitude: number | null;
  externalId: string | null;
  ocppId: string | null;
  type: ChargerType;
  powerSharing: boolean;
  /**
   * Whether the charger has an OCPP Basic-auth password. Without one, anyone who knows its OCPP
   * identity can connect as it (docs/charger-credentials.md).
   */
  ocppPasswordSet: boolean;
  /**
   * The OCPP security profile it is set to: 1 and 2 connect with the Basic-auth password, 3 with a
   * client certificate (docs/certificates.md). 2 unless set.
   */
  securityProfile: SecurityProfile;
  /**
   * The OCPP-J version of its current or last connection (the subprotocol `$connect` negotiated:
   * docs/ocpp.md, "Connecting"); null until it first connects.
   */
  ocppProtocol: OcppProtocol | null;
  /**
   * The site's tariff as last sent to the OCPP 2.1 station as its default tariff (SetDefaultTariff,
   * I07), with its answer and whether it holds it; null when it was sent none, or the one it held
   * was cleared (docs/tariffs.md, "OCPP 2.1 stations").
   */
  defaultTariff: DefaultTariff | null;
  /**
   * Whether the station takes tariffs: null unless its connection is OCPP 2.1 (no tariff messages
   * before), false when it answered it takes none (until its next boot).
   */
  tariffsSupported: boolean | null;
  connectionStatus: { status: string; timestamp: string } | null;
  numberOfPorts: number;
  ports: Port[];
  site: SiteSummary;
  organization: { id: number; name: string };
}

/** A site with its chargers (reference notes, "Sites"). */
export interface SiteWithChargers extends SiteSummary {
  organization: { id: number; name: string };
  chargers: Charger[];
}

/** Spec §2.3 Port from its stored item; absent optional values become null. */
export function toPort(item: PortItem): Port {
  return {
    id: item.portId,
    name: item.name,
    portNumber: item.portNumber,
    maximumPowerKw: item.maximumPowerKw ?? null,
    connectorType: item.connectorType,
    ocppStatus: item.ocppStatus
      ? {
          status: item.ocppStatus.status,
          timestamp: item.ocppStatus.timestamp,
          errorCode: item.ocppStatus.errorCode,
          vendorErrorCode: item.ocppStatus.vendorErrorCode ?? null,
          info: item.ocppStatus.info ?? null,
        }
      : null,
    currentChargingSession: item.currentChargingSession ? toCurrentChargingSession(item.currentChargingSession) : null,
  };
}

/**
 * Spec §2.3 "Current charging session" from a port's session snapshot. `ocppTransactionId` is the
 * OCPP transactionId when it is an integer (always for 1.6; for 2.0.1 only when the charger's
 * string is numeric), else null.
 */
export function toCurrentChargingSession(
  session: NonNullable<PortItem['currentChargingSession']>,
): CurrentChargingSession {
  const reading = (r: { value: number; timestamp: string } | undefined) =>
    r ? { value: r.value, timestamp: r.timestamp } : null;
  return {
    id: session.sessionId,
    startTime: session.startTime,
    socStartPercent: session.socStartPercent ?? null,
    energyDeliveredKwh: energyDeliveredKwh(session),
    ocppIdTag: session.idTag ?? null,
    ocppTransactionId: /^[0-9]{1,15}$/.test(session.ocppTransactionId) ? Number(session.ocppTransactionId) : null,
    latestReadings: {
      powerKw: reading(session.powerKw),
      currentA: reading(session.currentA),
      socPercent: reading(session.socPercent),
      voltage: reading(session.voltage),
    },
    vehicle: session.vehicle ? embeddedVehicle(session.vehicle) : null,
    rfid: session.rfid ? { id: session.rfid.id, name: session.rfid.name } : null,
    customer: session.customerName ? { name: session.customerName } : null,
  };
}

/** Spec §2.3 Charger from its stored items; absent optional values become null. */
export function toCharger(item: ChargerItem, ports: PortItem[]): Charger {
  return {
    id: item.chargerId,
    name: item.name,
    manufacturer: item.manufacturer ?? null,
    model: item.model ?? null,
    serialNumber: item.serialNumber ?? null,
    firmwareVersion: item.firmwareVersion ?? null,
    latitude: item.latitude ?? null,
    longitude: item.longitude ?? null,
    externalId: item.externalId ?? null,
    ocppId: item.ocppId ?? null,
    type: item.type,
    powerSharing: ports.length > 1,
    ocppPasswordSet: item.passwordHash !== undefined,
    securityProfile: securityProfileOf(item),
    ocppProtocol: item.ocppProtocol ?? null,
    defaultTariff: defaultTariffOf(item),
    tariffsSupported: tariffsSupportedOf(item),
    connectionStatus: item.connectionStatus
      ? { status: item.connectionStatus.status, timestamp: item.connectionStatus.timestamp }
      : null,
    numberOfPorts: ports.length,
    ports: ports.map(toPort),
    site: { id: item.siteId, name: item.siteName, address: item.siteAddress ?? null, timezone: item.siteTimezone },
    organization: { id: item.organizationId, name: item.organizationName },
  };
}

/** Groups ports under their chargers, both ordered by ID / port number. */
export function groupChargers(chargers: ChargerItem[], ports: PortItem[]): Charger[] {
  const byCharger = new Map<number, PortItem[]>();
  for (const port of ports) byCharger.set(port.chargerId, [...(byCharger.get(port.chargerId) ?? []), port]);
  return [...chargers]
    .sort((a, b) => a.chargerId - b.chargerId)
    .map((c) =>
      toCharger(
        c,
        (byCharger.get(c.chargerId) ?? []).sort((a, b) => a.portNumber - b.portNumber),
      ),
    );
}
