/**
 * Import rules of the project, checked by `npm run lint:deps` (dependency-cruiser).
 *
 * Layers (docs/architecture.md, "Layers"):
 * - the core: everything under `shared/` except the two adapters below. That is the domain folders
 *   (`DOMAIN_ORDER` below, lowest first), the data layer they write through (`shared/db/`) and the
 *   cross-cutting modules (`shared/errors.ts`, `shared/logger.ts`, `shared/validation.ts`, …).
 *   `shared/db` counts as core on purpose: it sits below the domain, so it must know neither HTTP
 *   nor OCPP either. The domain folders are ordered: a folder imports only folders below it, so
 *   there is no cycle between folders even where no two files form one (docs/architecture.md).
 * - the adapters: `shared/api/` (HTTP: routes, request schemas, problem documents) and
 *   `shared/ocpp/` (OCPP: frames, validators, dispatch, commands). They import the core, never the
 *   reverse: where the core needs an adapter's service (sending a command to a charger), it
 *   declares an interface that the adapter implements and the Lambda entry point injects.
 * - the entry points: `lambdas/` (Lambda handlers), `bin/` (CLIs), `lib/` (CDK stack, local
 *   stack, simulator, console). Nothing in `shared/` imports them.
 */
/** The core: `shared/` without its HTTP and OCPP adapters. */
const CORE = '^shared/(?!api/|ocpp/)';

/**
 * The domain folders under `shared/`, lowest first (docs/architecture.md "Domain folders"): each
 * imports only folders before it (and `shared/db`, the cross-cutting modules). `history/` sits
 * below `charging/`: charging writes a session's history through it in the session's own
 * transactions, and history reads sessions from the table, not through charging. `certificates/`
 * is the lowest: X.509, CSRs, OCSP and the admission decision need no other domain folder.
 */
const DOMAIN_ORDER = [
  'certificates',
  'organizations',
  'access',
  'departures',
  'smart-charging',
  'metering',
  'chargers',
  'maintenance-windows',
  'history',
  'charging',
  'charger-configuration',
  'site-power',
  'local-auth-list',
  'charger-logs',
  'charger-operations',
  'firmware-campaigns',
  'events',
  'alerts',
  'alert-recipients',
  'webhooks',
];

/** One rule per domain folder: it must not import a folder above it. */
const domainOrderRules = DOMAIN_ORDER.slice(0, -1).map((folder, index) => ({
  name: `domain-order-${folder}`,
  severity: 'error',
  comment:
    `shared/${folder}/ sits below ${DOMAIN_ORDER.slice(index + 1).join(', ')} (DOMAIN_ORDER): it imports none ` +
    'of them. Move the shared piece down (or into the importing folder), or depend on an interface.',
  from: { path: `^shared/${folder}/` },
  to: { path: `^shared/(${DOMAIN_ORDER.slice(index + 1).join('|')})/` },
}));

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    ...domainOrderRules,
    {
      name: 'domain-folder-ordered',
      severity: 'error',
      comment:
        'Every folder under shared/ is an adapter (api/, ocpp/), the data layer (db/) or a domain folder with its ' +
        'place in DOMAIN_ORDER: a new domain folder is added there, so its imports are checked.',
      from: { path: '^shared/[^/]+/', pathNot: `^shared/(api|ocpp|db|${DOMAIN_ORDER.join('|')})/` },
      to: {},
    },
    {
      name: 'cross-cutting-not-to-domain',
      severity: 'error',
      comment:
        'The cross-cutting modules directly in shared/ (errors, logger, validation, …) sit below every domain folder.',
      from: { path: '^shared/[^/]+\\.ts$' },
      to: { path: `^shared/(${DOMAIN_ORDER.join('|')})/` },
    },
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
