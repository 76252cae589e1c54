/**
 * Import rules of the project, checked by `npm run lint:deps` (dependency-cruiser).
 *
 * Layers (README "Architecture", docs/architecture.md):
 * - the core: everything under `shared/` except the two adapters below. That is the bounded
 *   contexts (`access/`, `chargers/`, `charging/`, `departures/`, `organizations/`, `site-power/`,
 *   `smart-charging/`), the data layer they write through (`shared/db/`) and the cross-cutting
 *   modules (`shared/errors.ts`, `shared/logger.ts`, `shared/validation.ts`). `shared/db` counts as
 *   core on purpose: it sits below the domain, so it must know neither HTTP nor OCPP either.
 * - the adapters: `shared/api/` (HTTP: routes, request schemas, problem documents) and
 *   `shared/ocpp/` (OCPP: frames, validators, dispatch, commands). They import the core, never the
 *   reverse: where the core needs an adapter's service (sending a command to a charger), it
 *   declares an interface that the adapter implements and the Lambda entry point injects.
 * - the entry points: `lambdas/` (Lambda handlers), `bin/` (CLIs), `lib/` (CDK stack, local
 *   stack, simulator, console). Nothing in `shared/` imports them.
 */
/** The core: `shared/` without its HTTP and OCPP adapters. */
const CORE = '^shared/(?!api/|ocpp/)';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'core-not-to-api',
      severity: 'error',
      comment:
        'The domain and the data layer do not speak HTTP: they throw domain errors (shared/errors.ts) that ' +
        'shared/api maps to problem documents, and take an AccessScope, not the API principal.',
      from: { path: CORE },
      to: { path: '^shared/api/' },
    },
    {
      name: 'core-not-to-ocpp',
      severity: 'error',
      comment:
        'The domain does not speak OCPP: where it must reach a charger it depends on an interface ' +
        '(e.g. shared/charging/charger-commands.ts) that shared/ocpp implements.',
      from: { path: CORE },
      to: { path: '^shared/ocpp/' },
    },
    {
      name: 'db-not-to-domain',
      severity: 'error',
      comment: 'shared/db is the data layer under every bounded context: it imports none of them.',
      from: { path: '^shared/db/' },
      to: { path: '^shared/', pathNot: ['^shared/db/', '^shared/errors\\.ts$', '^shared/aws-clients\\.ts$'] },
    },
    {
      name: 'shared-not-to-entry-points',
      severity: 'error',
      comment: 'shared/ is imported by the entry points (lambdas/, bin/, lib/), never the reverse.',
      from: { path: '^shared/' },
      to: { path: '^(lambdas|bin|lib)/' },
    },
    {
      name: 'lambdas-not-to-tooling',
      severity: 'error',
      comment: 'Lambda handlers are bundled for AWS: they must not pull in the CLIs, the CDK or the local stack.',
      from: { path: '^lambdas/' },
      to: { path: '^(bin|lib)/' },
    },
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'No import cycles: a cycle means two modules are one concern, or one must depend on an interface.',
      from: { path: '^(shared|lambdas|lib|bin)/' },
      to: { circular: true },
    },
    {
      name: 'runtime-not-to-dev-dependencies',
      severity: 'error',
      comment:
        'Code that runs in a Lambda (lambdas/, shared/) imports only packages listed in "dependencies" ' +
        '(type-only imports of @types packages are fine: they vanish at build time).',
      from: { path: '^(lambdas|shared)/' },
      to: { dependencyTypes: ['npm-dev'], dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'not-to-unresolvable',
      severity: 'error',
      comment: 'Every import resolves (to a file of the project or a package in node_modules).',
      from: {},
      to: { couldNotResolve: true },
    },
    {
      name: 'no-non-package-json',
      severity: 'error',
      comment: 'Every package imported is listed in package.json (not only present as a transitive dependency).',
      from: {},
      to: { dependencyTypes: ['npm-no-pkg', 'npm-unknown'] },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(node_modules|cdk\\.out|dist)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      mainFields: ['module', 'main', 'types', 'typings'],
    },
  },
};
