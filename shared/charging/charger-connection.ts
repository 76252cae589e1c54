/**
 * Who a charger's message comes from, as the charging domain needs to know it: the OCPP bridge
 * (`shared/ocpp/connection.ts`) resolves each WebSocket connection to this.
 */

/** OCPP-J subprotocol of a connection. */
export type OcppProtocolName = 'ocpp1.6' | 'ocpp2.0.1';

/** The charger behind a connection, and the connection. */
export interface ChargerConnection {
  /** API Gateway's connectionId. */
  connectionId: string;
  chargerId: number;
  organizationId: number;
  siteId: number;
  chargerType: 'DCFC' | 'Level 2';
  /** The OCPP identity (OCPP's ocppId). */
  ocppId: string;
  protocol: OcppProtocolName;
}
