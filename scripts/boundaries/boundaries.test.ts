import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const fixture = fileURLToPath(new URL('./fixture', import.meta.url));
const config = fileURLToPath(new URL('../../.dependency-cruiser.cjs', import.meta.url));
const depcruise = fileURLToPath(new URL('../../node_modules/.bin/depcruise', import.meta.url));

interface Violation {
  from: string;
  to: string;
  rule: { name: string };
}

/** Runs the boundary check of `npm run lint` on the fixture house: its exit code and what it printed. */
function depcruiseOnFixture(outputType: 'err' | 'json'): { exitCode: number; output: string } {
  const args = ['apps', 'packages', '--config', config, '--output-type', outputType];
  try {
    return { exitCode: 0, output: execFileSync(depcruise, args, { cwd: fixture, encoding: 'utf8' }) };
  } catch (error) {
    const failed = error as { status: number; stdout: string };
    return { exitCode: failed.status, output: failed.stdout };
  }
}

/** Every violation in the fixture, as "rule: from -> to". */
function violations(): string[] {
  const { output } = depcruiseOnFixture('json');
  const result = JSON.parse(output) as { summary: { violations: Violation[] } };
  return result.summary.violations.map((v) => `${v.rule.name}: ${v.from} -> ${v.to}`).sort();
}

describe('the boundary check (npm run lint)', () => {
  it('fails on each kind of forbidden import, and only on those', () => {
    expect(depcruiseOnFixture('err').exitCode).not.toBe(0);
    const api = 'apps/api/src';
    const web = 'apps/web/src';
    expect(violations()).toEqual(
      [
        `audit-imports-no-module: ${api}/modules/audit/audit.service.ts -> ${api}/modules/users/users.service.ts`,
        `contracts-only-zod: packages/contracts/src/index.ts -> ${web}/features/catalog/catalog-queries.ts`,
        `module-through-its-face: ${api}/modules/orders/orders.repository.ts -> ${api}/modules/users/users.repository.ts`,
        `no-cycle: ${api}/modules/reviews/ratings.ts -> ${api}/modules/reviews/reviews.service.ts`,
        `nothing-imports-audit: ${api}/modules/orders/orders.service.ts -> ${api}/modules/audit/audit.service.ts`,
        `repository-owns-its-tables: ${api}/modules/orders/orders.repository.ts -> ${api}/db/schema/users.ts`,
        `web-feature-to-feature: ${web}/features/cart/cart-page.tsx -> ${web}/features/catalog/catalog-queries.ts`,
        `web-shared-to-feature: ${web}/components/product-carousel.tsx -> ${web}/features/catalog/catalog-queries.ts`,
      ].sort(),
    );
  });
});
