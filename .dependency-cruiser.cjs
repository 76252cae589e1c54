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
 * - the adapters: `shared/api/` (HTTP: route groups, problem documents) and `shared/ocpp/` (OCPP:
 *   frames, validators, dispatch, commands). They import the core, never the reverse: where the
 *   core needs an adapter's service (sending a command to a charger), it declares an interface
 *   that the adapter implements and the Lambda entry point injects. They import a domain folder
 *   through its face, its `index.ts`, as the entry points do.
 * - the entry points: `lambdas/` (Lambda handlers), `bin/` (CLIs), `lib/` (its applications:
 *   `aws/` the CDK app, `local/` the local stack, `simulator/`, `console/`). Nothing in `shared/`
 *   imports them.
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
  'charger-commands',
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
  'users',
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

/**
 * `lib/` holds four applications, a folder each: `aws/` (the CDK app), `local/` (the local stack),
 * `simulator/` (the charger simulator), `console/` (the operator console). The simulator and the
 * console import no other; the CDK app deploys the console's build and the local stack serves it
 * and seeds the simulator's depot, and neither imports the other.
 */
const LIB_APPLICATION_RULES = [
  ['simulator', 'aws|local|console'],
  ['console', 'aws|local|simulator'],
  ['aws', 'local|simulator'],
  ['local', 'aws'],
].map(([application, others]) => ({
  name: `lib-${application}-apart`,
  severity: 'error',
  comment: `lib/${application}/ is an application of its own: it imports nothing of lib/(${others})/.`,
  from: { path: `^lib/${application}/` },
  to: { path: `^lib/(${others})/` },
}));

/**
 * Each entry point in `bin/` starts one application: `app.ts` the CDK app (`lib/aws`), `local.ts`
 * the local stack (`lib/local`), `simulate.ts` the simulator (`lib/simulator`); the operator CLI
 * (`admin*.ts`, `cli-support.ts`) uses the domain's faces, and of `lib/` only the local stack's
 * defaults (the table and port it talks to unless told otherwise) and its people's accounts (the
 * user pool's stand-in, whose file `users invite` writes to); the generators use neither.
 */
const BIN_ENTRY_RULES = [
  ['cdk-app', 'app\\.ts', '^lib/(?!aws/)'],
  ['local-stack', 'local\\.ts', '^lib/(?!local/)'],
  ['simulator', 'simulate(-keys)?\\.ts', '^lib/(?!simulator/)'],
  ['operator-cli', '(admin[^/]*|cli-support)\\.ts', '^lib/(?!local/(defaults|identity/accounts)\\.ts$)'],
  ['generators', 'generate-[^/]*\\.ts', '^lib/'],
].map(([name, entry, refused]) => ({
  name: `bin-${name}-one-application`,
  severity: 'error',
  comment: 'Each bin/ entry point starts one application of lib/ (or none): see BIN_ENTRY_RULES.',
  from: { path: `^bin/${entry}$` },
  to: { path: refused },
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
      name: 'adapters-through-faces',
      severity: 'error',
      comment:
        'The adapters and entry points (shared/api, shared/ocpp, lambdas/, lib/, bin/) import a domain folder only ' +
        'through its face, its index.ts (smart-charging also has solver.ts, so that only the code that plans loads ' +
        'HiGHS, and charger-logs has s3-storage.ts, so that only the entry points that store logs load the S3 ' +
        'client): export what they need there. Tests may import the modules.',
      from: { path: '^(shared/(api|ocpp)|lambdas|lib|bin)/' },
      to: {
        path: `^shared/(${DOMAIN_ORDER.join('|')})/`,
        pathNot: [
          `^shared/(${DOMAIN_ORDER.join('|')})/index\\.ts$`,
          '^shared/smart-charging/solver\\.ts$',
          '^shared/charger-logs/s3-storage\\.ts$',
        ],
      },
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
        "(ChargerCommands, shared/charger-commands/, with each domain's catalogue in its own folder) that shared/ocpp implements.",
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
    ...LIB_APPLICATION_RULES,
    ...BIN_ENTRY_RULES,
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
