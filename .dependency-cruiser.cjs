/**
 * The shop's boundaries (DESIGN.md section 3, decision 28), checked by `npm run lint`. Each rule names the
 * boundary it keeps; scripts/boundaries/ holds a fixture that breaks every rule once and a test that the
 * check catches each.
 */
const API = '^apps/api/src/';
const MODULES = `${API}modules/`;
const WEB = '^apps/web/src/';
const TEST_FILE = '\\.test\\.tsx?$';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-cycle',
      severity: 'error',
      comment: 'A file may not import itself through others: no part of the shop depends on itself.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'module-through-its-face',
      severity: 'error',
      comment:
        'An API module reaches another only through its public face (<name>.service.ts or index.ts), never its repository, routes or internals.',
      from: { path: `${MODULES}([^/]+)/`, pathNot: TEST_FILE },
      to: {
        path: `${MODULES}[^/]+/`,
        pathNot: [`${MODULES}$1/`, '\\.service\\.ts$', `${MODULES}[^/]+/index\\.ts$`],
      },
    },
    {
      name: 'repository-owns-its-tables',
      severity: 'error',
      comment:
        "A repository queries only its own module's tables (db/schema/<module>.ts); another module's data is asked of that module's service.",
      from: { path: `${MODULES}([^/]+)/.*\\.repository\\.ts$` },
      to: { path: `${API}db/schema/`, pathNot: `${API}db/schema/$1\\.ts$` },
    },
    {
      name: 'tables-only-in-repositories',
      severity: 'error',
      comment:
        "Only repositories (and the database layer) touch the tables; services and routes call a repository. Better Auth's adapter (auth/auth.ts) is the auth module's own data access to its tables.",
      from: { path: MODULES, pathNot: [`\\.repository\\.ts$`, `${MODULES}auth/auth\\.ts$`, TEST_FILE] },
      to: { path: `${API}db/schema/` },
    },
    {
      name: 'audit-imports-no-module',
      severity: 'error',
      comment: 'The audit trail is a subscriber of domain events: it knows no other module.',
      from: { path: `${MODULES}audit/`, pathNot: TEST_FILE },
      to: { path: MODULES, pathNot: `${MODULES}audit/` },
    },
    {
      name: 'nothing-imports-audit',
      severity: 'error',
      comment: 'Modules publish facts; the composition root subscribes the audit trail to them.',
      from: { path: MODULES, pathNot: [`${MODULES}audit/`, TEST_FILE] },
      to: { path: `${MODULES}audit/` },
    },
    {
      name: 'events-import-no-module',
      severity: 'error',
      comment: 'The domain events are the common language of the modules: they import none of them.',
      from: { path: `${API}events/` },
      to: { path: MODULES },
    },
    {
      name: 'web-feature-to-feature',
      severity: 'error',
      comment: 'Web features never import each other: what two share moves down to components/ or lib/.',
      from: { path: `${WEB}features/([^/]+)/` },
      to: { path: `${WEB}features/`, pathNot: `${WEB}features/$1/` },
    },
    {
      name: 'web-shared-to-feature',
      severity: 'error',
      comment: 'components/ and lib/ sit below the features and never import one.',
      from: { path: `${WEB}(components|lib)/` },
      to: { path: `${WEB}(features|app)/` },
    },
    {
      name: 'web-not-to-api',
      severity: 'error',
      comment: 'The web talks to the API over HTTP; what both need lives in packages/contracts.',
      from: { path: '^apps/web/' },
      to: { path: '^apps/api/' },
    },
    {
      name: 'contracts-only-zod',
      severity: 'error',
      comment: 'The contracts are shared by both apps and depend only on zod.',
      from: { path: '^packages/contracts/' },
      to: { pathNot: ['^packages/contracts/', '^node_modules/zod/'] },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['/dist/', '/dist-server/', '/node_modules/', '^scripts/boundaries/fixture/'] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
