/**
 * The shop's boundaries (DESIGN.md section 3, decision 28), checked by `npm run lint:boundaries`
 * (scripts/boundaries/check.mjs). Each rule below names the boundary it keeps; two more checks run on the
 * same cruise, in scripts/boundaries/:
 * - module-loop (module-loops.mjs): every API module (apps/api/src/modules/<name>) counts as one node, every
 *   other file of apps/api/src as its own; no loop may pass through a module, directly (orders -> returns
 *   -> orders) or through others, type-only imports included, tests left out.
 * - sql-foreign-table (sql-tables.mjs): the SQL a module writes itself (sql`…` templates, sql.raw and
 *   strings handed to .execute / .query) names only its own tables, the pgTable names of
 *   db/schema/<module>.ts, and interpolates no other module's table object; the migrations are exempt.
 * scripts/boundaries/fixture/ is a small house that breaks every rule once, and
 * scripts/boundaries/boundaries.test.ts checks that each is caught.
 *
 * An API module's face is its index.ts and nothing else. The tests (*.test.ts, apps/api/src/test/) may
 * set up data through any module; the rules apply to the code that ships (cycles are checked everywhere).
 */
const API = '^apps/api/src/';
const MODULES = `${API}modules/`;
const FACE = `${MODULES}[^/]+/index\\.ts$`;
const REPOSITORY = '\\.repository\\.ts$';
const MODULE_REPOSITORY = `${MODULES}[^/]+/.*${REPOSITORY}`;
const TABLES = `${API}db/schema/`;
/** The database layer builds the client and the migrations from the tables. */
const DB_LAYER = [`${API}db/client\\.ts$`, `${API}db/transaction\\.ts$`, TABLES, `${API}db/migrations/`];
/** Better Auth's adapter is the auth module's own data access to its tables (and the user's). */
const AUTH_ADAPTER = `${MODULES}auth/auth\\.ts$`;
const TESTS = ['\\.test\\.tsx?$', `${API}test/`];
const WEB = '^apps/web/src/';

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
        'An API module reaches another only through its face, modules/<name>/index.ts, never its services, repository, routes or other files.',
      from: { path: `${MODULES}([^/]+)/`, pathNot: TESTS },
      to: { path: MODULES, pathNot: [`${MODULES}$1/`, FACE] },
    },
    {
      name: 'api-through-module-faces',
      severity: 'error',
      comment:
        'The rest of the API (app.ts, wiring.ts, server.ts, config.ts, plugins, events, lib, db and its seed) reaches a module only through its face, modules/<name>/index.ts (a repository: see repository-stays-in-its-module).',
      from: { path: API, pathNot: [MODULES, ...TESTS] },
      to: { path: MODULES, pathNot: [FACE, REPOSITORY] },
    },
    {
      name: 'face-hides-the-repository',
      severity: 'error',
      comment:
        "A module's face exposes its commands and queries, never its data access: index.ts neither imports nor re-exports a repository.",
      from: { path: FACE },
      to: { path: REPOSITORY },
    },
    {
      name: 'repository-owns-its-tables',
      severity: 'error',
      comment:
        "A repository queries only its own module's tables (db/schema/<module>.ts); another module's data is asked of that module's face.",
      from: { path: `${MODULES}([^/]+)/.*${REPOSITORY}` },
      to: { path: TABLES, pathNot: `${TABLES}$1\\.ts$` },
    },
    {
      name: 'tables-only-in-repositories',
      severity: 'error',
      comment:
        "Only a module's repositories touch its tables: services, routes and everything outside the modules (plugins, seed, config, lib, app, wiring) call a face. The database layer (db/client.ts, db/transaction.ts, db/schema/, the migrations) and Better Auth's adapter (auth/auth.ts) are the exceptions.",
      from: { path: API, pathNot: [MODULE_REPOSITORY, AUTH_ADAPTER, ...DB_LAYER, ...TESTS] },
      to: { path: TABLES },
    },
    {
      name: 'repository-stays-in-its-module',
      severity: 'error',
      comment:
        "Nothing outside a module imports its repository: plugins, seed, config, lib, app and wiring ask the module's face.",
      from: { path: API, pathNot: [MODULES, ...TESTS] },
      to: { path: `${API}.*${REPOSITORY}` },
    },
    {
      name: 'audit-imports-no-module',
      severity: 'error',
      comment: 'The audit trail is a subscriber of domain events: it knows no other module.',
      from: { path: `${MODULES}audit/`, pathNot: TESTS },
      to: { path: MODULES, pathNot: `${MODULES}audit/` },
    },
    {
      name: 'nothing-imports-audit',
      severity: 'error',
      comment: 'Modules publish facts; the composition root subscribes the audit trail to them.',
      from: { path: MODULES, pathNot: [`${MODULES}audit/`, ...TESTS] },
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
