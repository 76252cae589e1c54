/**
 * Who a charger's message comes from, as the charging domain needs to know it: the OCPP bridge
 * (`shared/ocpp/connection.ts`) resolves each WebSocket connection to this.
 */
import type { OcppProtocol } from '../db/entities/common';
import type { ChargerType } from '../smart-charging/types';

/** The charger behind a connection, and the connection. */
export interface ChargerConnection {
  /** API Gateway's connectionId. */
  connectionId: string;
  chargerId: number;
  organizationId: number;
  siteId: number;
  chargerType: ChargerType;
  /** The OCPP identity (1.6's Charge Point identity, 2.0.1's Charging Station identity). */
  ocppId: string;
  protocol: OcppProtocol;
}
