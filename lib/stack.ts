/**
 * The charging network on AWS (ARCHITECTURE.md, "Shape"): one table, the OCPP WebSocket API, the
 * integrators' HTTP API and the CloudFront distribution that puts both on one domain.
 */
import { CfnOutput, Stack, type StackProps } from 'aws-cdk-lib';
import type { Construct } from 'constructs';
import { EdgeDistribution } from './constructs/edge';
import { IntegratorApi } from './constructs/http-api';
import { OcppApi } from './constructs/ocpp-api';
import { NetworkTable } from './constructs/table';
import { OriginVerifySecret } from './constructs/origin-verify';

/** Properties of {@link ChargingNetworkStack}. */
export interface ChargingNetworkStackProps extends StackProps {}

/**
 * Composes the constructs and outputs the URLs to use: `ApiUrl` (integrators), `OcppUrl`
 * (chargers append `/<chargePointId>`) and `TableName`. The APIs' own `execute-api` endpoints are
 * not output: they refuse requests that do not come through CloudFront.
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

  constructor(scope: Construct, id: string, props: ChargingNetworkStackProps = {}) {
    super(scope, id, {
      description: 'Charging network management: HTTP API for integrators, OCPP endpoint for chargers',
      ...props,
    });

    this.table = new NetworkTable(this, 'Data');
    const originVerify = new OriginVerifySecret(this, 'OriginVerify');
    // Created before the HTTP API so that HTTP command functions can be granted its connections.
    this.ocppApi = new OcppApi(this, 'OcppApi', { table: this.table, originVerify });
    this.httpApi = new IntegratorApi(this, 'HttpApi', { table: this.table, ocppApi: this.ocppApi, originVerify });
    this.edge = new EdgeDistribution(this, 'Edge', {
      httpApiDomainName: this.httpApi.domainName,
      webSocketApiDomainName: this.ocppApi.domainName,
      originCustomHeaders: originVerify.originCustomHeaders,
    });

    new CfnOutput(this, 'ApiUrl', { value: this.edge.apiUrl, description: 'HTTP API base URL for integrators' });
    new CfnOutput(this, 'OcppUrl', {
      value: this.edge.ocppUrl,
      description: 'OCPP-J endpoint; a charger connects to <OcppUrl>/<chargePointId>',
    });
    new CfnOutput(this, 'TableName', { value: this.table.tableName, description: 'DynamoDB table' });
  }
}
