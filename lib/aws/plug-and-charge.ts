/**
 * Plug & Charge on AWS (docs/certificates.md "Plug & Charge over OCPP"): the certificate status
 * function (`lambdas/certificates/status.ts`), which `$default` invokes synchronously for
 * GetCertificateStatus, Authorize with a contract certificate and Get15118EVCertificate. It holds
 * the X.509 and OCSP code the message function's bundle cannot; it reads nothing from the table and
 * may do nothing but log (its OCSP requests go to the responders' public URLs). Only the message
 * function may invoke it.
 */
import { Duration } from 'aws-cdk-lib';
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { Construct } from 'constructs';
import { createFunction } from './functions';
import { grantStart } from './table-functions';
import { PLUG_AND_CHARGE_ENV } from '../../shared/ocpp/certificate-status';

/** Properties of {@link PlugAndCharge}. */
export interface PlugAndChargeProps {
  /** The message function (`$default`), the only one that may invoke the status function. */
  readonly messageFunction: NodejsFunction;
  /**
   * The V2G and MO root certificates (PEM) contract certificates and OCSP responders must chain to
   * (`PNC_TRUST_ANCHORS`).
   * @default none: no OCSP answer is believed, every contract's status is the fallback
   */
  readonly trustAnchors?: string;
  /**
   * A contract's status when its OCSP responder cannot be asked (`OCSP_FALLBACK_STATUS`), set on
   * both functions (the message function answers it when the status function cannot be invoked).
   * @default 'unknown'
   */
  readonly ocspFallbackStatus?: 'good' | 'unknown';
  /** X-Ray active tracing. @default false */
  readonly tracing?: boolean;
}

/** The certificate status function and who may invoke it. */
export class PlugAndCharge extends Construct {
  /** The certificate status function. */
  public readonly statusFunction: NodejsFunction;

  constructor(scope: Construct, id: string, props: PlugAndChargeProps) {
    super(scope, id);
    const fallback = props.ocspFallbackStatus ?? 'unknown';
    this.statusFunction = createFunction(this, 'Status', {
      entry: 'lambdas/certificates/status.ts',
      description: "Plug & Charge: contract certificates' OCSP status and contract certificate requests",
      // The OCSP request waits at most 5 s; `$default` waits 8 s for the answer.
      timeout: Duration.seconds(8),
      memorySize: 512,
      environment: {
        [PLUG_AND_CHARGE_ENV.fallbackStatus]: fallback,
        ...(props.trustAnchors ? { [PLUG_AND_CHARGE_ENV.trustAnchors]: props.trustAnchors } : {}),
      },
      tracing: props.tracing,
    });
    grantStart(this.statusFunction, props.messageFunction, PLUG_AND_CHARGE_ENV.functionName);
    props.messageFunction.addEnvironment(PLUG_AND_CHARGE_ENV.fallbackStatus, fallback);
  }
}
