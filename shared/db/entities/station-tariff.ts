/**
 * Attributes of a charger (`./chargers.ts`) that keep an OCPP 2.1 station's default tariff the
 * site's (docs/tariffs.md, "OCPP 2.1 stations"; `shared/charging/tariff-updates.ts`): what it was
 * last sent, and whether it takes tariffs at all.
 */

/** The charger attributes of the station tariff. */
export const stationTariffAttributes = {
  /**
   * `unsupported`: the 2.1 station answered SetDefaultTariff, ClearTariffs or
   * ChangeTransactionTariff with CALLERROR NotSupported or NotImplemented, or SetDefaultTariff
   * `Rejected`, so it is sent no tariff message again; a BootNotification forgets it.
   */
  tariffSupport: { type: ['unsupported'] as const },
  /**
   * The site's tariff as last sent to the 2.1 station (SetDefaultTariff): its `tariffId`
   * (`site-<siteId>-<updatedAt>`), the station's `status` word, the `bootAt` (`lastBootAt`) it was
   * sent after, and when (`at`, ISO 8601 UTC). Removed once a ClearTariffs of it is answered.
   */
  defaultTariff: {
    type: 'map',
    properties: {
      tariffId: { type: 'string', required: true },
      status: { type: 'string', required: true },
      bootAt: { type: 'string', required: true },
      at: { type: 'string', required: true },
    },
  },
} as const;
