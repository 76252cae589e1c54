/**
 * Who a charger's message comes from, as the charging domain needs to know it: the OCPP bridge
 * (`shared/ocpp/connection.ts`) resolves each WebSocket connection to this.
 */
import type { ChargerType } from '../smart-charging/types';

/**
 * An OCPP-J WebSocket subprotocol (`Sec-WebSocket-Protocol`, agreed at the handshake): the OCPP
 * version a charger speaks, 1.6-J or 2.0.1. The one OCPP protocol type of the project: the OCPP
 * bridge, the command path and the simulator all use it.
 */
export type OcppProtocol = 'ocpp1.6' | 'ocpp2.0.1';

/** The charger behind a connection, and the connection. */
export interface ChargerConnection {
  /** API Gateway's connectionId. */
  connectionId: string;
  chargerId: number;
  organizationId: number;
  siteId: number;
  chargerType: ChargerType;
  /** The OCPP identity (OCPP's ocppId). */
  ocppId: string;
  protocol: OcppProtocol;
}
