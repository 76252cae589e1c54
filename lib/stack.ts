/**
 * The charging network on AWS (ARCHITECTURE.md, "Shape"): one table, the OCPP WebSocket API, the
 * integrators' HTTP API and the CloudFront distribution that puts both on one domain.
 */
import { CfnOutput, Stack, type StackProps } from 'aws-cdk-lib';
import type { Construct } from 'constructs';
import { OperatorConsole } from './constructs/console';
import { EdgeDistribution } from './constructs/edge';
import { IntegratorApi } from './constructs/http-api';
import { OcppApi } from './constructs/ocpp-api';
import { NetworkTable } from './constructs/table';

/**
 * Composes the constructs and outputs the URLs to use: `ApiUrl` (integrators), `OcppUrl`
 * (chargers append `/<chargePointId>`), `TableName`, and the APIs' own endpoints for debugging.
 */
export class ChargingNetworkStack extends Stack {
  /** The single DynamoDB table. */
  public readonly table: NetworkTable;
  /** The OCPP WebSocket API. */
  public readonly ocppApi: OcppApi;
  /** The integrators' HTTP API. */
  public readonly httpApi: IntegratorApi;
  /** CloudFront in front of both. */
  public readonly edge: EdgeDistribution;
  /** The operator console's bucket and behaviours (at `/` and `/api/docs`). */
  public readonly operatorConsole: OperatorConsole;

  constructor(scope: Construct, id: string, props?: StackProps) {
    super(scope, id, {
      description: 'Charging network management: HTTP API for integrators, OCPP endpoint for chargers',
      ...props,
    });

    this.table = new NetworkTable(this, 'Data');
    // Created before the HTTP API so that HTTP command functions can be granted its connections.
    this.ocppApi = new OcppApi(this, 'OcppApi', { table: this.table });
    this.httpApi = new IntegratorApi(this, 'HttpApi', { table: this.table, ocppApi: this.ocppApi });
    this.operatorConsole = new OperatorConsole(this, 'Console');
    this.edge = new EdgeDistribution(this, 'Edge', {
      httpApiDomainName: this.httpApi.domainName,
      webSocketApiDomainName: this.ocppApi.domainName,
      console: this.operatorConsole,
    });

    new CfnOutput(this, 'ConsoleUrl', { value: `https://${this.edge.domainName}/`, description: 'Operator console (API reference at /api/docs)' });
    new CfnOutput(this, 'ApiUrl', { value: this.edge.apiUrl, description: 'HTTP API base URL for integrators' });
    new CfnOutput(this, 'OcppUrl', {
      value: this.edge.ocppUrl,
      description: 'OCPP-J endpoint; a charger connects to <OcppUrl>/<chargePointId>',
    });
    new CfnOutput(this, 'TableName', { value: this.table.tableName, description: 'DynamoDB table' });
    new CfnOutput(this, 'HttpApiEndpoint', {
      value: this.httpApi.endpoint,
      description: 'HTTP API without CloudFront (debugging)',
    });
    new CfnOutput(this, 'WebSocketApiEndpoint', {
      value: this.ocppApi.endpoint,
      description: 'WebSocket stage without CloudFront (debugging; add ?chargePointId=<id>)',
    });
  }
}
