/**
 * Charger, port and site resources as the API answers them (spec §2.3, §4.5; reference notes
 * "Sites"): shared by the `chargers` and `sites` route groups.
 */
import * as z from 'zod';
import { conformsTo, EmbeddedVehicle } from './common';
import type * as views from '../../chargers';
import { CHARGER_TYPES } from '../../smart-charging';

const timestamped = <T extends z.ZodType>(value: T) => z.object({ value, timestamp: z.string() });

/** A reading with its own timestamp, `{ value, timestamp }`. */
export const Reading = timestamped(z.number()).meta({ id: 'Reading' });

/** Spec §2.3 "Current charging session". */
export const CurrentChargingSession = conformsTo<views.CurrentChargingSession>()(
  z
    .object({
      id: z.number().int(),
      startTime: z.string(),
      socStartPercent: z.number().nullable(),
      energyDeliveredKwh: z.number(),
      ocppIdTag: z.string().nullable(),
      ocppTransactionId: z.number().int().nullable(),
      latestReadings: z.object({
        powerKw: Reading.nullable(),
        currentA: Reading.nullable(),
        socPercent: Reading.nullable(),
        voltage: Reading.nullable(),
      }),
      vehicle: EmbeddedVehicle.nullable(),
      rfid: z.object({ id: z.number().int(), name: z.string() }).nullable(),
      customer: z.object({ name: z.string() }).nullable(),
    })
    .meta({ id: 'CurrentChargingSession' }),
);

/** Spec §2.3 OCPP status of a port, as last reported by StatusNotification. */
export const OcppStatus = z
  .object({
    status: z.string().meta({ example: 'Available' }),
    timestamp: z.string(),
    errorCode: z.string().meta({ example: 'NoError' }),
    vendorErrorCode: z.string().nullable(),
    info: z.string().nullable(),
  })
  .meta({ id: 'OcppStatus' });

/** Connector types the API knows (spec §2.3). */
export const ConnectorType = z.enum(['CCS1', 'J1772', 'NACS']).meta({ id: 'ConnectorType' });

/** Charger types (spec §2.3). */
export const ChargerType = z.enum(CHARGER_TYPES).meta({ id: 'ChargerType' });

/** Spec §2.3 Port. */
export const Port = conformsTo<views.Port>()(
  z
    .object({
      id: z.number().int(),
      name: z.string(),
      portNumber: z.number().int().meta({ description: 'OCPP 1.6 connectorId / OCPP 2.0.1 evseId' }),
      maximumPowerKw: z.number().nullable(),
      connectorType: ConnectorType,
      ocppStatus: OcppStatus.nullable(),
      currentChargingSession: CurrentChargingSession.nullable(),
    })
    .meta({ id: 'Port' }),
);

/** `{ id, name, address, timezone }` of a charger's site (spec §2.3). */
export const SiteSummary = z
  .object({
    id: z.number().int(),
    name: z.string(),
    address: z.string().nullable(),
    timezone: z.string().meta({ example: 'America/New_York' }),
  })
  .meta({ id: 'SiteSummary' });

/** `{ id, name }` of the owning organization. */
export const OrganizationSummary = z
  .object({ id: z.number().int(), name: z.string() })
  .meta({ id: 'OrganizationSummary' });

/** The site's tariff as last sent to an OCPP 2.1 station as its default tariff (docs/tariffs.md). */
export const DefaultTariff = z
  .object({
    tariffId: z.string().meta({
      description: "OCPP 2.1 tariffId, one per version of the site's tariff",
      example: 'site-3-2026-12-06T10:04:05.123Z',
    }),
    tariffUpdatedAt: z.string().nullable().meta({
      format: 'date-time',
      description:
        "The version: the site tariff's updatedAt (GET /api/sites/{siteId}/tariff has the current one's); null for an id of another form",
    }),
    status: z.string().meta({
      description: "The station's SetDefaultTariff status",
      example: 'Accepted',
    }),
    held: z.boolean().meta({ description: 'Whether the station holds it: it answered Accepted or DuplicateTariffId' }),
    timestamp: z.string().meta({ format: 'date-time', description: 'When the station answered' }),
  })
  .meta({ id: 'DefaultTariff' });

/** Spec §2.3 Charger. */
export const Charger = conformsTo<views.Charger>()(
  z
    .object({
      id: z.number().int(),
      name: z.string(),
      manufacturer: z.string().nullable(),
      model: z.string().nullable(),
      serialNumber: z.string().nullable(),
      firmwareVersion: z.string().nullable(),
      latitude: z.number().nullable(),
      longitude: z.number().nullable(),
      externalId: z.string().nullable(),
      ocppId: z.string().nullable(),
      type: ChargerType,
      powerSharing: z.boolean().meta({ description: 'true when the charger has more than one port' }),
      ocppPasswordSet: z.boolean().meta({
        description:
          'Whether the charger has an OCPP Basic-auth password; without one, anyone who knows its OCPP identity ' +
          'can connect as it (set one with POST /api/chargers/{id}/password)',
      }),
      securityProfile: z.union([z.literal(1), z.literal(2), z.literal(3)]).meta({
        description:
          'OCPP security profile the charger is set to: 1 and 2 connect with the Basic-auth password, 3 with a ' +
          'client certificate the CSMS trusts, whose CN is the ocppId (the password alone is then refused). ' +
          'Default 2; set with PUT /api/chargers/{id}/security-profile',
      }),
      ocppProtocol: z
        .enum(['ocpp1.6', 'ocpp2.0.1', 'ocpp2.1'])
        .nullable()
        .meta({
          description:
            'OCPP-J version of its current or last connection (the WebSocket subprotocol negotiated at connect: ' +
            'ocpp2.1 over ocpp2.0.1 over ocpp1.6); null until it first connects',
        }),
      defaultTariff: DefaultTariff.nullable().meta({
        description:
          "OCPP 2.1 (SetDefaultTariff): the site's tariff as last sent to the station; null when it was sent none, or the one it held was cleared",
      }),
      tariffsSupported: z.boolean().nullable().meta({
        description:
          'Whether the station takes tariffs: null unless its connection is OCPP 2.1; false when it answered that it takes none, until its next boot',
      }),
      connectionStatus: z
        .object({ status: z.string().meta({ example: 'Connected' }), timestamp: z.string() })
        .nullable()
        .meta({ description: 'null until the charger first connects' }),
      numberOfPorts: z.number().int(),
      ports: z.array(Port),
      site: SiteSummary,
      organization: OrganizationSummary,
    })
    .meta({ id: 'Charger' }),
);

/** `GET /api/chargers/...` response. */
export const ChargerResponse = z.object({ data: Charger });

/** A site with its chargers (reference notes, "Sites"). */
export const SiteWithChargers = conformsTo<views.SiteWithChargers>()(
  z
    .object({
      id: z.number().int(),
      name: z.string(),
      address: z.string().nullable(),
      timezone: z.string(),
      organization: OrganizationSummary,
      chargers: z.array(Charger),
    })
    .meta({ id: 'SiteWithChargers' }),
);

/** `GET /api/sites` response: every site of the key's organization (a site key: its site). */
export const SitesResponse = z.object({ data: z.array(SiteWithChargers) });

/** Spec §2.3 Port. */
export type Port = views.Port;
/** Spec §2.3 Charger. */
export type Charger = views.Charger;
/** A site with its chargers. */
export type SiteWithChargers = views.SiteWithChargers;
/** Spec §2.3 current charging session. */
export type CurrentChargingSession = views.CurrentChargingSession;
