/**
 * The CDK app (`cdk.json`: `npx tsx bin/app.ts`): the `ChargingNetwork` stack, checked by cdk-nag's
 * AWS Solutions rules on every synth. cdk-nag 3 is a CDK policy-validation plugin: any
 * unacknowledged finding fails `cdk synth` / `cdk deploy`. Acknowledgements sit next to the
 * resources they concern (lib/aws), each with its reason.
 *
 * The account and region come from the CLI's environment (`CDK_DEFAULT_ACCOUNT`,
 * `CDK_DEFAULT_REGION`); unset, the stack is environment-agnostic, which is how it synthesises
 * offline. The optional stack props (custom domain, web ACL, alarm topic, tracing, …) come from
 * CDK context, e.g. `npx cdk deploy -c alarmTopicArn=arn:aws:sns:… -c tracing=true`
 * (`stackPropsFromContext` in `lib/aws/stack.ts`).
 */
import { App, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { ChargingNetworkStack, stackPropsFromContext } from '../lib/aws/stack';

const app = new App();
new ChargingNetworkStack(app, 'ChargingNetwork', {
  env: { account: process.env.CDK_DEFAULT_ACCOUNT, region: process.env.CDK_DEFAULT_REGION },
  ...stackPropsFromContext((key) => app.node.tryGetContext(key)),
});
Validations.of(app).addPlugins(new AwsSolutionsChecks(app, { verbose: true }));
