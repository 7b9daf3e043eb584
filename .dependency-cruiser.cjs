// Import direction (docs/conventions.md#layer-rules): contracts → lib/components → cross-cutting subsystems → features → app on the
// web; plugins/db/lib → modules → admin/ (the operator CLI), seed/ and app.ts on the server, test helpers for tests
// only; the capture engine knows no capture module. Run by `npm run lint`.
// Tests may reach across layers to set up what they test; the cycle rule holds for them too.
const TEST = '\\.test\\.tsx?$';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'A file cycle makes load order matter and hides which side owns a rule.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'contracts-import-no-app',
      severity: 'error',
      comment: 'Contracts are shared by both sides: zod schemas and pure rules only.',
      from: { path: '^packages/contracts/' },
      to: { path: '^apps/' },
    },
    {
      name: 'web-features-independent',
      severity: 'error',
      comment: 'Features never import each other; what two features share lives in a lower layer.',
      from: { path: '^apps/web/src/features/([^/]+)/' },
      to: { path: '^apps/web/src/features/([^/]+)/', pathNot: '^apps/web/src/features/$1/' },
    },
    {
      name: 'web-lib-is-the-floor',
      severity: 'error',
      comment: 'lib/ (API client, auth, format helpers) imports no app layer; start-up wiring belongs in app/.',
      from: { path: '^apps/web/src/lib/', pathNot: TEST },
      to: { path: '^apps/web/src/(app|features|capture|articles|session|scanner|offline|pwa|components|i18n)/' },
    },
    {
      name: 'web-subsystems-below-features',
      severity: 'error',
      comment: 'Cross-cutting subsystems serve features and app; they never reach up into them.',
      from: { path: '^apps/web/src/(capture|articles|session|scanner|offline|pwa|components|lib)/', pathNot: TEST },
      to: { path: '^apps/web/src/(app|features)/' },
    },
    {
      name: 'web-components-no-device-db',
      severity: 'error',
      comment:
        'A screen never opens the device database: it reads and writes captures through capture/hooks ' +
        '(the device store bound to the database), so the tables and their indexes have one owner.',
      from: {
        path: '^apps/web/src/(components|[^/]+/components|features/[^/]+/components|features/[^/]+/[^/]+/components)/',
        pathNot: TEST,
      },
      to: {
        path: '^apps/web/src/offline/(db|lazy-db|captures/(capture-db|capture-store|capture-queries|rejected))\\.ts$',
      },
    },
    {
      name: 'web-features-no-capture-store',
      severity: 'error',
      comment: 'A feature uses the capture engine through capture/hooks and its module API, never offline/captures.',
      from: { path: '^apps/web/src/features/', pathNot: TEST },
      to: { path: '^apps/web/src/offline/captures/' },
    },
    {
      name: 'offline-knows-no-session-or-capture',
      severity: 'error',
      comment:
        'The device store sits below the session and the capture engine: what it needs from them (the signed-in ' +
        'user) the app hands it at start (app/device-session-source.ts).',
      from: { path: '^apps/web/src/offline/', pathNot: TEST },
      to: { path: '^apps/web/src/(session|capture)/' },
    },
    {
      name: 'server-lower-layers-no-modules',
      severity: 'error',
      comment: 'db/, lib/, config/ and plugins/ serve the modules; a module registers itself in app.ts.',
      from: { path: '^apps/server/src/(db|lib|config|plugins)/', pathNot: TEST },
      to: { path: '^apps/server/src/modules/' },
    },
    {
      name: 'server-admin-cli-on-top',
      severity: 'error',
      comment:
        'The operator CLI (admin/) drives the server from outside: it imports the command registry ' +
        '(modules/admin-commands.ts) and the app; only app.ts (its socket) and tests import it. A command ' +
        'implements lib/admin-command.ts and never reaches up into admin/.',
      from: {
        path: '^apps/server/src/',
        pathNot: ['^apps/server/src/(admin|test)/', '^apps/server/src/app\\.ts$', TEST],
      },
      to: { path: '^apps/server/src/admin/' },
    },
    {
      name: 'server-seed-on-top',
      severity: 'error',
      comment:
        'The seed writes demo data into every table (docs/architecture.md#table-owners allows it that); only ' +
        'app.ts (an empty database at start) and tests run it, so no module depends on demo data.',
      from: {
        path: '^apps/server/src/',
        pathNot: ['^apps/server/src/(seed|test)/', '^apps/server/src/app\\.ts$', TEST],
      },
      to: { path: '^apps/server/src/seed/' },
    },
    {
      name: 'server-production-no-test-helpers',
      severity: 'error',
      comment:
        'Test helpers (apps/server/src/test/, *.test-helper.ts) serve tests only; the running server loads none.',
      from: { path: '^apps/server/src/', pathNot: ['^apps/server/src/test/', TEST, '\\.test-helper\\.ts$'] },
      to: { path: ['^apps/server/src/test/', '\\.test-helper\\.ts$'] },
    },
    {
      name: 'capture-engine-knows-no-module',
      severity: 'error',
      comment:
        'The capture engine holds no module branch: modules hand it their policy in modules/capture-modules.ts. It uses only the ' +
        'cross-cutting modules (module config, notifications, the article catalogue, the ERP event feed), so a new capture module ' +
        'needs no change here.',
      from: { path: '^apps/server/src/modules/captures/', pathNot: TEST },
      to: {
        path: '^apps/server/src/modules/',
        pathNot: '^apps/server/src/modules/(captures|module-config|notifications|articles|integration-events)/',
      },
    },
    {
      name: 'event-feed-below-the-documents',
      severity: 'error',
      comment:
        'The event feed (integration-events) is what capture exports and bookings record into; the ERP documents that ' +
        'read them back live in erp-documents. The feed importing the documents would close a loop between the folders.',
      from: { path: '^apps/server/src/modules/integration-events/', pathNot: TEST },
      to: { path: '^apps/server/src/modules/(captures|delivery-notes|erp-documents)/' },
    },
    {
      name: 'routes-call-services',
      severity: 'error',
      comment: 'routes → service → repository: a route validates and calls its service, never SQL.',
      from: { path: '^apps/server/src/modules/.+\\.routes\\.ts$' },
      to: { path: '\\.repository\\.ts$' },
    },
    {
      name: 'server-modules-read-through-services',
      severity: 'error',
      comment:
        "A module reads another module's data through that module's service, never its SQL: the owner keeps its " +
        'tables free to change.',
      from: { path: '^apps/server/src/modules/([^/]+)/', pathNot: TEST },
      to: { path: '^apps/server/src/modules/([^/]+)/.*\\.repository\\.ts$', pathNot: '^apps/server/src/modules/$1/' },
    },
    {
      name: 'repositories-are-the-bottom',
      severity: 'error',
      comment: 'A repository holds SQL only; it calls no service and no route.',
      from: { path: '\\.repository\\.ts$' },
      to: { path: '\\.(service|routes)\\.ts$' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist|test-results)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default'] },
  },
};
