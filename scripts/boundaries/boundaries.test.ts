import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { describeLoops, moduleLoops } from './module-loops.mjs';
import { describeForeignTables, foreignTablesInSql } from './sql-tables.mjs';

const fixture = fileURLToPath(new URL('./fixture', import.meta.url));
const config = fileURLToPath(new URL('../../.dependency-cruiser.cjs', import.meta.url));
const depcruise = fileURLToPath(new URL('../../node_modules/.bin/depcruise', import.meta.url));
const check = fileURLToPath(new URL('./check.mjs', import.meta.url));
const api = 'apps/api/src';
const web = 'apps/web/src';

interface Cruise {
  modules: { source: string; dependencies: { resolved: string; dependencyTypes: string[] }[] }[];
  summary: { violations: { from: string; to: string; rule: { name: string } }[] };
}

/** Runs a command in the fixture house: its exit code and what it printed. */
function inFixture(command: string, args: string[]): { exitCode: number; output: string } {
  try {
    return { exitCode: 0, output: execFileSync(command, args, { cwd: fixture, encoding: 'utf8' }) };
  } catch (error) {
    const failed = error as { status: number; stdout: string };
    return { exitCode: failed.status, output: failed.stdout };
  }
}

describe('the boundary check (npm run lint:boundaries)', () => {
  let cruise: Cruise;
  beforeAll(() => {
    const args = ['apps', 'packages', '--config', config, '--output-type', 'json'];
    cruise = JSON.parse(inFixture(depcruise, args).output) as Cruise;
  }, 60_000);

  it('fails on each kind of forbidden import, and only on those', () => {
    const violations = cruise.summary.violations.map((v) => `${v.rule.name}: ${v.from} -> ${v.to}`).sort();
    expect(violations).toEqual(
      [
        `api-through-module-faces: ${api}/app.ts -> ${api}/modules/orders/orders.service.ts`,
        `audit-imports-no-module: ${api}/modules/audit/audit.service.ts -> ${api}/modules/reviews/index.ts`,
        `contracts-only-zod: packages/contracts/src/index.ts -> ${web}/features/catalog/catalog-queries.ts`,
        `events-import-no-module: ${api}/events/facts.ts -> ${api}/modules/orders/index.ts`,
        `face-hides-the-repository: ${api}/modules/users/index.ts -> ${api}/modules/users/users.repository.ts`,
        `module-through-its-face: ${api}/modules/orders/orders.repository.ts -> ${api}/modules/users/users.repository.ts`,
        `module-through-its-face: ${api}/modules/users/buyers.ts -> ${api}/modules/orders/purchases.ts`,
        `no-cycle: ${api}/modules/reviews/ratings.ts -> ${api}/modules/reviews/reviews.service.ts`,
        `nothing-imports-audit: ${api}/modules/orders/orders.service.ts -> ${api}/modules/audit/index.ts`,
        `repository-owns-its-tables: ${api}/modules/orders/orders.repository.ts -> ${api}/db/schema/users.ts`,
        `repository-stays-in-its-module: ${api}/plugins/order-export.ts -> ${api}/modules/orders/orders.repository.ts`,
        `tables-only-in-repositories: ${api}/db/seed/seed.ts -> ${api}/db/schema/users.ts`,
        `web-feature-to-feature: ${web}/features/cart/cart-page.tsx -> ${web}/features/catalog/catalog-queries.ts`,
        `web-not-to-api: ${web}/lib/order-link.ts -> ${api}/modules/orders/index.ts`,
        `web-shared-to-feature: ${web}/components/product-carousel.tsx -> ${web}/features/catalog/catalog-queries.ts`,
      ].sort(),
    );
  });

  it('finds the loop two modules make through different files, a type-only import included', () => {
    expect(describeLoops(moduleLoops(cruise.modules))).toEqual([
      'module-loop: orders -> users -> orders',
      `  orders -> users: ${api}/modules/orders/orders.repository.ts -> ${api}/modules/users/users.repository.ts`,
      `  users -> orders: ${api}/modules/users/buyers.ts -> ${api}/modules/orders/purchases.ts (type only)`,
    ]);
  });

  it("finds the SQL that names another module's table, named or interpolated, and only that", () => {
    expect(foreignTablesInSql(fixture)).toEqual([
      {
        file: `${api}/modules/orders/orders.repository.ts`,
        line: 9,
        table: 'user',
        owner: 'users',
        how: 'interpolated',
      },
      {
        file: `${api}/modules/reviews/reviews.repository.ts`,
        line: 8,
        table: 'order_item',
        owner: 'orders',
        how: 'named',
      },
    ]);
  });

  it('fails the lint on any of the three, and prints every finding', () => {
    const { exitCode, output } = inFixture(process.execPath, [check, 'apps', 'packages']);
    expect(exitCode).toBe(1);
    expect(output).toContain('x 16 dependency violations (16 errors, 0 warnings)');
    expect(output).toContain(
      `error face-hides-the-repository: ${api}/modules/users/index.ts → ${api}/modules/users/users.repository.ts`,
    );
    expect(output).toContain(describeLoops(moduleLoops(cruise.modules)).join('\n'));
    expect(output).toContain(describeForeignTables(foreignTablesInSql(fixture)).join('\n'));
    expect(output).toContain(
      "1 loop(s) between modules, 2 place(s) where a module's SQL names another module's table",
    );
  });
});
