/**
 * Stands in for `@aws-sdk/credential-provider-node` in the Lambda bundles (an esbuild alias set by
 * `lib/aws/functions.ts`). Lambda always gives a function its role's credentials in the
 * environment (`AWS_ACCESS_KEY_ID`, `AWS_SECRET_ACCESS_KEY`, `AWS_SESSION_TOKEN`), which is the
 * first source the SDK's default chain tries; the rest of the chain (SSO, profiles, web identity,
 * container and instance metadata) would only add about 100 kB of code that never runs there.
 * Local tools and tests import the real chain.
 */
export { fromEnv as defaultProvider } from '@aws-sdk/credential-provider-env';
